import { signInLocal } from '../local/parts/cognito';
import { DEMO_ADMIN } from '../local/demo-users';
import type { LocalStack } from '../local/stack';
import { fmt, percentile, sample } from './stats';

/** The demo admin's ID token from the stack's user pool (the area's routes need the admin group). */
export async function adminToken(stack: LocalStack): Promise<string> {
  return (await signInLocal(stack, DEMO_ADMIN)).idToken;
}

/**
 * GET /api/admin/dashboard through the local server (HTTP, token check, counter items, latest
 * reports, audit and jobs): its p50 must not grow with the table (decision 025 reads counters,
 * never counts items). Returns the p50 in ms.
 */
export async function dashboardFigures(
  stack: LocalStack,
  token: string,
  label: string,
  samples: number,
  line: (label: string, value: string, verdict?: boolean) => void,
): Promise<number> {
  const times = await sample(samples, async () => {
    const res = await fetch(`${stack.url}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`GET /api/admin/dashboard answered ${res.status}`);
    await res.arrayBuffer();
  });
  const p50 = percentile(times, 50);
  line(`[${label}] GET /api/admin/dashboard p50 / p95`, `${fmt(p50)} / ${fmt(percentile(times, 95))}`);
  return p50;
}

/**
 * Waits until the dashboard counts `expected` products (the stream dispatcher has caught up, so
 * nothing runs in the background while the figures are taken) and prints the count it shows.
 */
export async function waitForCounts(
  stack: LocalStack,
  token: string,
  expected: number,
  line: (label: string, value: string, verdict?: boolean) => void,
): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const res = await fetch(`${stack.url}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // An error answer (an expired token, a failing handler) says so, not "counts 0".
    if (!res.ok) throw new Error(`the dashboard answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { counts?: { products_total: number } };
    const total = body.counts?.products_total ?? 0;
    if (total >= expected) {
      line(
        `dashboard's product count (table holds ${expected.toLocaleString('en')})`,
        total.toLocaleString('en'),
        total === expected,
      );
      return;
    }
    if (Date.now() > deadline) throw new Error(`the dashboard counts ${total} of ${expected} products`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
