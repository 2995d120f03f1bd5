import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';

/** What the switch needs of a settings mutation (TanStack Query's `useMutation` result fits). */
interface SettingsSave<T> {
  isPending: boolean;
  mutate: (next: T, options: { onSuccess: () => void; onError: (err: Error) => void }) => void;
}

/**
 * One switch of /settings: a button with role="switch" (Space and Enter toggle it; screen readers
 * say on or off) that saves `next` at once with the spec's confirmation or error toast.
 */
export function SettingsSwitch<T>({
  id,
  label,
  help,
  on,
  next,
  save,
}: {
  /** Prefix of the label's and help's element ids. */
  id: string;
  label: string;
  help: ReactNode;
  on: boolean;
  /** The settings to save when toggled (the opposite of `on`). */
  next: T;
  save: SettingsSave<T>;
}) {
  const { toast } = useToast();
  // Not `disabled` while saving: a disabled button would drop the keyboard focus.
  const toggle = () => {
    if (save.isPending) return;
    save.mutate(next, {
      onSuccess: () => toast({ title: ACCOUNT_MESSAGES.settingsSaved }),
      onError: (err) =>
        toast({
          title: ACCOUNT_MESSAGES.settingsSaveFailed,
          description: err instanceof ApiError ? err.message : undefined,
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <span id={`${id}-label`} className="switch-row__label">
          {label}
        </span>
        <span id={`${id}-help`} className="muted">
          {help}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        aria-busy={save.isPending}
        onClick={toggle}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__state" aria-hidden="true">
          {on ? 'Activado' : 'Desactivado'}
        </span>
      </button>
    </div>
  );
}
