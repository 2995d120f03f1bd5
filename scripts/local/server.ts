import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { inspectImage } from '../../functions/services/publishing/image-inspection';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { LIMITS } from '#shared/limits';
import { type PostCredentials, type PostRejection, s3ErrorXml, verifyPresignedPost } from './presigned-post';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';
import { shellPathOf } from '#shared/pages';
import { securityHeaders } from '#shared/security-headers';
import { CACHE_CONTROL, isCompressible, pickEncoding } from '#shared/web-delivery';
import { PayloadTooLargeError } from '../../functions/commons/errors';
import {
  gatewayError,
  type HttpResult,
  internalServerError,
  toHttpResult,
} from '../../functions/http/api-event';
import { errorResponse } from '../../functions/http/router';
import { type ApiGatewayOptions, createInvokeApi, type InvokeApi } from './api-gateway';
import { API_DELAY_PATH, delayedInvokeApi, parseApiDelay } from './api-delay';
import { createRenderCache } from './render-cache';
import { createLocalRenderer, RENDER_MODES, RENDER_SWITCH_PATH, type RenderMode } from './render';

export type { LambdaHandler, RouteEntry } from './api-gateway';

/**
 * The local origin: what CloudFront + API Gateway + S3 are in AWS, on one port.
 * - /api/*: the local API Gateway (api-gateway.ts `invokeApi`): the route table, each route handed
 *   to its area's Lambda handler (in process) as an HTTP API payload-v2 event; what matches no
 *   route goes to the `$default` route's function. A body over the API's limit is refused as
 *   CloudFront's /api/* function refuses it, with the router's own 413.
 * - /runtime-config.json: generated from the running stack.
 * - /images/*: the local images bucket.
 * - everything else: the built SPA (web/dist) with the CloudFront function's fallback rule, or
 *   Vite's dev server with `dev`.
 * Every response carries the shared security headers.
 */

export interface LocalServerOptions extends ApiGatewayOptions {
  /** 0 picks a free port. */
  port: number;
  /**
   * Interface to bind (e.g. `0.0.0.0` to open the app to a phone on the same network).
   * @default the loopback interface only, IPv4 and IPv6 (browsers resolve localhost to either)
   */
  host?: string;
  runtimeConfig: RuntimeConfig;
  /** Origins the SPA may connect to besides itself (the Cognito endpoint). */
  connectSrc: string[];
  /** Built SPA. @default web/dist */
  webDir?: string;
  /**
   * The server render's module (the Vite SSR build); null: none, every page is the static shell.
   * @default web/dist-ssr/render.mjs
   */
  renderModule?: string | null;
  /**
   * Keep rendered pages as CloudFront's edge does (scripts/local/render-cache.ts), for the benches
   * that measure a cached page. Off by default: a demo or a test that changes a listing and reloads
   * its page sees the change at once. @default false
   */
  edgeCache?: boolean;
  /** Serve the SPA through Vite's dev server (hot reload). */
  dev?: boolean;
  images?: { s3: S3Client; bucket: string };
  /**
   * Browsers POST presigned uploads to /local-s3/<bucket> on this origin; the server verifies them
   * as S3 would and passes them to s3rver, so uploads need no other origin in the CSP (in AWS they
   * go to S3 itself).
   */
  uploads?: UploadProxyOptions;
  /** Largest accepted request body. @default LIMITS.apiBodyMaxBytes (as CloudFront's /api/* function) */
  bodyLimitBytes?: number;
  /** Local-only control endpoints by exact path, outside /api (e.g. the search index switch). */
  controls?: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;
  quiet?: boolean;
}

