import { useState } from 'react';
import type { Profile } from '#shared/account-schemas';
import { CodeInput } from '@/components/form/code-input';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ApiError, apiCall } from '@/lib/api-client';

export const VERIFIED_TOAST = '¡Correo institucional verificado correctamente!';
export const CODE_SENT_TOAST = 'Código de verificación enviado a tu correo institucional...';

/** Asks the API to e-mail an institutional code; toasts the outcome; true when sent. */
export async function sendInstitutionalCode(
  toast: ReturnType<typeof useToast>['toast'],
  universityId: string,
  email: string,
): Promise<boolean> {
  try {
    await apiCall('requestInstitutionalCode', { body: { university_id: universityId, email } });
    toast({ title: CODE_SENT_TOAST });
    return true;
  } catch (err) {
    toast({
      title: 'Error al enviar el código',
      description: err instanceof ApiError ? err.message : 'Error al solicitar verificación',
      variant: 'destructive',
    });
    return false;
  }
}

/**
 * The six boxes for an institutional code sent to `email`, with resend. A right code answers the
 * verified profile, handed to `onVerified`; a wrong one toasts the server's reason and clears.
 */
export function InstitutionalCodeStep({
  email,
  universityId,
  onVerified,
}: {
  email: string;
  /** Needed to resend; without it the resend button is not offered. */
  universityId: string | null;
  onVerified: (profile: Profile) => void;
}) {
  const { toast } = useToast();
  const [resending, setResending] = useState(false);

  const verify = async (code: string) => {
    try {
      const profile = await apiCall('verifyInstitutionalEmail', { body: { code } });
      toast({ title: VERIFIED_TOAST });
      onVerified(profile);
      return true;
    } catch (err) {
      toast({
        title: 'Código inválido',
        description: err instanceof ApiError ? err.message : 'El código ingresado no es válido.',
        variant: 'destructive',
      });
      return false;
    }
  };

  const resend = async () => {
    if (!universityId) return;
    setResending(true);
    try {
      await sendInstitutionalCode(toast, universityId, email);
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="code-step">
      <p className="muted">
        Ingresa el código de 6 dígitos que enviamos a <strong>{email}</strong>. Vence en 30 minutos.
      </p>
      <CodeInput onComplete={verify} />
      {universityId && (
        <button type="button" className={buttonClass('outline')} onClick={resend} disabled={resending}>
          Reenviar código
        </button>
      )}
    </div>
  );
}
