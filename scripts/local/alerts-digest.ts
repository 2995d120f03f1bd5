// The local stack's hook for the alert digests (docs/decisions/031). In AWS the notification
// schedule sends the digests once their morning (07:00 in Caracas) comes; locally the stack's
// sweeper does the same every second, on the real clock. To see the next morning's digest now, this
// runs the digest step AS IF it were another time. LOCAL ONLY: it answers on the local server
// outside /api (API Gateway has no such route), as the search switch does.
//
//   curl -X POST -H 'content-type: application/json' -d '{"at":"2026-03-11T11:00:00Z"}' \
//     http://localhost:5173/__local/alerts-digest          → {"due":1,"mailed":1}
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AlertDeps } from '../../functions/services/notifications/alert-notifications';

export const ALERTS_DIGEST_PATH = '/__local/alerts-digest';

/**
 * POST with a JSON body {"at": ISO time}: sweeps the digests due at that time, with the stack's
 * own parts and that clock. JSON only (no page of another site can send it without a preflight,
 * which this server never grants).
 */
export function handleAlertsDigest(
  deps: (at: Date) => AlertDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (chunks.reduce((n, b) => n + b.length, 0) < 1024) chunks.push(c);
    });
    req.on('end', async () => {
      try {
        if (req.method !== 'POST') return answer(405, { error: 'POST {"at": "<ISO time>"}' });
        if (!String(req.headers['content-type']).startsWith('application/json'))
          return answer(415, { error: 'send JSON: {"at": "<ISO time>"}' });
        let at: unknown;
        try {
          at = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { at?: unknown }).at;
        } catch {
          at = undefined;
        }
        const when = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
        if (Number.isNaN(when.getTime())) return answer(400, { error: '"at" must be an ISO time' });
        const { sweepAlertDigests } = await import(
          '../../functions/services/notifications/alert-notifications'
        );
        answer(200, await sweepAlertDigests(deps(when)));
      } catch (error) {
        answer(500, { error: error instanceof Error ? error.message : String(error) });
      } finally {
        done();
      }
    });
  });
}
