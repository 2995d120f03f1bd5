import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/components/layout/require-session';
import { paths } from '@/config/paths';
import { useUniversities } from '@/lib/api/get-universities';
import { useDocumentMeta } from '@/lib/document-meta';
import { InstitutionalCodeStep } from '../components/institutional-code-step';
import { universityOfEmail } from '../schemas';
import '../profile.css';

export const NEXT_STEP_DELAY_MS = 1500;

/**
 * /verify-email?email=…: the 6-digit entry for an institutional code already sent to that address.
 * Without the parameter it goes home; verified, it confirms and goes on to publishing.
 */
export function Component() {
  useDocumentMeta('Verifica tu correo institucional');
  const email = (useSearchParams()[0].get('email') ?? '').trim().toLowerCase();
  if (!email) return <Navigate to={paths.home.getHref()} replace />;
  return <RequireSession>{() => <VerifyEmailPage email={email} />}</RequireSession>;
}

function VerifyEmailPage({ email }: { email: string }) {
  const navigate = useNavigate();
  const universities = useUniversities();
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate(paths.newProduct.getHref()), NEXT_STEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  if (verified)
    return (
      <div className="container page account-page">
        <section className="profile-card" role="status">
          <h1 className="page-title">Verificación exitosa</h1>
          <p className="muted">
            Tu correo institucional está verificado. Te llevamos a publicar tu producto…
          </p>
        </section>
      </div>
    );

  return (
    <div className="container page account-page">
      <section className="profile-card">
        <h1 className="page-title">Verifica tu correo institucional</h1>
        <InstitutionalCodeStep
          email={email}
          universityId={universityOfEmail(email, universities.data ?? [])?.id ?? null}
          onVerified={() => setVerified(true)}
        />
      </section>
    </div>
  );
}
