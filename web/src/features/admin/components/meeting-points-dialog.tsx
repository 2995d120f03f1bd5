import { type FormEvent, useState } from 'react';
import type { MeetingPoint } from '#shared/trust';
import { meetingPointBodySchema } from '#shared/trust';
import { Field } from '@/components/form/field';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useMeetingPoints } from '@/lib/api/get-meeting-points';
import { useDeleteMeetingPoint, useSaveMeetingPoint } from '../api/meeting-points';
import { fieldsOf, issuesToFields, messageOf } from '../errors';

interface Values {
  name: string;
  description: string;
  hours: string;
}
const EMPTY: Values = { name: '', description: '', hours: '' };

/**
 * A university's safe meeting points in the admin area (decision 032): the list, each editable and
 * deletable, and the form that adds one. Every change is audited under the university.
 */
export function MeetingPointsDialog({
  university,
  onClose,
}: {
  university: { id: string; name: string };
  onClose: () => void;
}) {
  const points = useMeetingPoints(university.id);
  const save = useSaveMeetingPoint();
  const remove = useDeleteMeetingPoint();
  const { toast } = useToast();
  const [editing, setEditing] = useState<MeetingPoint | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  const startEdit = (p: MeetingPoint | null) => {
    setEditing(p);
    setValues(p ? { name: p.name, description: p.description ?? '', hours: p.hours ?? '' } : EMPTY);
    setErrors({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = meetingPointBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      editing
        ? { mode: 'edit', universityId: university.id, pointId: editing.id, body: parsed.data }
        : { mode: 'create', universityId: university.id, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Punto de encuentro actualizado' : 'Punto de encuentro agregado' });
          startEdit(null);
        },
        onError: (err) => {
          setErrors(fieldsOf(err));
          toast({ title: 'Error', description: messageOf(err), variant: 'destructive' });
        },
      },
    );
  };

  const onDelete = (p: MeetingPoint) =>
    remove.mutate(
      { universityId: university.id, pointId: p.id },
      {
        onSuccess: () => {
          toast({ title: 'Punto de encuentro eliminado' });
          if (editing?.id === p.id) startEdit(null);
        },
        onError: (err) => toast({ title: 'Error', description: messageOf(err), variant: 'destructive' }),
      },
    );

  const items = points.data?.items ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Puntos de encuentro · ${university.name}`}
      description="Lugares públicos del campus que el comprador puede proponer al contactar al vendedor."
    >
      {points.isError ? (
        <p className="field__error" role="alert">
          No se pudieron cargar los puntos de encuentro.
        </p>
      ) : points.isPending ? (
        <p className="muted">Cargando...</p>
      ) : items.length === 0 ? (
        <p className="muted">Esta universidad aún no tiene puntos de encuentro.</p>
      ) : (
        <ul className="admin-meeting-points">
          {items.map((p) => (
            <li key={p.id} className="admin-meeting-points__item">
              <div>
                <p className="admin-entity__name">{p.name}</p>
                {(p.description || p.hours) && (
                  <p className="muted">
                    {[p.description, p.hours && `Horario: ${p.hours}`].filter(Boolean).join(' · ')}
                  </p>
                )}
              </div>
              <div className="admin-actions">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => startEdit(p)}
                  aria-label={`Editar ${p.name}`}
                >
                  Editar
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => onDelete(p)}
                  disabled={remove.isPending}
                  aria-label={`Eliminar ${p.name}`}
                >
                  Eliminar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <h3>{editing ? `Editar «${editing.name}»` : 'Agregar punto de encuentro'}</h3>
        <Field
          label="Nombre"
          placeholder="ej: Entrada de la Biblioteca Central"
          maxLength={200}
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
          error={errors.name}
        />
        <Field
          label="Descripción (opcional)"
          placeholder="ej: Frente a los torniquetes"
          maxLength={500}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
          error={errors.description}
        />
        <Field
          label="Horario (opcional)"
          placeholder="ej: Lunes a viernes, 7:00 a 18:00"
          maxLength={200}
          value={values.hours}
          onChange={(e) => setValues({ ...values, hours: e.target.value })}
          error={errors.hours}
        />
        <div className="admin-actions">
          {editing && (
            <button type="button" className={buttonClass('outline')} onClick={() => startEdit(null)}>
              Cancelar edición
            </button>
          )}
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? 'Guardando...' : editing ? 'Guardar cambios' : 'Agregar punto'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
