import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadAuth, refreshSession } from '@/lib/session';
import { takeAuthRedirect } from '../auth-redirect';

/**
 * /auth/callback: where the Cognito hosted UI returns after Google. Configuring Amplify here lets
 * its OAuth listener exchange the code; reading the session waits for that exchange. Signed in:
 * success toast and the remembered route; otherwise (or on ?error=) an error toast and /login.
 */
export function Component() {
  useDocumentMeta('Procesando autenticación');
  const { toast } = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirect = takeAuthRedirect(params.get('redirect'));
    const fail = (title: string) => {
      toast({ title, variant: 'destructive' });
      navigate(paths.login.getHref(), { replace: true });
    };
    if (params.get('error')) {
      // Amplify, loaded by the app's start (its in-flight sign-in is a stored session), ends it.
      fail('No se pudo completar la autenticación');
      return;
    }
    loadAuth()
      // A failed exchange (a state Amplify did not send, a refused code) ends here at once.
      .then(({ redirectFailure }) => Promise.race([redirectFailure, refreshSession()]))
      .then((session) => {
        if (session.status !== 'signed-in') return fail('No se pudo completar la autenticación');
        toast({ title: '¡Inicio de sesión exitoso con Google!' });
        navigate(redirect, { replace: true });
      })
      .catch(() => fail('Error al procesar la autenticación'));
  }, [params, navigate, toast]);

  return (
    <div className="container page loading-block" role="status">
      <Spinner size="lg" />
      <p>Procesando autenticación...</p>
    </div>
  );
}
