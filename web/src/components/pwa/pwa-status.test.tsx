// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdate, reportNetwork } from '@/lib/pwa/status';
import { PwaStatus } from './pwa-status';

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

const offlineNotice = () =>
  screen.queryAllByRole('status').find((el) => el.textContent?.includes('Sin conexión')) ?? null;

afterEach(() => {
  cleanup();
  online = true;
  reportNetwork(true);
  offerUpdate(null);
});

describe('PwaStatus', () => {
  it("announces 'Sin conexión' in a status region while the phone is offline, and drops it when back", () => {
    render(<PwaStatus />);
    // The live regions exist (empty) before there is anything to say: screen readers then announce it.
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(offlineNotice()).toBeNull();
    goOffline();
    expect(offlineNotice()?.textContent).toBe('Sin conexiónTe mostramos lo último que viste.');
    goOnline();
    expect(offlineNotice()).toBeNull();
  });

  it('starts offline when the page opens without a connection', () => {
    online = false;
    render(<PwaStatus />);
    expect(offlineNotice()).not.toBeNull();
  });

  it('shows the notice while API reads cannot reach the network, though the phone says it is online', () => {
    render(<PwaStatus />);
    act(() => reportNetwork(false));
    expect(offlineNotice()).not.toBeNull();
    act(() => reportNetwork(true));
    expect(offlineNotice()).toBeNull();
    act(() => reportNetwork(false));
    // The browser's 'online' (a new connection) clears it too.
    goOnline();
    expect(offlineNotice()).toBeNull();
  });

  it("offers a new version with 'Actualizar', which runs the update only when pressed", () => {
    render(<PwaStatus />);
    expect(screen.queryByText('Hay una nueva versión disponible')).toBeNull();
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    expect(screen.getByText('Hay una nueva versión disponible')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
