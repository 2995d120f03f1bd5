import * as z from 'zod';

/**
 * The local SES emulator's mailbox (npm aws-ses-v2-local): every mail the app sent, as JSON at
 * GET <endpoint>/store. Tests read codes and links from it as a person reads their inbox.
 */
const storeSchema = z.object({
  emails: z.array(
    z.object({
      subject: z.string(),
      destination: z.object({ to: z.array(z.string()) }),
      body: z.object({ html: z.string().optional(), text: z.string().optional() }),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    }),
  ),
});

export interface Mail {
  subject: string;
  html: string;
  text: string;
  /** The extra headers it was sent with (List-Unsubscribe…), by lower-case name. */
  headers: Record<string, string>;
}

/** Mail the emulator holds for an address, oldest first. */
export async function mailTo(sesEndpoint: string, email: string): Promise<Mail[]> {
  const res = await fetch(`${sesEndpoint.replace(/\/$/, '')}/store`);
  const store = storeSchema.parse(await res.json());
  return store.emails
    .filter((m) => m.destination.to.includes(email))
    .map((m) => ({
      subject: m.subject,
      html: m.body.html ?? '',
      text: m.body.text ?? '',
      headers: Object.fromEntries((m.headers ?? []).map((h) => [h.name.toLowerCase(), h.value])),
    }));
}

/** Waits until `check` holds (polling), or fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: Pick<Mail, 'text'> | undefined): string | null {
  return mail?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}
