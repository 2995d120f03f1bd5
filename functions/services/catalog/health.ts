import { partDownDetail, partsDownMessage } from '#shared/messages';
import type { HealthReport } from '#shared/schemas';
import { ServiceUnavailableError } from '../../commons/errors';
import { withTimeout } from '../../commons/timeout';

/** Whether one part answers. */
export type HealthCheck = () => Promise<boolean>;

const PROBE_TIMEOUT_MS = 2000;
const probe = (check: HealthCheck) => withTimeout(check(), PROBE_TIMEOUT_MS).catch(() => false);

/**
 * The deployment's health: every part probed at once (a part that throws or takes over 2 s is
 * down). All up: the report. Any down: 503 with the same report beside an error naming the parts
 * down — 'down' without the table (nothing can be served), 'degraded' otherwise.
 */
export async function checkHealth(checks: readonly (readonly [string, HealthCheck])[]) {
  const answers = await Promise.all(checks.map(([, check]) => probe(check)));
  const down = checks.filter((_, i) => !answers[i]).map(([name]) => name);
  if (down.length === 0)
    return {
      status: 'ok' as const,
      parts: Object.fromEntries(checks.map(([name]) => [name, 'ok' as const])),
    };
  const report: HealthReport = {
    status: down.includes('table') ? 'down' : 'degraded',
    parts: Object.fromEntries(checks.map(([name], i) => [name, answers[i] ? 'ok' : 'down'])),
  };
  throw new ServiceUnavailableError(
    partsDownMessage(down),
    down.map((name) => ({ path: `parts.${name}`, message: partDownDetail(name) })),
    report,
  );
}
