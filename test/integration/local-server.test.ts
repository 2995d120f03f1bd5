import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as z from 'zod';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { localS3Client, type S3Local, startS3Local } from '../../scripts/local/parts/s3';
import { freePort } from '../../scripts/local/ports';
import {
  type LambdaHandler,
  type LocalServer,
  type RouteEntry,
  startLocalServer,
} from '../../scripts/local/server';
import { runtimeConfigSchema } from '#shared/runtime-config';
import { startTestCognito, type TestCognito } from '../support/local-cognito';

/**
 * The local origin server: it must hand handlers payload-v2 events (the bearer token untouched:
 * the functions verify their callers, decision 043), send what matches no route to the `$default`
 * route's function, map results like API Gateway, refuse oversized bodies as CloudFront's /api/*
 * function does, and serve the SPA with the security headers. The handlers here echo the event
 * they got, so the test sees what a real handler would receive. The functions' own refusals (bad
 * tokens, unknown routes, schema errors) are in spanish-refusals.test.ts.
 */

const student = {
  email: 'estudiante@est.ucab.edu.ve',
  password: 'Clave12345',
  name: 'Ana',
  nationalId: 'V11111111',
  universityId: 'ucab',
  groups: [],
};
const admin = {
  ...student,
  email: 'admin@ucab.edu.ve',
  nationalId: 'V22222222',
  groups: ['admin', 'super_admin'],
};

const response = z.unknown();
const area = 'catalog' as const;
const routes: RouteEntry[] = [
  { name: 'publicEcho', area, method: 'GET', path: '/api/things/{id}', auth: 'public', response },
  { name: 'userEcho', area, method: 'POST', path: '/api/things/{id}/notes', auth: 'user', response },
  { name: 'adminEcho', area, method: 'GET', path: '/api/admin/things', auth: 'admin', response },
  { name: 'plain', area, method: 'GET', path: '/api/plain', auth: 'public', response },
  { name: 'boom', area, method: 'GET', path: '/api/boom', auth: 'public', response },
  { name: 'binary', area, method: 'GET', path: '/api/binary', auth: 'public', response },
];
/** Which test handler serves each route. */
const servedBy: Record<string, string> = {
  publicEcho: 'echo',
  userEcho: 'echo',
  adminEcho: 'echo',
  plain: 'plain',
  boom: 'boom',
  binary: 'binary',
};

const handlers: Record<string, LambdaHandler> = {
  echo: async (event) => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
  }),
  plain: async () => ({ items: [1, 2] }),
  boom: async () => {
    throw new Error('handler failed');
  },
  binary: async () => ({
    statusCode: 201,
    headers: { 'content-type': 'image/png' },
    cookies: ['a=1; Path=/', 'b=2; Path=/'],
    body: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'),
    isBase64Encoded: true,
  }),
};

const eventSchema = z.object({
  version: z.literal('2.0'),
  routeKey: z.string(),
  rawPath: z.string(),
  rawQueryString: z.string(),
  cookies: z.array(z.string()).optional(),
  headers: z.record(z.string(), z.string()),
  queryStringParameters: z.record(z.string(), z.string()).optional(),
  pathParameters: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
  isBase64Encoded: z.boolean(),
  requestContext: z.object({
    requestId: z.string().min(1),
    routeKey: z.string(),
    stage: z.literal('$default'),
    time: z.string(),
    timeEpoch: z.number(),
    http: z.object({ method: z.string(), path: z.string(), sourceIp: z.string(), userAgent: z.string() }),
    authorizer: z.undefined().optional(),
  }),
});

let cognito: TestCognito;
let s3: S3Local;
let s3Client: S3Client;
let server: LocalServer;
let webDir: string;
const bucket = 'test-images';