export interface LocalServer {
  url: string;
  port: number;
  /** The API as this origin's /api/* serves it, for calls made in process (a server render's). */
  invokeApi: InvokeApi;
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Path prefix of the same-origin upload proxy (UPLOAD_ENDPOINT = <origin>/local-s3). */
export const UPLOAD_PROXY_PREFIX = '/local-s3/';
/**
 * The largest photo a presigned POST allows (the app's content-length-range) plus room for the
 * form's fields and multipart framing; a larger body is refused before it is read.
 */
const UPLOAD_BODY_LIMIT = LIMITS.imageMaxBytes + 64 * 1024;
/** Form field names S3's forms use (key, Policy, X-Amz-*, Content-Type, x-amz-meta-*, …). */
const FORM_FIELD_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Where the local upload proxy forwards, and what it verifies forms against. */
export interface UploadProxyOptions {
  /** s3rver's endpoint. */
  target: string;
  /** The one bucket browsers may post to (the images bucket). */
  bucket: string;
  /** The credentials presigned posts are signed with (the functions' local S3 credentials). */
  credentials: PostCredentials;
}

/**
 * The same-origin upload proxy: verifies a browser's presigned POST as S3 would (signature,
 * expiry, bucket, key, content type, size — s3rver checks none of it) and forwards only such a
 * POST, its verified fields and file spelt afresh, to the bucket's root; nothing else reaches
 * s3rver (no GET, PUT, DELETE, `?delete`, other buckets or keys in the path).
 */
async function proxyUpload(
  req: IncomingMessage,
  res: ServerResponse,
  opts: UploadProxyOptions,
): Promise<void> {
  const answer = (status: number, rejection: PostRejection) => {
    req.resume();
    res.writeHead(status, { 'content-type': 'application/xml' }).end(s3ErrorXml(rejection));
  };
  const [path, query] = splitOnce(req.url ?? '/', '?');
  const bucketPath = path.slice(UPLOAD_PROXY_PREFIX.length).replace(/\/$/, '');
  if (req.method !== 'POST')
    return answer(405, { status: 403, code: 'MethodNotAllowed', message: 'Only presigned POST uploads.' });
  if (query !== undefined || bucketPath !== opts.bucket)
    return answer(403, { status: 403, code: 'AccessDenied', message: 'Only a POST to the bucket root.' });
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  if (!(length <= UPLOAD_BODY_LIMIT))
    return answer(length > UPLOAD_BODY_LIMIT ? 400 : 411, {
      status: 400,
      code: length > UPLOAD_BODY_LIMIT ? 'EntityTooLarge' : 'MissingContentLength',
      message: 'The body is too large or has no length.',
    });
  const body = await readBody(req, UPLOAD_BODY_LIMIT);
  if (body === 'too-large')
    return answer(400, { status: 400, code: 'EntityTooLarge', message: 'The body is too large.' });
  const contentType = req.headers['content-type'] ?? '';
  let entries: [string, FormDataEntryValue][];
  try {
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new Error('not multipart');
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
    entries = [...form.entries()];
  } catch {
    return answer(400, {
      status: 400,
      code: 'MalformedPOSTRequest',
      message: 'The body is not well-formed multipart/form-data.',
    });
  }
  // S3 ignores what follows the file; refusing it is simpler than forwarding a trimmed body.
  const last = entries.at(-1);
  if (
    last?.[0] !== 'file' ||
    typeof last[1] === 'string' ||
    entries.slice(0, -1).some(([, v]) => typeof v !== 'string')
  )
    return answer(400, {
      status: 400,
      code: 'InvalidArgument',
      message: 'The file must be the last field, and the only file.',
    });
  const fields = entries.slice(0, -1) as [string, string][];
  const odd = fields.find(([name]) => !FORM_FIELD_NAME.test(name));
  if (odd)
    return answer(400, {
      status: 400,
      code: 'InvalidArgument',
      message: `Unexpected form field name: ${odd[0]}`,
    });
  const rejection = verifyPresignedPost(
    { fields, fileSize: (last[1] as Blob).size },
    { bucket: opts.bucket, credentials: opts.credentials, now: new Date() },
  );
  if (rejection) return answer(rejection.status, rejection);

  // s3rver gets the verified form spelt afresh, never the browser's bytes: its parser (busboy) and
  // the one that read the form above disagree on odd but well-formed bodies (a part with two
  // Content-Disposition headers is one field to each, under two names), so forwarding the original
  // would store what was never verified. x-ignore-* fields are S3's to ignore: not forwarded.
  const forwarded = canonicalForm(
    fields.filter(([name]) => !name.toLowerCase().startsWith('x-ignore-')),
    Buffer.from(await (last[1] as Blob).arrayBuffer()),
  );
  await new Promise<void>((done) => {
    const upstream = httpRequest(
      new URL(`/${opts.bucket}`, opts.target),
      {
        method: 'POST',
        headers: { 'content-type': forwarded.contentType, 'content-length': String(forwarded.body.length) },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, {
          'content-type': reply.headers['content-type'] ?? 'text/plain',
        });
        reply.pipe(res);
        reply.on('end', () => done());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      done();
    });
    upstream.end(forwarded.body);
  });
}

