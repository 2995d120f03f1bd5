import { ADMIN_MESSAGES } from '#shared/admin-messages';
import type { University } from '#shared/schemas';
import { fold } from '#shared/text';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useDocumentMeta } from '@/lib/document-meta';
import { useDeleteUniversity } from '../api/delete-university';
import { useAdminUniversities } from '../api/get-admin-universities';
import { useJob } from '../api/jobs';
import { JobProgress } from '../components/job-progress';
import { MeetingPointsDialog } from '../components/meeting-points-dialog';
import { UNIVERSITIES_TEXTS, UniversitiesTable } from '../components/universities-table';
import { type UniversityForm, UniversityEditor } from '../components/university-editor';
import { EMPTY_UNIVERSITY, type UniversityFormValues } from '../components/university-form-dialog';
import { messageOf } from '../errors';
import { plural } from '../format';

const toValues = (u: University): UniversityFormValues => ({
  id: u.id,
  name: u.name,
  full_name: u.full_name,
  email_domain: u.email_domain,
  city: u.city ?? '',
  logo: u.logo ?? '',
});

/** One university being deleted in the background: its job's progress until it ends. */
function Deletion({ name, jobId }: { name: string; jobId: string }) {
  const job = useJob(jobId);
  return (
    <div className="admin-card">
      <JobProgress label={`Eliminando ${name} y sus productos`} job={job.data ?? { status: 'queued', processed: 0 }} />
      {job.data?.status === 'failed' && (
        <p className="field__error" role="alert">
          {job.data.error ?? ADMIN_MESSAGES.unexpected}
        </p>
      )}
    </div>
  );
}

/**
 * The spec's 'Gestión de Universidades': count, search, the table (5-row skeleton, empty text),
 * 'Agregar Universidad' and the create/edit dialog, deletion with confirmation and its toasts. A
 * deleted university leaves the table at once; its products go in a background job shown above it.
 */
export default function Universities() {
  useDocumentMeta(UNIVERSITIES_TEXTS.title);
  const { toast } = useToast();
  const list = useAdminUniversities();
  const remove = useDeleteUniversity();
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<UniversityForm | null>(null);
  const [toDelete, setToDelete] = useState<University | null>(null);
  const [meetingPointsOf, setMeetingPointsOf] = useState<University | null>(null);

  const items = list.data?.items ?? [];
  const deleting = items.filter((u) => u.deleting_job_id);
  const listed = items.filter((u) => !u.deleting_job_id);
  const shown = useMemo(() => {
    const needle = fold(query.trim());
    return listed.filter(
      (u) => !needle || fold(`${u.id} ${u.name} ${u.full_name} ${u.email_domain}`).includes(needle),
    );
  }, [listed, query]);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Éxito', description: ADMIN_MESSAGES.universityDeleted }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: ADMIN_MESSAGES.universityDeleteFailed.replace('{reason}', messageOf(err)),
          variant: 'destructive',
        }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1 className="page-title">{UNIVERSITIES_TEXTS.title}</h1>
          <p className="muted">{list.data ? plural(listed.length, 'universidad', 'universidades') : '\u00a0'}</p>
        </div>
        <Button onClick={() => setForm({ mode: 'create', initial: EMPTY_UNIVERSITY })}>{UNIVERSITIES_TEXTS.add}</Button>
      </header>
      {deleting.map((u) => (
        <Deletion key={u.id} name={u.name} jobId={u.deleting_job_id ?? ''} />
      ))}
      <div className="admin-toolbar">
        <input
          type="search"
          className="input"
          placeholder={UNIVERSITIES_TEXTS.search}
          aria-label={UNIVERSITIES_TEXTS.search}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {list.isError ? (
        <p className="field__error" role="alert">
          {ADMIN_MESSAGES.universitiesLoadFailed}
        </p>
      ) : (
        <UniversitiesTable
          universities={shown}
          loading={list.isPending}
          onEdit={(u) => setForm({ mode: 'edit', initial: toValues(u) })}
          onDelete={setToDelete}
          onMeetingPoints={setMeetingPointsOf}
        />
      )}
      {form && <UniversityEditor form={form} onClose={() => setForm(null)} />}
      {meetingPointsOf && (
        <MeetingPointsDialog university={meetingPointsOf} onClose={() => setMeetingPointsOf(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="¿Eliminar universidad?"
        description={
          toDelete ? `Se eliminará ${toDelete.full_name} y todos sus productos. Esta acción no se puede deshacer.` : ''
        }
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
