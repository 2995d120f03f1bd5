import { universityCreateBodySchema, universityUpdateBodySchema } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { type SaveUniversity, useSaveUniversity } from '../api/save-university';
import { fieldsOf, issuesToFields, messageOf } from '../errors';
import { EntityHistory } from './entity-history';
import { type UniversityFieldErrors, UniversityFormDialog, type UniversityFormValues } from './university-form-dialog';

/** What the editor opens with: a new university (maybe from an approved request) or one to edit. */
export type UniversityForm = { mode: 'create' | 'edit'; initial: UniversityFormValues; requestId?: string };

const toBody = (v: UniversityFormValues) => ({
  name: v.name,
  full_name: v.full_name,
  email_domain: v.email_domain,
  city: v.city,
  logo: v.logo,
});

/** The form's values as the request they would make, checked with the server's own schema. */
export function toSave(
  form: UniversityForm,
  v: UniversityFormValues,
): { save?: SaveUniversity; errors: UniversityFieldErrors } {
  if (form.mode === 'edit') {
    const parsed = universityUpdateBodySchema.safeParse(toBody(v));
    return parsed.success
      ? { save: { mode: 'edit', id: form.initial.id, body: parsed.data }, errors: {} }
      : { errors: issuesToFields(parsed.error.issues) };
  }
  const parsed = universityCreateBodySchema.safeParse({
    id: v.id,
    ...toBody(v),
    ...(form.requestId ? { request_id: form.requestId } : {}),
  });
  return parsed.success
    ? { save: { mode: 'create', body: parsed.data }, errors: {} }
    : { errors: issuesToFields(parsed.error.issues) };
}

/**
 * The create/edit dialog wired to the API: the shared schema checks first, then the server; its
 * refusal shows in the dialog (on the field it names) and nothing changes; success toasts and closes.
 */
export function UniversityEditor({ form, onClose }: { form: UniversityForm; onClose: () => void }) {
  const { toast } = useToast();
  const save = useSaveUniversity();
  const [serverError, setServerError] = useState<{ message: string; fields: UniversityFieldErrors } | null>(null);

  const submit = (v: UniversityFormValues) => {
    const { save: input } = toSave(form, v);
    if (!input) return;
    setServerError(null);
    save.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'Éxito',
          description: input.mode === 'create' ? ADMIN_MESSAGES.universityCreated : ADMIN_MESSAGES.universityUpdated,
        });
        onClose();
      },
      onError: (err) => setServerError({ message: messageOf(err), fields: fieldsOf(err) }),
    });
  };

  return (
    <UniversityFormDialog
      open
      mode={form.mode}
      initial={form.initial}
      busy={save.isPending}
      serverError={serverError}
      validate={(v) => toSave(form, v).errors}
      onSubmit={submit}
      onClose={onClose}
    >
      {form.mode === 'edit' && <EntityHistory type="university" id={form.initial.id} />}
    </UniversityFormDialog>
  );
}
