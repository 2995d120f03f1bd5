import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Field } from '@/components/form/field';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface UniversityFormValues {
  id: string;
  name: string;
  full_name: string;
  email_domain: string;
  city: string;
  logo: string;
}

export const EMPTY_UNIVERSITY: UniversityFormValues = {
  id: '',
  name: '',
  full_name: '',
  email_domain: '',
  city: '',
  logo: '',
};

export type UniversityFieldErrors = Partial<Record<keyof UniversityFormValues, string>>;

export interface UniversityFormDialogProps {
  open: boolean;
  mode: 'create' | 'edit';
  /** The values each opening starts from (keep the object stable while the dialog is open). */
  initial: UniversityFormValues;
  busy: boolean;
  /** The server's answer to the last submit: its message and the fields it named. */
  serverError?: { message: string; fields: UniversityFieldErrors } | null;
  /** Client-side check with the shared schema; an empty object when the values may be sent. */
  validate: (values: UniversityFormValues) => UniversityFieldErrors;
  onSubmit: (values: UniversityFormValues) => void;
  onClose: () => void;
  /** Below the form (the university's history when editing). */
  children?: ReactNode;
}

const LABELS: Record<keyof UniversityFormValues, string> = {
  id: 'ID',
  name: 'Nombre corto',
  full_name: 'Nombre completo',
  email_domain: 'Dominio de correo',
  city: 'Ciudad (opcional)',
  logo: 'Logo (URL, opcional)',
};

const PLACEHOLDERS: Record<keyof UniversityFormValues, string> = {
  id: 'ej: ucab',
  name: 'ej: UCAB',
  full_name: 'ej: Universidad Católica Andrés Bello',
  email_domain: 'ej: est.ucab.edu.ve',
  city: 'ej: Caracas',
  logo: 'https://...',
};

const FIELDS = Object.keys(LABELS) as (keyof UniversityFormValues)[];

/**
 * 'Nueva Universidad' / 'Crear', or 'Editar Universidad' / 'Actualizar' with the id disabled (an id
 * is fixed once created). Checks the values with the shared schema first, then shows the server's
 * message when it refuses them; nothing changes until the server accepts.
 */
export function UniversityFormDialog({
  open,
  mode,
  initial,
  busy,
  serverError,
  validate,
  onSubmit,
  onClose,
  children,
}: UniversityFormDialogProps) {
  const [values, setValues] = useState<UniversityFormValues>(initial);
  const [errors, setErrors] = useState<UniversityFieldErrors>({});

  // Every opening starts from the given values ('Agregar Universidad' resets the form to empty).
  useEffect(() => {
    if (open) {
      setValues(initial);
      setErrors({});
    }
  }, [open, initial]);

  const editing = mode === 'edit';
  const shown: UniversityFieldErrors = { ...errors, ...(serverError?.fields ?? {}) };
  const set = (key: keyof UniversityFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <Dialog open={open} onClose={onClose} title={editing ? 'Editar Universidad' : 'Nueva Universidad'}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {FIELDS.map((key) => (
          <Field
            key={key}
            label={LABELS[key]}
            name={key}
            value={values[key]}
            placeholder={PLACEHOLDERS[key]}
            onChange={set(key)}
            disabled={key === 'id' && editing}
            required={key !== 'city' && key !== 'logo'}
            type={key === 'logo' ? 'url' : 'text'}
            autoCapitalize={key === 'id' || key === 'email_domain' || key === 'logo' ? 'none' : undefined}
            error={shown[key]}
          />
        ))}
        {serverError && Object.keys(serverError.fields).length === 0 && (
          <p className="field__error" role="alert">
            {serverError.message}
          </p>
        )}
        <div className="dialog__footer">
          <button type="button" className={buttonClass('outline')} onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Guardando...' : editing ? 'Actualizar' : 'Crear'}
          </button>
        </div>
      </form>
      {children}
    </Dialog>
  );
}
