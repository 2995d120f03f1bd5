import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../ports/accounts';
import type {
  NotificationRecipient,
  NotifyWindow,
  NotifyWindowKey,
  NotifyWindowStore,
} from '../../ports/notifications';
import type { StoredQuestion } from '../../ports/questions';
import type { StreamChange } from '../../ports/stream';
import {
  flushWindow,
  type NotifyDeps,
  notifyQuestionChange,
  onDue,
  onEvent,
  questionEventOf,
  sweepDueNotifications,
} from './question-notifications';
import { verifyUnsubscribeToken } from './unsubscribe-tokens';

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;
const START = Date.parse('2026-11-23T10:00:00.000Z');

// ---------------------------------------------------------------------------------------------
// The rules alone.

const empty: NotifyWindow = { version: 0, windowEndsAt: null, pending: [], seen: [] };

describe('the window rules', () => {
  it('mail the first question at once and open a window', () => {
    expect(onEvent(empty, 'q1', START, WINDOW)).toEqual({
      action: 'mailNow',
      ids: ['q1'],
      next: { windowEndsAt: START + WINDOW, pending: ['q1'], seen: ['q1'] },
      dueAt: START + WINDOW,
    });
  });

  it('gather a question that comes while the window is open, due when it closes', () => {
    const open = { version: 2, windowEndsAt: START + WINDOW, pending: [], seen: ['q1'] };
    expect(onEvent(open, 'q2', START + MINUTE, WINDOW)).toEqual({
      action: 'gather',
      next: { windowEndsAt: START + WINDOW, pending: ['q2'], seen: ['q1', 'q2'] },
      dueAt: START + WINDOW,
    });
  });

  it('take a question once: a replay changes nothing', () => {
    const open = { version: 2, windowEndsAt: START + WINDOW, pending: ['q2'], seen: ['q1', 'q2'] };
    expect(onEvent(open, 'q1', START + MINUTE, WINDOW)).toEqual({ action: 'duplicate' });
    expect(onEvent(open, 'q2', START + 20 * MINUTE, WINDOW)).toEqual({ action: 'duplicate' });
  });

  it('mail at once again after a quiet window', () => {
    const lapsed = { version: 3, windowEndsAt: START + WINDOW, pending: [], seen: ['q1'] };
    expect(onEvent(lapsed, 'q9', START + WINDOW, WINDOW)).toMatchObject({ action: 'mailNow', ids: ['q9'] });
  });

  it('at the close: mail what was gathered and open the next window; with nothing gathered, mail nothing', () => {
    const gathered = {
      version: 4,
      windowEndsAt: START + WINDOW,
      pending: ['q2', 'q3'],
      seen: ['q1', 'q2', 'q3'],
    };
    expect(onDue(gathered, START + WINDOW - 1, WINDOW)).toEqual({ action: 'wait' });
    expect(onDue(gathered, START + WINDOW, WINDOW)).toEqual({
      action: 'mail',
      ids: ['q2', 'q3'],
      next: { windowEndsAt: START + 2 * WINDOW, pending: ['q2', 'q3'], seen: ['q1', 'q2', 'q3'] },
      dueAt: START + 2 * WINDOW,
    });
    expect(onDue({ ...gathered, pending: [] }, START + WINDOW, WINDOW)).toMatchObject({ action: 'lapse' });
  });
});

