import { useCallback, useState } from 'react';
import { CodeInput } from '@/components/form/code-input';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useRequestInstitutionalCode } from '../api/request-institutional-code';
import { useVerifyInstitutionalEmail } from '../api/verify-institutional-email';

export const VERIFIED_TOAST = '¡Correo institucional verificado correctamente!';
export const CODE_SENT_TOAST = 'Código de verificación enviado a tu correo institucional...';

/** Asks the API to e-mail an institutional code; toasts the outcome; resolves true when sent. */
export function useSendInstitutionalCode(): (universityId: string, email: string) => Promise<boolean> {
  const { toast } = useToast();
  const { mutateAsync } = useRequestInstitutionalCode();
  return useCallback(
    async (universityId: string, email: string) => {
      try {
        await mutateAsync({ universityId, email });
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
    },
    [mutateAsync, toast],
  );
}

/**
 * The six boxes for an institutional code sent to `email`, with resend. A right code puts the
 * verified profile in the cache and calls `onVerified`; a wrong one toasts the server's reason and clears.
 */
export function InstitutionalCodeStep({
  email,
  universityId,
  onVerified,
}: {
  email: string;
  /** Needed to resend; without it the resend button is not offered. */
  universityId: string | null;
  onVerified: () => void;
}) {
  const { toast } = useToast();
  const sendInstitutionalCode = useSendInstitutionalCode();
  const verifyEmail = useVerifyInstitutionalEmail();
  const [resending, setResending] = useState(false);

  const verify = async (code: string) => {
    try {
      await verifyEmail.mutateAsync(code);
      toast({ title: VERIFIED_TOAST });
      onVerified();
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
      await sendInstitutionalCode(universityId, email);
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
