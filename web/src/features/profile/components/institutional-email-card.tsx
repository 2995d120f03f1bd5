import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ACCOUNT_MESSAGES, type Profile } from '#shared/account-schemas';
import { Field } from '@/components/form/field';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useSetProfile } from '@/lib/api/get-profile';
import { useUniversities } from '@/lib/api/get-universities';
import { useInstitutionalStatus } from '../api/get-institutional-status';
import { institutionalEmailError } from '../schemas';
import { InstitutionalCodeStep, useSendInstitutionalCode, VERIFIED_TOAST } from './institutional-code-step';

/** Spec: while unverified with a code out, a check every 5 seconds looks for a verified record. */
export const STATUS_POLL_MS = 5000;

interface Pending {
  email: string;
  universityId: string;
}

/** The code step survives a reload of this tab (the code stays valid for 30 minutes). */
const pendingKey = (userId: string) => `institutionalPending:${userId}`;

function readPending(userId: string): Pending | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(pendingKey(userId));
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { email, universityId } = value as Record<string, unknown>;
    return typeof email === 'string' && typeof universityId === 'string' ? { email, universityId } : null;
  } catch {
    return null;
  }
}

function writePending(userId: string, pending: Pending | null): void {
  try {
    if (pending) globalThis.sessionStorage?.setItem(pendingKey(userId), JSON.stringify(pending));
    else globalThis.sessionStorage?.removeItem(pendingKey(userId));
  } catch {
    // Storage refused: the step simply does not survive a reload.
  }
}

/**
 * 'Correo Institucional': choose the university, give an address of its domain, type the e-mailed
 * code. Verified, it shows the 'Verificado' badge with the address and university read-only.
 * A code typed on another device (or tab) is noticed by the 5-second status check.
 */
export function InstitutionalEmailCard({
  profile,
  defaultUniversityId,
}: {
  profile: Profile;
  defaultUniversityId: string | null;
}) {
  const { toast } = useToast();
  const setProfile = useSetProfile();
  const sendInstitutionalCode = useSendInstitutionalCode();
  const universities = useUniversities();
  const selectId = useId();
  const [universityId, setUniversityId] = useState(profile.university_id ?? defaultUniversityId ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ field: 'university' | 'email'; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPendingState] = useState<Pending | null>(() => readPending(profile.user_id));
  const userId = profile.user_id;
  const setPending = useCallback(
    (next: Pending | null) => {
      writePending(userId, next);
      setPendingState(next);
    },
    [userId],
  );

  const status = useInstitutionalStatus(profile.user_id, {
    enabled: pending !== null && !profile.university_email_verified,
    pollMs: STATUS_POLL_MS,
  });

  useEffect(() => {
    const found = status.data;
    if (!found?.university_email_verified || profile.university_email_verified) return;
    setProfile({ ...profile, ...found });
    setPending(null);
    toast({ title: VERIFIED_TOAST });
  }, [status.data, profile, setProfile, toast, setPending]);

  const verifiedUniversity = universities.data?.find((u) => u.id === profile.university_id);
  const chosenDomain = universities.data?.find((u) => u.id === universityId)?.email_domain;

  if (profile.university_email_verified)
    return (
      <section className="profile-card" aria-labelledby={`${selectId}-title`}>
        <div className="profile-card__row">
          <h2 id={`${selectId}-title`}>Correo Institucional</h2>
          <Badge className="badge--success">Verificado</Badge>
        </div>
        <dl>
          <dt>Correo institucional</dt>
          <dd>{profile.university_email}</dd>
          <dt>Universidad</dt>
          <dd>{verifiedUniversity?.full_name ?? profile.university_id}</dd>
        </dl>
        <p className="muted">Ya puedes publicar productos en tu universidad.</p>
      </section>
    );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = institutionalEmailError(universityId, email, universities.data ?? []);
    setError(problem);
    if (problem) return;
    setSending(true);
    const address = email.trim().toLowerCase();
    try {
      if (await sendInstitutionalCode(universityId, address)) setPending({ email: address, universityId });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>Correo Institucional</h2>
      {profile.university_email_ended && (
        // Why a verification ended without the person (decision 042): the address stays, unverified.
        <p className="profile-card__notice" role="status">
          {ACCOUNT_MESSAGES.endedUniversityDeleted}{' '}
          {profile.university_email &&
            `(${profile.university_email}, ${profile.university_email_ended.university_name})`}
        </p>
      )}
      <p className="muted">
        Verifica tu correo de la universidad para publicar productos. Así la comunidad sabe que eres parte de
        ella.
      </p>
      {pending ? (
        <>
          <InstitutionalCodeStep
            email={pending.email}
            universityId={pending.universityId}
            onVerified={() => setPending(null)}
          />
          <button type="button" className={buttonClass('ghost')} onClick={() => setPending(null)}>
            Usar otro correo
          </button>
        </>
      ) : (
        <form className="code-step" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={selectId}>Universidad</label>
            <select
              id={selectId}
              className="select"
              value={universityId}
              onChange={(e) => setUniversityId(e.target.value)}
              aria-invalid={error?.field === 'university' ? true : undefined}
            >
              <option value="">Selecciona tu universidad</option>
              {universities.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
            {error?.field === 'university' && <p className="field__error">{error.message}</p>}
          </div>
          <Field
            label="Correo institucional"
            type="email"
            autoComplete="email"
            placeholder={`tu.nombre@${chosenDomain ?? 'universidad.edu.ve'}`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error?.field === 'email' ? error.message : undefined}
          />
          <button type="submit" className={buttonClass('primary')} disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar código'}
          </button>
        </form>
      )}
    </section>
  );
}
