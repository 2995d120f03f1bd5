import { describe, expect, it, vi } from 'vitest';
import { pushPayloadSchema } from '#shared/push';
import {
  type AppWindow,
  GENERIC_PUSH,
  notificationOf,
  notificationUrl,
  openNotification,
  PUSH_BADGE,
  PUSH_ICON,
  pushText,
  readPushPayload,
  showPush,
  type WorkerClients,
} from './push-handlers';

const ORIGIN = 'https://mercado.example';
const answer = {
  title: 'Te respondieron',
  body: 'El vendedor respondió tu pregunta sobre «Libro de Cálculo I».',
  path: '/product/42#preguntas',
  tag: 'product-42-answers',
};

describe('what a push shows', () => {
  it("shows the app's payload as it came", () => {
    expect(readPushPayload(JSON.stringify(answer))).toEqual(answer);
  });

  it('shows the generic push for an empty, malformed or unexpected payload', () => {
    const refused = [
      null,
      '',
      'not json',
      '[]',
      'null',
      '"text"',
      JSON.stringify({ ...answer, title: '' }),
      JSON.stringify({ ...answer, title: 'x'.repeat(121) }),
      JSON.stringify({ ...answer, body: 'x'.repeat(241) }),
      JSON.stringify({ ...answer, tag: 'x'.repeat(65) }),
      JSON.stringify({ ...answer, path: 'https://evil.example/' }),
      JSON.stringify({ ...answer, path: '//evil.example/' }),
      JSON.stringify({ ...answer, path: '/\\evil.example/' }),
      JSON.stringify({ ...answer, path: '/\t/evil.example/' }),
      JSON.stringify({ ...answer, path: 'product/42' }),
      JSON.stringify({ ...answer, extra: 'token' }),
      JSON.stringify({ title: 'Solo título' }),
    ];
    for (const text of refused) expect(readPushPayload(text), String(text)).toEqual(GENERIC_PUSH);
  });

  it('agrees with the shared payload schema on what it accepts', () => {
    const samples = [
      answer,
      { ...answer, body: '', tag: '' },
      { ...answer, path: '/' },
      { ...answer, title: '' },
      { ...answer, path: '//evil.example' },
      { ...answer, extra: 1 },
    ];
    for (const sample of samples) {
      const accepted = readPushPayload(JSON.stringify(sample)) !== GENERIC_PUSH;
      expect(accepted, JSON.stringify(sample)).toBe(pushPayloadSchema.safeParse(sample).success);
    }
  });

  it('shows the title and body with the icons, the page to open, and replaces a push of the same tag', async () => {
    const showNotification = vi.fn(async () => undefined);
    await showPush({ showNotification }, JSON.stringify(answer));
    expect(showNotification).toHaveBeenCalledWith('Te respondieron', {
      body: answer.body,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      data: { path: '/product/42#preguntas' },
      tag: 'product-42-answers',
      renotify: true,
    });
  });

  it('shows the generic push for a payload it cannot read, replacing the previous generic one', async () => {
    const showNotification = vi.fn(async () => undefined);
    await showPush(
      { showNotification },
      pushText({
        text: () => {
          throw new Error('not text');
        },
      }),
    );
    expect(showNotification).toHaveBeenCalledWith('Mercado Universitario', {
      body: 'Tienes novedades en Mercado Universitario.',
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      data: { path: '/' },
      tag: 'novedades',
      renotify: true,
    });
    expect(pushText(null)).toBeNull();
  });

  it('sets no tag (nor renotify, which needs one) when the push has none', () => {
    const [, options] = notificationOf({ ...answer, tag: '' });
    expect(options).not.toHaveProperty('tag');
    expect(options).not.toHaveProperty('renotify');
  });
});

/** Windows and the clients API as a worker sees them; `controlled: false` windows refuse navigate. */
function fakeClients(windows: { url: string; focused?: boolean; controlled?: boolean }[]) {
  const log: string[] = [];
  const list: AppWindow[] = windows.map((w, i) => ({
    url: w.url,
    focused: w.focused,
    focus: vi.fn(async () => {
      log.push(`focus ${i}`);
    }),
    navigate: vi.fn(async (url: string) => {
      if (w.controlled === false) throw new TypeError('not controlled');
      log.push(`navigate ${i} ${url}`);
    }),
  }));
  const clients: WorkerClients = {
    matchAll: vi.fn(async () => list),
    openWindow: vi.fn(async (url: string) => {
      log.push(`open ${url}`);
    }),
  };
  return { clients, log };
}

describe('tapping a notification', () => {
  it('brings the focused window of the app forward on the push page', async () => {
    const { clients, log } = fakeClients([
      { url: 'https://elsewhere.example/' },
      { url: `${ORIGIN}/marketplace` },
      { url: `${ORIGIN}/settings`, focused: true },
    ]);
    await openNotification(clients, { path: '/product/42' }, ORIGIN);
    expect(log).toEqual(['focus 2', `navigate 2 ${ORIGIN}/product/42`]);
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('uses any window of the app when none is focused, and only focuses one already on the page', async () => {
    const { clients, log } = fakeClients([{ url: `${ORIGIN}/product/42` }]);
    await openNotification(clients, { path: '/product/42' }, ORIGIN);
    expect(log).toEqual(['focus 0']);
  });

  it('opens a new window when no window of the app is open, or the open one cannot be navigated', async () => {
    const none = fakeClients([{ url: 'https://elsewhere.example/', focused: true }]);
    await openNotification(none.clients, { path: '/alertas' }, ORIGIN);
    expect(none.log).toEqual([`open ${ORIGIN}/alertas`]);

    const uncontrolled = fakeClients([{ url: `${ORIGIN}/`, controlled: false }]);
    await openNotification(uncontrolled.clients, { path: '/alertas' }, ORIGIN);
    expect(uncontrolled.log).toEqual(['focus 0', `open ${ORIGIN}/alertas`]);
  });

  it('opens only same-origin paths: anything else opens the home page', () => {
    expect(notificationUrl({ path: '/product/42?x=1#preguntas' }, ORIGIN)).toBe(
      `${ORIGIN}/product/42?x=1#preguntas`,
    );
    for (const data of [
      { path: 'https://evil.example/' },
      { path: '//evil.example/' },
      { path: '/\\evil.example' },
      { path: 'javascript:alert(1)' },
      { path: 42 },
      null,
      undefined,
      'text',
    ])
      expect(notificationUrl(data, ORIGIN), JSON.stringify(data)).toBe(`${ORIGIN}/`);
  });
});
