import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ToastOptions, useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { loadPush } from './lazy';

/** This device's push (availability, on or off), read once per page and again after each change. */
export const PUSH_DEVICE_QUERY_KEY = ['push-device'] as const;

export const PUSH_TEXTS = {
  enable: 'Activar notificaciones',
  enabled: 'Notificaciones activadas',
  enabledHere: 'Te avisaremos en este dispositivo.',
  enableFailed: 'No se pudieron activar las notificaciones',
  denied: 'Bloqueaste las notificaciones para este sitio. Actívalas en la configuración de tu navegador.',
  notNow: 'Ahora no',
  disabled: 'Notificaciones desactivadas en este dispositivo',
  disableFailed: 'No se pudieron desactivar las notificaciones',
  retry: 'Inténtalo de nuevo.',
} as const;

export function usePushDevice() {
  return useQuery({
    queryKey: PUSH_DEVICE_QUERY_KEY,
    queryFn: () => loadPush().then((m) => m.readPushDevice()),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

const failure = (err: unknown) =>
  err instanceof ApiError && err.status !== 0 ? err.message : PUSH_TEXTS.retry;

/**
 * 'Activar notificaciones', for a tap's handler: the permission is asked within the tap itself
 * (before the push module may still be loading), then the device subscribes, with the toasts that
 * say how it went.
 */
export function useEnablePush(): { enable: () => void; isPending: boolean } {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const mutation = useMutation({
    mutationFn: (permission: Promise<NotificationPermission>) =>
      loadPush().then((m) => m.enablePush(permission)),
    onSuccess: (answer) => {
      if (answer === 'granted') toast({ title: PUSH_TEXTS.enabled, description: PUSH_TEXTS.enabledHere });
      else if (answer === 'denied') toast({ title: PUSH_TEXTS.denied, variant: 'destructive' });
    },
    onError: (err) =>
      toast({ title: PUSH_TEXTS.enableFailed, description: failure(err), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_QUERY_KEY }),
  });
  const { mutate, isPending } = mutation;
  const enable = useCallback(() => {
    if (isPending) return;
    let permission: Promise<NotificationPermission>;
    try {
      permission = Notification.requestPermission();
    } catch (err) {
      permission = Promise.reject(err);
    }
    mutate(permission);
  }, [mutate, isPending]);
  return { enable, isPending };
}

/** 'Desactivar en este dispositivo'. */
export function useDisablePush() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: () => loadPush().then((m) => m.disablePush()),
    onSuccess: () => toast({ title: PUSH_TEXTS.disabled }),
    onError: (err) =>
      toast({ title: PUSH_TEXTS.disableFailed, description: failure(err), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_QUERY_KEY }),
  });
}

/**
 * The success toast of a saved alert, a question or a listing, which offers push right there when
 * it is available, not on for this device and not declined before: `offer` is added to what the
 * toast says, with 'Activar notificaciones' and 'Ahora no' (declined for good on this browser).
 */
export function usePushOffer(): (success: ToastOptions, offer: string) => void {
  const { toast } = useToast();
  const { enable } = useEnablePush();
  return useCallback(
    (success: ToastOptions, offer: string) => {
      toast(success);
      loadPush()
        .then(async (m) => {
          if (!(await m.shouldOfferPush())) return;
          toast({
            ...success,
            description: success.description ? `${success.description} ${offer}` : offer,
            actions: [
              { label: PUSH_TEXTS.enable, onClick: enable },
              { label: PUSH_TEXTS.notNow, onClick: () => m.dismissPushOffer() },
            ],
          });
        })
        .catch(() => {
          // The push module could not load (offline): the success toast said what mattered.
        });
    },
    [toast, enable],
  );
}