beforeAll(async () => {
  cognito = await startTestCognito([student, admin]);
  s3 = await startS3Local({ port: await freePort(), buckets: [bucket] });
  s3Client = localS3Client(s3.endpoint);
  webDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Mercado</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(webDir, 'robots.txt'), 'User-agent: *');
  server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    routes,
    loadHandler: async (route) => handlers[servedBy[route.name]],
    connectSrc: [cognito.proxy.endpoint],
    webDir,
    images: { s3: s3Client, bucket },
    bodyLimitBytes: 1024,
    runtimeConfig: {
      stage: 'local',
      apiBaseUrl: '',
      auth: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.clientId,
        region: 'us-east-1',
        userPoolEndpoint: cognito.proxy.endpoint,
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
  await cognito?.stop();
  s3Client?.destroy();
  await s3?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

async function echo(path: string, init: RequestInit = {}) {
  const res = await fetch(url(path), init);
  expect(res.status).toBe(200);
  return eventSchema.parse(await res.json());
}

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`connect-src 'self' ${cognito.proxy.endpoint}`);
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // http only: HSTS belongs to the https deployment.
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('callers', () => {
  it('hands the bearer token to the function as it came, with no authorizer context, on every route', async () => {
    const { idToken } = await cognito.signIn(admin.email, admin.password);
    for (const [method, path] of [
      ['POST', '/api/things/7/notes'],
      ['GET', '/api/admin/things'],
      ['GET', '/api/things/1'],
    ]) {
      const event = await echo(path, { method, headers: { authorization: `Bearer ${idToken}` } });
      expect(event.headers.authorization, path).toBe(`Bearer ${idToken}`);
      expect(event.requestContext.authorizer, path).toBeUndefined();
    }
  });

  it('refuses nothing itself: a guarded route without a token reaches its function, which decides', async () => {
    const event = await echo('/api/admin/things');
    expect(event.headers.authorization).toBeUndefined();
  });
});

describe('routing and the payload-v2 event', () => {
  it("sends unknown API paths and wrong methods to the $default route's function: its Spanish 404", async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['DELETE', '/api/things/1'],
      ['GET', '/api/things/1/extra/segments'],
    ]) {
      const res = await fetch(url(path), { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Recurso no encontrado.' } });
      expectSecurityHeaders(res);
    }
  });

  it('builds the event like API Gateway: route key, path parameters, query, cookies, headers', async () => {
    const event = await echo('/api/things/caf%C3%A9?q=silla&tag=a&tag=b&empty=', {
      headers: { 'X-Custom-Header': 'Valor', Cookie: 'one=1; two=2', 'User-Agent': 'vitest-agent' },
    });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/things/{id}');
    expect(event.requestContext.routeKey).toBe('GET /api/things/{id}');
    expect(event.rawPath).toBe('/api/things/caf%C3%A9');
    expect(event.rawQueryString).toBe('q=silla&tag=a&tag=b&empty=');
    expect(event.pathParameters).toEqual({ id: 'café' });
    expect(event.queryStringParameters).toEqual({ q: 'silla', tag: 'a,b', empty: '' });
    expect(event.cookies).toEqual(['one=1', 'two=2']);
    expect(event.headers['x-custom-header']).toBe('Valor');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.http).toMatchObject({
      method: 'GET',
      path: '/api/things/caf%C3%A9',
      userAgent: 'vitest-agent',
    });
    expect(event.requestContext.http.sourceIp).toBe('127.0.0.1');
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes text bodies as text and binary bodies base64-encoded', async () => {
    const text = await echo('/api/things/1/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nota: 'ñandú' }),
    });
    expect(text.isBase64Encoded).toBe(false);
    expect(JSON.parse(text.body ?? '')).toEqual({ nota: 'ñandú' });
    const bytes = Buffer.from([0, 1, 2, 250, 251]);
    const binary = await echo('/api/things/1/notes', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body ?? '', 'base64')).toEqual(bytes);
  });

  it("rejects bodies over the limit with the API's Spanish 413, declared or streamed", async () => {
    const declared = await fetch(url('/api/things/1/notes'), { method: 'POST', body: 'x'.repeat(2048) });
    // Streamed (chunked, no Content-Length): judged as it is read.
    const streamed = await fetch(url('/api/things/1/notes'), {
      method: 'POST',
      body: new Blob(['x'.repeat(2048)]).stream(),
      duplex: 'half',
    } as RequestInit);
    for (const res of [declared, streamed]) {
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: { code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
      });
      expectSecurityHeaders(res);
    }
  });

  it('maps results like API Gateway: plain values, thrown errors, base64 bodies and cookies', async () => {
    const plain = await fetch(url('/api/plain'));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(await plain.json()).toEqual({ items: [1, 2] });

    const boom = await fetch(url('/api/boom'));
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ message: 'Internal Server Error' });
    expectSecurityHeaders(boom);

    const binary = await fetch(url('/api/binary'));
    expect(binary.status).toBe(201);
    expect(binary.headers.get('content-type')).toBe('image/png');
    expect(binary.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(Buffer.from(await binary.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expectSecurityHeaders(binary);
  });
});

