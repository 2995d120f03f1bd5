import * as z from 'zod';

/**
 * The SES emulator's mailbox with each mail's headers (List-Unsubscribe…), for the notification
 * tests (integration and end-to-end); ./mailbox.ts reads codes and links the same way.
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

export interface MailWithHeaders {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Mail the emulator holds for an address, oldest first, with the headers it was sent with. */
export async function mailboxOf(sesEndpoint: string, email: string): Promise<MailWithHeaders[]> {
  const res = await fetch(`${sesEndpoint.replace(/\/$/, '')}/store`);
  return storeSchema
    .parse(await res.json())
    .emails.filter((m) => m.destination.to.includes(email))
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