/** A multipart/form-data body of plain fields (names as FORM_FIELD_NAME allows) and then the file. */
function canonicalForm(fields: [string, string][], file: Buffer): { body: Buffer; contentType: string } {
  for (;;) {
    const boundary = `----local-s3-${randomBytes(16).toString('hex')}`;
    const delimiter = `--${boundary}`;
    // A 128-bit random boundary never occurs in the content; checked all the same.
    if (file.includes(delimiter) || fields.some(([, value]) => value.includes(delimiter))) continue;
    const body = Buffer.concat([
      ...fields.map(([name, value]) =>
        Buffer.from(
          `${delimiter}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          'utf8',
        ),
      ),
      Buffer.from(
        `${delimiter}\r\nContent-Disposition: form-data; name="file"; filename="file"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n${delimiter}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Vite's dev server inlines the React refresh preamble and styles and talks HMR over a websocket. */
function relaxForDev(csp: string): string {
  return csp
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self'", "connect-src 'self' ws: wss:");
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((done, fail) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      done('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => done(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

export async function startLocalServer(opts: LocalServerOptions): Promise<LocalServer> {
  // The local API delay switch (./api-delay.ts) sits in front of every API call, the browser's and
  // the server render's alike.
  const delayedApi = delayedInvokeApi(createInvokeApi(opts));
  const invokeApi = delayedApi.invokeApi;
  const runtimeConfig = JSON.stringify(runtimeConfigSchema.parse(opts.runtimeConfig));
  const webDir = resolve(opts.webDir ?? join(ROOT, 'web', 'dist'));
  const bodyLimit = opts.bodyLimitBytes ?? LIMITS.apiBodyMaxBytes;
  const baseHeaders = securityHeaders({ https: false, connectSrc: opts.connectSrc });
  const headers = opts.dev
    ? { ...baseHeaders, 'content-security-policy': relaxForDev(baseHeaders['content-security-policy']) }
    : baseHeaders;

  const send = (res: ServerResponse, result: HttpResult) => {
    res.statusCode = result.statusCode;
    for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    if (result.cookies.length > 0) res.setHeader('set-cookie', result.cookies);
    res.setHeader('content-length', result.body.length);
    res.end(result.body);
  };

  /** An answer of the functions' own router (its Spanish error shape), for what never reaches one here. */
  const apiError = (error: unknown) => toHttpResult(errorResponse(error));

  const handleApi = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const method = (req.method ?? 'GET').toUpperCase();
    // CloudFront's /api/* function refuses a declared length over the limit before anything else.
    if (Number(req.headers['content-length'] ?? 0) > bodyLimit) {
      req.resume();
      return send(res, apiError(new PayloadTooLargeError()));
    }
    const body = await readBody(req, bodyLimit);
    if (body === 'too-large') return send(res, apiError(new PayloadTooLargeError()));
    send(
      res,
      await invokeApi({
        method,
        url: req.url ?? path,
        headers: req.headers,
        body,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        host: req.headers.host ?? 'localhost',
      }),
    );
  };

  const handleImage = async (res: ServerResponse, path: string) => {
    if (!opts.images) return send(res, gatewayError(404, 'Not Found'));
    // As CloudFront: /images/<x> is the bucket key images/<x>. Raw uploads (uploads/…) are outside
    // it, private until a product adopts (and re-encodes) them.
    let key: string;
    try {
      key = decodeURIComponent(path.slice(1));
    } catch {
      // A malformed escape names no object (CloudFront passes it on and S3 finds nothing).
      return send(res, gatewayError(404, 'Not Found'));
    }
    if (!key.startsWith('images/') || key.includes('..')) return send(res, gatewayError(404, 'Not Found'));
    try {
      const object = await opts.images.s3.send(
        new GetObjectCommand({ Bucket: opts.images.bucket, Key: key }),
      );
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      // Served by what the bytes are, never by the key's extension or the stored content type:
      // only a JPEG, PNG or WebP leaves this path, so no upload can become a page or a script
      // on the app's origin. The sandbox CSP keeps even a mistaken render inert.
      const info = inspectImage(bytes);
      if (!info) return send(res, gatewayError(404, 'Not Found'));
      send(res, {
        statusCode: 200,
        headers: {
          'content-type': info.type,
          'cache-control': CACHE_CONTROL.image,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
        cookies: [],
        body: bytes,
      });
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof Error && err.name === 'NoSuchKey')) {
        return send(res, gatewayError(404, 'Not Found'));
      }
      throw err;
    }
  };

  /**
   * A body compressed as CloudFront's edge does: a file once at the highest level (the edge keeps
   * the compressed object it made), a rendered page at a fast one (made per answer here, as
   * CloudFront compresses each copy it takes from the render function).
   */
  const compress = (raw: Buffer, encoding: 'br' | 'gzip', level: 'file' | 'page'): Buffer =>
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: level === 'file' ? 11 : 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzipSync(raw, { level: level === 'file' ? 9 : 6 });

  // Compressed copies by file, version and encoding: each is made once.
  const compressed = new Map<string, Buffer>();
  const compressedCopy = (file: string, version: string, encoding: 'br' | 'gzip'): Buffer => {
    const key = `${encoding}:${file}:${version}`;
    let body = compressed.get(key);
    if (!body) {
      body = compress(readFileSync(file), encoding, 'file');
      compressed.set(key, body);
    }
    return body;
  };

  /**
   * CloudFront's choice for a body of this type and size: null when it travels as it is (never
   * compressed, so the answer does not vary by Accept-Encoding), else the viewer's encoding (null
   * when it accepts none). One rule for the files and the rendered pages.
   */
  const negotiate = (
    req: IncomingMessage,
    type: string,
    size: number,
  ): { encoding: 'br' | 'gzip' | null } | null =>
    isCompressible(type, size) ? { encoding: pickEncoding(req.headers['accept-encoding']) } : null;

  /** A rendered page as CloudFront delivers it: compressed by the viewer's Accept-Encoding, as a file is. */
  const sendPage = (req: IncomingMessage, res: ServerResponse, page: HttpResult) => {
    const type = page.headers['content-type'];
    const choice = typeof type === 'string' ? negotiate(req, type, page.body.length) : null;
    if (!choice) return send(res, page);
    const headers = {
      ...page.headers,
      vary: [page.headers.vary, 'Accept-Encoding'].filter(Boolean).join(', '),
    };
    if (!choice.encoding) return send(res, { ...page, headers });
    send(res, {
      ...page,
      headers: { ...headers, 'content-encoding': choice.encoding },
      body: compress(page.body, choice.encoding, 'page'),
    });
  };

  /** A file as CloudFront delivers it: compressed by the viewer's Accept-Encoding when its type and size qualify. */
  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string) => {
    const stat = statSync(file);
    const type = contentTypeFor(file);
    res.statusCode = 200;
    res.setHeader('content-type', type);
    res.setHeader('cache-control', cacheControl);
    const choice = negotiate(req, type, stat.size);
    if (choice) {
      res.setHeader('vary', 'Accept-Encoding');
      const { encoding } = choice;
      if (encoding) {
        const body = compressedCopy(file, `${stat.mtimeMs}:${stat.size}`, encoding);
        res.setHeader('content-encoding', encoding);
        res.setHeader('content-length', body.length);
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
    }
    res.setHeader('content-length', stat.size);
    createReadStream(file).pipe(res);
  };

  // The rendered pages (shared/pages.ts) as the render function behind CloudFront will answer them.
  let origin = '';
  const renderModule =
    opts.renderModule === undefined ? join(ROOT, 'web', 'dist-ssr', 'render.mjs') : opts.renderModule;
  const renderer = renderModule
    ? createLocalRenderer({ webDir, renderModule, invokeApi, origin: () => origin })
    : undefined;
  // CloudFront's copies of the rendered pages in front of the render (scripts/local/render-cache.ts).
  const edge = renderer && opts.edgeCache ? createRenderCache(renderer.renderPage) : undefined;

  /** A local switch's JSON answer (never kept by a cache). */
  const sendSwitchAnswer = (res: ServerResponse, statusCode: number, value: unknown) =>
    send(res, {
      statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      cookies: [],
      body: Buffer.from(JSON.stringify(value)),
    });

  /** GET /__local/render → {"mode":"ok"}; PUT {"mode":"ok|fail|hang|throttle"} sets it (scripts/local/render.ts). */
  const handleRenderSwitch = async (req: IncomingMessage, res: ServerResponse) => {
    const json = (statusCode: number, value: unknown) => sendSwitchAnswer(res, statusCode, value);
    if (!renderer) return json(404, { error: 'no render module' });
    if (req.method === 'PUT') {
      const body = await readBody(req, 1024);
      let mode: unknown;
      try {
        mode =
          body === 'too-large' ? undefined : (JSON.parse(body.toString('utf8')) as { mode?: unknown }).mode;
      } catch {
        mode = undefined;
      }
      if (!RENDER_MODES.includes(mode as RenderMode))
        return json(400, { error: `mode: ${RENDER_MODES.join('|')}` });
      renderer.setMode(mode as RenderMode);
      edge?.clear();
    }
    return json(200, { mode: renderer.mode });
  };

  /** GET /__local/api-delay → {"ms":0}; PUT {"ms": n} delays every API answer by n ms (./api-delay.ts). */
  const handleApiDelaySwitch = async (req: IncomingMessage, res: ServerResponse) => {
    const json = (statusCode: number, value: unknown) => sendSwitchAnswer(res, statusCode, value);
    if (req.method === 'PUT') {
      const body = await readBody(req, 1024);
      const asked = body === 'too-large' ? { error: 'body too large' } : parseApiDelay(body.toString('utf8'));
      if ('error' in asked) return json(400, asked);
      delayedApi.setMs(asked.ms);
    } else if (req.method !== 'GET') return json(405, { error: 'GET or PUT' });
    return json(200, { ms: delayedApi.ms });
  };

  const handleStatic = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, gatewayError(405, 'Method Not Allowed'));
    const index = join(webDir, 'index.html');
    if (!existsSync(index)) {
      return send(res, {
        statusCode: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        cookies: [],
        body: Buffer.from('web/dist is missing: build the web app with `npm run build:web`.\n'),
      });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return send(res, gatewayError(400, 'Bad Request'));
    }
    const last = decoded.slice(decoded.lastIndexOf('/') + 1);
    // A rendered page (GET of a canonical path): the server's render, else the static shell.
    const rendered = await (edge ?? renderer)?.renderPage(req, req.url ?? path);
    if (rendered)
      return sendPage(req, res, {
        statusCode: rendered.status,
        headers: rendered.headers,
        cookies: [],
        body: rendered.body,
      });
    // The CloudFront function's rule: a last segment without an extension is a client-side route.
    // A rendered page whose render failed (or was not tried) gets its kind's static shell, as
    // CloudFront's origin group falls back to it: the screen's skeleton, never a blank page.
    if (!last.includes('.')) {
      const shellFile = shellPathOf(path);
      const shell = shellFile && join(webDir, shellFile);
      return serveFile(req, res, shell && existsSync(shell) ? shell : index, CACHE_CONTROL.revalidate);
    }
    const file = resolve(webDir, `.${decoded}`);
    if (!file.startsWith(webDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      return send(res, {
        statusCode: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        cookies: [],
        body: Buffer.from('Not Found\n'),
      });
    }
    // Vite puts content-hashed files under /assets/: they never change, everything else may.
    const immutable = decoded.startsWith('/assets/');
    serveFile(req, res, file, immutable ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.revalidate);
  };

  const server: Server = createServer();
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  let vite: { middlewares: Middleware; close(): Promise<void> } | undefined;
  if (opts.dev) {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({
      configFile: join(ROOT, 'web', 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, ws: { server } },
    });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    const work = async () => {
      const control = opts.controls?.[path];
      if (control) return control(req, res);
      if (path === RENDER_SWITCH_PATH) return handleRenderSwitch(req, res);
      if (path === API_DELAY_PATH) return handleApiDelaySwitch(req, res);
      if (path === '/api' || path.startsWith('/api/')) return handleApi(req, res, path);
      if (path === RUNTIME_CONFIG_PATH) {
        return send(res, {
          statusCode: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
          cookies: [],
          body: Buffer.from(runtimeConfig),
        });
      }
      if (path.startsWith('/images/')) return handleImage(res, path);
      if (path.startsWith(UPLOAD_PROXY_PREFIX) && opts.uploads) return proxyUpload(req, res, opts.uploads);
      if (vite) {
        return vite.middlewares(req, res, () => send(res, gatewayError(404, 'Not Found')));
      }
      return handleStatic(req, res, path);
    };
    work().catch((err) => {
      console.error('[local-server] request failed:', err);
      if (!res.headersSent) send(res, internalServerError());
      else res.destroy();
    });
  });

  const listen = (target: Server | NetServer, port: number, host: string) =>
    new Promise<void>((done, fail) => {
      target.once('error', fail);
      target.listen(port, host, () => {
        target.off('error', fail);
        done();
      });
    });
  // Loopback by default: the IPv6 loopback too, on the same port, handing its connections to the
  // same HTTP server (upgrades included), since browsers may resolve localhost to either.
  const extras: NetServer[] = [];
  try {
    for (let attempt = 1; ; attempt++) {
      await listen(server, opts.port, opts.host ?? '127.0.0.1');
      if (opts.host) break;
      const v6 = createNetServer((socket) => server.emit('connection', socket));
      try {
        await listen(v6, (server.address() as AddressInfo).port, '::1');
        extras.push(v6);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // A machine without IPv6 keeps the IPv4 listener alone.
        if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT') break;
        // Another program has the port on ::1, where localhost would take the browser to it: a
        // port the OS picked is picked again, a port asked for is in use.
        await new Promise<void>((done) => server.close(() => done()));
        if (code !== 'EADDRINUSE' || opts.port !== 0 || attempt >= 5) throw err;
      }
    }
  } catch (err) {
    void vite?.close();
    throw (err as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${opts.port} is in use: set PORT to another port.`)
      : err;
  }
  const port = (server.address() as AddressInfo).port;
  origin = `http://localhost:${port}`;
  return {
    url: origin,
    port,
    invokeApi,
    close: async () => {
      await vite?.close();
      server.closeAllConnections();
      await Promise.all([
        new Promise<void>((done) => server.close(() => done())),
        ...extras.map((extra) => new Promise<void>((done) => extra.close(() => done()))),
      ]);
    },
  };
}