describe('the API in process (invokeApi, for a server render)', () => {
  const request = (method: string, path: string, headers: Record<string, string> = {}) => ({
    method,
    url: path,
    headers,
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    host: 'localhost',
  });

  it('runs a request through the same route and handler as /api/* over HTTP, and returns its response', async () => {
    const result = await server.invokeApi(
      request('GET', '/api/things/caf%C3%A9?tag=a&tag=b', { cookie: 'one=1; two=2', 'user-agent': 'render' }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/json');
    const event = eventSchema.parse(JSON.parse(result.body.toString('utf8')));
    expect(event).toMatchObject({
      routeKey: 'GET /api/things/{id}',
      pathParameters: { id: 'café' },
      queryStringParameters: { tag: 'a,b' },
      cookies: ['one=1', 'two=2'],
    });
    expect(event.requestContext.http).toMatchObject({ method: 'GET', userAgent: 'render' });

    const overHttp = await fetch(url('/api/binary'));
    const inProcess = await server.invokeApi(request('get', '/api/binary'));
    expect(inProcess.statusCode).toBe(overHttp.status);
    expect(inProcess.cookies).toEqual(overHttp.headers.getSetCookie());
    expect(inProcess.body).toEqual(Buffer.from(await overHttp.arrayBuffer()));
  });

  it("answers unknown paths with the $default function's Spanish 404, a thrown handler with a 500", async () => {
    const missing = await server.invokeApi(request('GET', '/api/nothing-here'));
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body.toString('utf8'))).toEqual({
      error: { code: 'not_found', message: 'Recurso no encontrado.' },
    });
    const boom = await server.invokeApi(request('GET', '/api/boom'));
    expect(boom.statusCode).toBe(500);
    expect(JSON.parse(boom.body.toString('utf8'))).toEqual({ message: 'Internal Server Error' });
  });

  it('answers a malformed escape in a path parameter with a Spanish 400, not a 500', async () => {
    for (const answer of [
      await server.invokeApi(request('GET', '/api/things/%E0%A4%A')),
      await fetch(url('/api/things/%E0%A4%A')).then(async (res) => ({
        statusCode: res.status,
        body: Buffer.from(await res.arrayBuffer()),
      })),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body.toString('utf8')).error).toMatchObject({ code: 'bad_request' });
    }
  });
});

describe('web origin', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    for (const path of ['/', '/marketplace', '/product/42', '/categoria/libros?x=1']) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
      expectSecurityHeaders(res);
    }
  });

  it('long-caches hashed assets and answers missing files with 404, not the SPA', async () => {
    const asset = await fetch(url('/assets/index-abc123.js'));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    const robots = await fetch(url('/robots.txt'));
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(url('/assets/missing-123.js'));
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('never serves files outside web/dist', async () => {
    const status = await new Promise<number>((done, fail) => {
      // A raw request: fetch would normalise the dot segments away.
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/..%2F..%2Fpackage.json' },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(404);
  });

  it('serves /runtime-config.json from the running stack', async () => {
    const res = await fetch(url('/runtime-config.json'));
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const config = runtimeConfigSchema.parse(await res.json());
    expect(config.auth).toMatchObject({
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: cognito.proxy.endpoint,
    });
    expect(config.auth).not.toHaveProperty('authFlowType');
  });

  it('serves /images/* from the images bucket as the image its bytes are', async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    await s3Client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'images/products/7/foto 1.webp',
        Body: bytes,
        ContentType: 'image/webp',
      }),
    );
    const res = await fetch(url('/images/products/7/foto%201.webp'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    // An image gets its own locked-down policy (test/integration/local-origin.test.ts).
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await fetch(url('/images/products/7/none.webp'));
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('never serves raw uploads, even by a crafted path', async () => {
    await s3Client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'uploads/u1/private.webp',
        Body: 'x',
        ContentType: 'image/webp',
      }),
    );
    for (const path of [
      '/images/../uploads/u1/private.webp',
      '/images/%2e%2e/uploads/u1/private.webp',
      // A malformed escape is a missing object, not a server error.
      '/images/products/%E0%A4%A.webp',
    ]) {
      expect((await fetch(url(path))).status, path).toBe(404);
    }
  });
});

describe('listening', () => {
  it('refuses to start on a port another program holds on ::1 (where localhost may lead the browser)', async () => {
    const port = await freePort();
    const squatter = createNetServer();
    await new Promise<void>((done, fail) => {
      squatter.once('error', fail);
      squatter.listen(port, '::1', () => done());
    });
    try {
      const started = startLocalServer({
        port,
        routes,
        loadHandler: async (route) => handlers[servedBy[route.name]],
        connectSrc: [],
        webDir,
        runtimeConfig: {
          stage: 'local',
          apiBaseUrl: '',
          auth: {
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.clientId,
            region: 'us-east-1',
            userPoolEndpoint: cognito.proxy.endpoint,
          },
        },
      });
      await expect(started.then((s) => s.close())).rejects.toThrow(`Port ${port} is in use`);
    } finally {
      await new Promise<void>((done) => squatter.close(() => done()));
    }
  });
});