describe('which question changes notify whom', () => {
  const image = (over: Partial<StoredQuestion> = {}) => ({
    entity: 'question',
    ...question('q1', over),
  });
  const change = (
    eventName: StreamChange['eventName'],
    newImage?: object,
    oldImage?: object,
  ): StreamChange => ({
    eventName,
    sequenceNumber: '1',
    keys: {},
    newImage: newImage as Record<string, unknown>,
    oldImage: oldImage as Record<string, unknown>,
  });
  const now = START + MINUTE;

  it('a new question: its seller; an answer given: its asker', () => {
    expect(questionEventOf(change('INSERT', image()), now)).toEqual({
      key: { recipient: 'seller', productId: 7, kind: 'question' },
      questionId: 'q1',
    });
    const answered = image({ answer_text: 'Sí', answered_at: new Date(now).toISOString() });
    expect(questionEventOf(change('MODIFY', answered, image()), now)).toEqual({
      key: { recipient: 'asker', productId: 7, kind: 'answer' },
      questionId: 'q1',
    });
  });

  it('nobody for: a seller asking on their product, another change of an answered question, a removal, an import, an old question, a malformed item', () => {
    const answered = image({ answer_text: 'Sí', answered_at: new Date(now).toISOString() });
    expect(questionEventOf(change('INSERT', image({ asker_id: 'seller' })), now)).toBeNull();
    expect(questionEventOf(change('MODIFY', answered, answered), now)).toBeNull();
    expect(questionEventOf(change('MODIFY', image(), image()), now)).toBeNull();
    expect(questionEventOf(change('REMOVE', undefined, image()), now)).toBeNull();
    expect(questionEventOf(change('INSERT', answered), now)).toBeNull();
    expect(
      questionEventOf(
        change('INSERT', image({ created_at: new Date(now - 25 * 60 * MINUTE).toISOString() })),
        now,
      ),
    ).toBeNull();
    expect(questionEventOf(change('INSERT', { entity: 'question', id: 'q1' }), now)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The service, with the table, the clock and SES as plain objects.

function question(id: string, over: Partial<StoredQuestion> = {}): StoredQuestion {
  return {
    id,
    product_id: 7,
    product_title: 'Bicicleta de montaña',
    seller_id: 'seller',
    asker_id: 'asker',
    asker_name: 'Ana',
    question_text: `Pregunta ${id}`,
    created_at: new Date(START).toISOString(),
    ...over,
  };
}

class MemoryWindows implements NotifyWindowStore {
  readonly items = new Map<string, NotifyWindow & { dueAt: number | null; key: NotifyWindowKey }>();
  /** Runs once just before the next save: what a concurrent writer does in between. */
  beforeSave?: () => Promise<void>;
  private id = (k: NotifyWindowKey) => `${k.recipient}/${k.productId}/${k.kind}`;
  async get(key: NotifyWindowKey): Promise<NotifyWindow> {
    const item = this.items.get(this.id(key));
    if (!item) return { version: 0, windowEndsAt: null, pending: [], seen: [] };
    return {
      version: item.version,
      windowEndsAt: item.windowEndsAt,
      pending: [...item.pending],
      seen: [...item.seen],
    };
  }
  async save(
    key: NotifyWindowKey,
    version: number,
    next: Omit<NotifyWindow, 'version'>,
    dueAt: number | null,
  ) {
    const hook = this.beforeSave;
    this.beforeSave = undefined;
    await hook?.();
    if ((this.items.get(this.id(key))?.version ?? 0) !== version) return false;
    this.items.set(this.id(key), {
      ...next,
      version: version + 1,
      dueAt: next.pending.length > 0 ? dueAt : null,
      key,
    });
    return true;
  }
  async due(now: number, limit: number) {
    return [...this.items.values()]
      .filter((i) => i.dueAt !== null && i.dueAt <= now)
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
      .slice(0, limit)
      .map((i) => i.key);
  }
}

let clock: number;
let windows: MemoryWindows;
let questions: Map<string, StoredQuestion>;
let mails: MailMessage[];
let sesDown: boolean;
let people: Map<string, NotificationRecipient>;
const key = randomBytes(32);

function deps(): NotifyDeps {
  return {
    notifyWindows: windows,
    notifySettings: {
      recipient: async (id) => people.get(id) ?? null,
      setQuestions: async (id, on) => {
        const p = people.get(id);
        if (p) p.questions = on;
        return !!p;
      },
    },
    questions: { get: async (_product, id) => questions.get(id) ?? null },
    profiles: {
      createIfAbsent: async (profile) => {
        people.set(profile.user_id, { email: profile.email, name: profile.full_name, questions: true });
        return profile;
      },
    },
    userDirectory: {
      find: async (id) =>
        id === 'pool-only' ? { email: 'Pool@Correo.com', name: 'Pía', confirmed: true } : null,
    },
    mailer: {
      send: async (mail) => {
        if (sesDown) throw Object.assign(new Error('SES is down'), { name: 'ServiceUnavailable' });
        mails.push(mail);
      },
    },
    appUrl: () => 'https://mercado.example/',
    unsubscribeKey: async () => key,
    notifyWindowMs: WINDOW,
    now: () => new Date(clock),
  };
}

const asked = (id: string, over: Partial<StoredQuestion> = {}): StreamChange => {
  const q = question(id, { created_at: new Date(clock).toISOString(), ...over });
  questions.set(id, q);
  return { eventName: 'INSERT', sequenceNumber: id, keys: {}, newImage: { entity: 'question', ...q } };
};
const answered = (id: string, answer: string): StreamChange => {
  const before = questions.get(id)!;
  const after = { ...before, answer_text: answer, answered_at: new Date(clock).toISOString() };
  questions.set(id, after);
  return {
    eventName: 'MODIFY',
    sequenceNumber: `${id}-a`,
    keys: {},
    oldImage: { entity: 'question', ...before },
    newImage: { entity: 'question', ...after },
  };
};
const sweep = () => sweepDueNotifications(deps());
const sellerWindow = () => windows.items.get('seller/7/question');

beforeEach(() => {
  clock = START;
  windows = new MemoryWindows();
  questions = new Map();
  mails = [];
  sesDown = false;
  people = new Map([
    ['seller', { email: 'vendedor@correo.com', name: 'Carlos', questions: true }],
    ['asker', { email: 'ana@correo.com', name: 'Ana', questions: true }],
  ]);
});

describe('question mails, one window at a time', () => {
  it('the first question mails the seller at once; the next two are gathered into one mail when the window closes', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['vendedor@correo.com', 'Nueva pregunta sobre «Bicicleta de montaña»'],
    ]);
    expect(mails[0].text).toContain('Pregunta q1');
    expect(mails[0].text).toContain('https://mercado.example/product/7');

    clock += 2 * MINUTE;
    await notifyQuestionChange(deps(), asked('q2', { asker_name: 'Luis' }));
    clock += 5 * MINUTE;
    await notifyQuestionChange(deps(), asked('q3'));
    expect(mails).toHaveLength(1);

    clock = START + WINDOW - 1;
    await sweep();
    expect(mails).toHaveLength(1);

    clock = START + WINDOW;
    expect(await sweep()).toEqual({ due: 1, mailed: 1, failed: 0 });
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('2 preguntas nuevas sobre «Bicicleta de montaña»');
    expect(mails[1].text).toContain('Pregunta q2');
    expect(mails[1].text).toContain('Pregunta q3');
    expect(mails[1].text).toContain('Luis pregunta');
    expect(mails[1].text).not.toContain('Pregunta q1');
    expect(sellerWindow()).toMatchObject({ pending: [], dueAt: null, windowEndsAt: START + 2 * WINDOW });
  });

  it('a window with nothing gathered mails nothing more, and the next question after it mails at once', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += WINDOW;
    expect(await sweep()).toEqual({ due: 0, mailed: 0, failed: 0 });
    expect(mails).toHaveLength(1);
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q2'));
    expect(mails).toHaveLength(2);
  });

  it('the gathered mail opens a window too: a question right after it waits for that window to close', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q2'));
    clock = START + WINDOW;
    await sweep();
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q3'));
    expect(mails).toHaveLength(2);
    clock = START + 2 * WINDOW;
    await sweep();
    expect(mails).toHaveLength(3);
    expect(mails[2].text).toContain('Pregunta q3');
  });

  it('a replayed record mails nothing twice, at once or at the close', async () => {
    const first = asked('q1');
    await notifyQuestionChange(deps(), first);
    await notifyQuestionChange(deps(), first);
    clock += MINUTE;
    const second = asked('q2');
    await notifyQuestionChange(deps(), second);
    clock = START + WINDOW;
    await sweep();
    await notifyQuestionChange(deps(), second);
    await notifyQuestionChange(deps(), first);
    await sweep();
    expect(mails.map((m) => m.subject)).toEqual([
      'Nueva pregunta sobre «Bicicleta de montaña»',
      'Nueva pregunta sobre «Bicicleta de montaña»',
    ]);
  });

  it('two questions at the same instant: one mail at once, the other gathered, none lost', async () => {
    const a = asked('q1');
    const b = asked('q2');
    await Promise.all([notifyQuestionChange(deps(), a), notifyQuestionChange(deps(), b)]);
    expect(mails).toHaveLength(1);
    clock += WINDOW;
    await sweep();
    expect(mails).toHaveLength(2);
    const texts = mails.map((m) => m.text).join('\n');
    expect(texts).toContain('Pregunta q1');
    expect(texts).toContain('Pregunta q2');
  });

  it('a writer that loses the race reads again: a question gathered between the read and the claim is kept', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += WINDOW;
    // The window closed; while q2 is being mailed at once, q3 gets in first.
    const q3 = asked('q3');
    windows.beforeSave = () => notifyQuestionChange(deps(), q3);
    await notifyQuestionChange(deps(), asked('q2'));
    expect(mails).toHaveLength(2);
    clock += WINDOW;
    await sweep();
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.text).join('\n')).toMatch(
      /Pregunta q2[\s\S]*Pregunta q3|Pregunta q3[\s\S]*Pregunta q2/,
    );
  });

  it('the answer mails the asker with the question and the answer', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += 3 * MINUTE;
    await notifyQuestionChange(deps(), answered('q1', 'Sí, está disponible.'));
    const toAsker = mails.filter((m) => m.to === 'ana@correo.com');
    expect(toAsker).toHaveLength(1);
    expect(toAsker[0].subject).toBe('Respondieron tu pregunta sobre «Bicicleta de montaña»');
    expect(toAsker[0].text).toContain('Pregunta q1');
    expect(toAsker[0].text).toContain('Sí, está disponible.');
  });

  it('every mail carries an unsubscribe link (page and one-click) signed for its recipient', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    const [mail] = mails;
    const token = mail.text.match(/notificaciones\/baja#token=([\w.-]+)/)?.[1];
    expect(token).toBeDefined();
    expect(verifyUnsubscribeToken(key, token!)).toEqual({ userId: 'seller' });
    expect(mail.headers).toContainEqual({
      name: 'List-Unsubscribe',
      value: `<https://mercado.example/api/notifications/unsubscribe?token=${token}>`,
    });
  });

  it('nothing for a person who turned the mails off, nor for what was gathered before they did', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q2'));
    people.get('seller')!.questions = false;
    clock = START + WINDOW;
    await sweep();
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q3'));
    expect(mails).toHaveLength(1);
    expect(sellerWindow()).toMatchObject({ pending: [], dueAt: null });
  });

  it('a deleted question is left out of the gathered mail; with nothing left, no mail', async () => {
    await notifyQuestionChange(deps(), asked('q1'));
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q2'));
    questions.delete('q2');
    clock = START + WINDOW;
    await sweep();
    expect(mails).toHaveLength(1);
    // …and the window it did not use stays closed: the next question mails at once.
    clock += MINUTE;
    await notifyQuestionChange(deps(), asked('q3'));
    expect(mails).toHaveLength(2);
  });

  it('SES down: the question stays pending, the stream moves on, and the sweep mails it once SES is back', async () => {
    sesDown = true;
    await notifyQuestionChange(deps(), asked('q1'));
    expect(mails).toHaveLength(0);
    clock += MINUTE;
    await expect(sweep()).rejects.toThrow('1 of 1 notification windows failed');
    sesDown = false;
    clock += MINUTE;
    await sweep();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Pregunta q1');
    await sweep();
    expect(mails).toHaveLength(1);
  });

  it('a crash after the claim loses nothing: the question goes out when the window closes', async () => {
    // The claim is written, then the process dies before the mail (simulated: the mailer never returns).
    const stuck = deps();
    stuck.mailer = { send: () => new Promise(() => undefined) };
    void notifyQuestionChange(stuck, asked('q1'));
    await new Promise((r) => setTimeout(r, 10));
    expect(sellerWindow()).toMatchObject({ pending: ['q1'], dueAt: START + WINDOW });
    // The stream retries the record: the question is taken already.
    await notifyQuestionChange(deps(), { ...asked('q1') });
    expect(mails).toHaveLength(0);
    clock = START + WINDOW;
    await flushWindow(deps(), { recipient: 'seller', productId: 7, kind: 'question' });
    expect(mails).toHaveLength(1);
  });

  it('a person without a profile is found in the user pool by id and given one (for their switch)', async () => {
    await notifyQuestionChange(deps(), asked('q1', { seller_id: 'pool-only' }));
    expect(mails.map((m) => m.to)).toEqual(['pool@correo.com']);
    expect(people.get('pool-only')).toEqual({ email: 'pool@correo.com', name: 'Pía', questions: true });
    await notifyQuestionChange(deps(), asked('q2', { seller_id: 'nobody' }));
    expect(mails).toHaveLength(1);
  });
});
