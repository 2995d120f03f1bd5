import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { loadAuth } from '@/lib/session';
import { rememberAuthRedirect } from '../auth-redirect';
import { errorMessage } from '../schemas';

/** Google goes through the Cognito hosted UI; without a configured domain it says so (spec toast). */
export function GoogleButton({ origin }: { origin: string }) {
  const { toast } = useToast();
  const onClick = async () => {
    try {
      const { auth, config } = await loadAuth();
      if (!config.auth.oauthDomain) throw new Error('Google no está configurado en este entorno');
      rememberAuthRedirect(origin);
      await auth.signInWithRedirect({ provider: 'Google' });
    } catch (err) {
      toast({ title: `Error al iniciar sesión con Google: ${errorMessage(err)}`, variant: 'destructive' });
    }
  };
  return (
    <button type="button" className={buttonClass('outline')} onClick={onClick}>
      Continuar con Google
    </button>
  );
}
