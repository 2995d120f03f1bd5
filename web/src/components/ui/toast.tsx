import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { innermostModalLayer, subscribeModalLayers } from './modal-layer';

/** A choice the toast offers ('Activar notificaciones', 'Ahora no'); choosing one closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A toast with choices stays until one is chosen, it is closed or another toast replaces it. */
  actions?: ToastAction[];
}

interface ToastState extends ToastOptions {
  id: number;
}

interface ToastApi {
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TOAST_DURATION_MS = 4000;

/** Holds ONE toast at a time (spec): a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const counter = useRef(0);

  const toast = useCallback((options: ToastOptions) => {
    counter.current += 1;
    setCurrent({ ...options, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    // A choice is never taken away while the person reads it.
    if (!current || current.actions?.length) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';
  // While a modal dialog is open the rest of the page is inert: the toasts go inside it.
  const modal = useSyncExternalStore(subscribeModalLayers, innermostModalLayer, () => null);
  const region = (
    <div className="toast-region" aria-live={destructive ? 'assertive' : 'polite'}>
      {current && (
        <div
          key={current.id}
          className={`toast toast--${current.variant ?? 'default'}`}
          role={destructive ? 'alert' : 'status'}
        >
          <div className="toast__body">
            <p className="toast__title">{current.title}</p>
            {current.description && <p className="toast__description">{current.description}</p>}
            {current.actions?.length ? (
              <div className="toast__actions">
                {current.actions.map((action, i) => (
                  <button
                    key={action.label}
                    type="button"
                    className={i === 0 ? 'toast__action toast__action--main' : 'toast__action'}
                    onClick={() => {
                      dismiss();
                      action.onClick();
                    }}
                  >
                    {action.label}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <button type="button" className="toast__close" aria-label="Cerrar notificación" onClick={dismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {modal ? createPortal(region, modal) : region}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
