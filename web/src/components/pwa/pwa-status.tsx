import { useEffect, useSyncExternalStore } from 'react';
import { scheduleServiceWorkerRegistration } from '@/lib/pwa/schedule';
import { applyUpdate, getPwaStatus, getServerPwaStatus, subscribePwaStatus } from '@/lib/pwa/status';
import './pwa-status.css';

/**
 * Mounted once, beside the router (decision 023): the 'Sin conexión' notice while the phone is
 * offline (or the API cannot be reached), and the offer of a new version. It also starts the service
 * worker's registration once the page is idle. The live regions exist before their text does, so
 * screen readers announce the change.
 */
export function PwaStatus() {
  const status = useSyncExternalStore(subscribePwaStatus, getPwaStatus, getServerPwaStatus);
  useEffect(() => scheduleServiceWorkerRegistration(), []);
  return (
    <div className="pwa-status">
      <div role="status" className="pwa-status__slot">
        {status.offline ? (
          <p className="pwa-status__offline">
            <strong>Sin conexión</strong>
            <span className="pwa-status__detail">Te mostramos lo último que viste.</span>
          </p>
        ) : null}
      </div>
      <div role="status" className="pwa-status__slot">
        {status.updateAvailable ? (
          <div className="pwa-status__update">
            <span>Hay una nueva versión disponible</span>
            <button type="button" className="btn btn--secondary btn--sm" onClick={applyUpdate}>
              Actualizar
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
