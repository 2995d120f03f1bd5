import { expect, it } from 'vitest';
import { startLocalStack } from '../../scripts/local/stack';

/**
 * `npm run bench` starts a stack with the demo data for Lighthouse, stops it, and starts another for
 * the listing and account figures, in one process. The handlers build their table client once per
 * process: the second stack must not inherit the first one's, whose DynamoDB is gone.
 */
it('serves a stack started after another stopped in the same process from its own table', async () => {
  const first = await startLocalStack({ port: 0, quiet: true });
  expect((await fetch(`${first.url}/api/universities`)).status).toBe(200);
  await first.stop();
  const second = await startLocalStack({ port: 0, quiet: true });
  try {
    const res = await fetch(`${second.url}/api/universities`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [] });
    // The listing reads the table too.
    expect((await fetch(`${second.url}/api/products?university=ucab`)).status).toBe(200);
  } finally {
    await second.stop();
  }
}, 180_000);
