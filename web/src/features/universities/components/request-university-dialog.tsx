import { type FormEvent, useState } from 'react';
import { type UniversityRequestInput, universityRequestInputSchema } from '#shared/schemas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useCreateUniversityRequest } from '../api/create-university-request';

type FieldName = keyof UniversityRequestInput;
const EMPTY: Record<FieldName, string> = {
  university_name: '',
  university_full_name: '',
  email_domain: '',
  city: '',
  additional_info: '',
};

const FIELDS: { name: FieldName; label: string; placeholder: string; required: boolean }[] = [
  { name: 'university_name', label: 'Nombre corto', placeholder: 'Ej: UNEXPO', required: true },
  {
    name: 'university_full_name',
    label: 'Nombre completo',
    placeholder: 'Ej: Universidad Nacional Experimental Politécnica',
    required: true,
  },
  { name: 'email_domain', label: 'Dominio de correo', placeholder: 'Ej: unexpo.edu.ve', required: true },
  { name: 'city', label: 'Ciudad', placeholder: 'Ej: Caracas', required: true },
];

export function RequestUniversityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const mutation = useCreateUniversityRequest();
  const { toast } = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = universityRequestInputSchema.safeParse({
      ...values,
      additional_info: values.additional_info.trim() || null,
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Solicitud enviada',
          description: 'Revisaremos tu solicitud y te avisaremos cuando tu universidad esté disponible.',
        });
        setValues(EMPTY);
        onClose();
      },
      onError: () =>
        toast({ title: 'Error al enviar la solicitud. Inténtalo de nuevo.', variant: 'destructive' }),
    });
  };

  const set = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Solicitar nueva universidad"
      description="¿No encuentras tu universidad? Envíanos sus datos y la agregaremos."
    >
      <form className="stack" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`request-${f.name}`}>{f.label} *</label>
            <input
              id={`request-${f.name}`}
              className="input"
              value={values[f.name]}
              placeholder={f.placeholder}
              required={f.required}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `request-${f.name}-error` : undefined}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {errors[f.name] && (
              <span id={`request-${f.name}-error`} className="field__error">
                {errors[f.name]}
              </span>
            )}
          </div>
        ))}
        <div className="field">
          <label htmlFor="request-additional_info">Información adicional (opcional)</label>
          <textarea
            id="request-additional_info"
            className="textarea"
            value={values.additional_info}
            onChange={(e) => set('additional_info', e.target.value)}
          />
        </div>
        <div className="dialog__footer">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Enviando...' : 'Enviar solicitud'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
