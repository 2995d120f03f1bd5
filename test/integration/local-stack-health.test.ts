import { expect, it } from 'vitest';
import { startLocalStack } from '../../scripts/local/stack';

/**
 * Issue 28: GET /api/health on the local stack names the part that is down, with its status code
 * meaning what it meant (200 every part answers; 503 with Retry-After otherwise), the report beside
 * an error a person reads in Spanish. Parts are stopped one by one while the stack runs.
 */
it('names each stopped part in the health report, degraded while the table answers and down once it does not', async () => {
  const stack = await startLocalStack({ port: 0, quiet: true });
  const health = async () => {
    const res = await fetch(`${stack.url}/api/health`);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
  try {
    expect(await health()).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ok', parts: { table: 'ok', search: 'ok', auth: 'ok', mail: 'ok', images: 'ok' } },
    });

    await stack.stopPart('ses');
    expect(await health()).toEqual({
      status: 503,
      retryAfter: '5',
      body: {
        status: 'degraded',
        parts: { table: 'ok', search: 'ok', auth: 'ok', mail: 'down', images: 'ok' },
        error: {
          code: 'unavailable',
          message: 'No responde el correo. Inténtalo de nuevo en unos segundos.',
          details: [{ path: 'parts.mail', message: 'El correo no responde.' }],
        },
      },
    });

    await stack.stopPart('cognito');
    const noAuth = await health();
    expect(noAuth.status).toBe(503);
    expect(noAuth.body).toMatchObject({
      status: 'degraded',
      parts: { table: 'ok', search: 'ok', auth: 'down', mail: 'down', images: 'ok' },
      error: {
        message: 'No responden el inicio de sesión y el correo. Inténtalo de nuevo en unos segundos.',
      },
    });

    await stack.stopPart('s3');
    await stack.stopPart('dynamodb');
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'down',
      parts: { table: 'down', search: 'ok', auth: 'down', mail: 'down', images: 'down' },
    });
  } finally {
    await stack.stop();
  }
}, 120_000);
