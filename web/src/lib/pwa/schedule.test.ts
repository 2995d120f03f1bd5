// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleServiceWorkerRegistration } from './schedule';

let readyState: DocumentReadyState = 'loading';
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  readyState = 'loading';
});

describe('scheduling the registration', () => {
  it('waits for the load event and then for an idle moment', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const register = vi.fn(async () => undefined);
    scheduleServiceWorkerRegistration(register, true);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(register).not.toHaveBeenCalled();
    idle[0]();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('starts at once (when idle) on a page that already loaded, and a second later without idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    readyState = 'complete';
    const register = vi.fn(async () => undefined);
    scheduleServiceWorkerRegistration(register, true);
    vi.advanceTimersByTime(999);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled, nor when disabled (the dev server, browsers without workers)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const register = vi.fn(async () => undefined);
    const cancel = scheduleServiceWorkerRegistration(register, true);
    cancel();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(5000);
    scheduleServiceWorkerRegistration(register, false);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(5000);
    expect(register).not.toHaveBeenCalled();
  });

  it('is off in this (non-production) build by default', () => {
    vi.useFakeTimers();
    readyState = 'complete';
    const register = vi.fn(async () => undefined);
    scheduleServiceWorkerRegistration(register);
    vi.advanceTimersByTime(10_000);
    expect(register).not.toHaveBeenCalled();
  });
});
