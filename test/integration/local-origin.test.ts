import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_IMAGES_BUCKET, type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { localS3Client, S3_LOCAL_CREDENTIALS } from '../../scripts/local/parts/s3';
import { generateDemoExport } from '../../scripts/demo/data';
import { uploadDemoImages } from '../../scripts/demo/seed';
import { signPolicy } from '../../scripts/local/presigned-post';

/**
 * The local origin as an attacker on the network or a malicious page would meet it (issue 12,
 * item 3): the upload proxy accepts only what S3 would accept for a presigned POST, images are
 * served only as images, and every part of the stack listens on the loopback interface only.
 */

let stack: LocalStack;
let s3: S3Client;
let signer: S3Client;
let origin: string;

beforeAll(async () => {
  stack = await startLocalStack({ port: 0, quiet: true });
  origin = stack.url;
  s3 = localS3Client(stack.s3Endpoint);
  // Signs as the publishing function does: its form points at the origin's proxy.
  signer = new S3Client({
    endpoint: `${origin}/local-s3`,
    forcePathStyle: true,
    region: stack.region,
    credentials: S3_LOCAL_CREDENTIALS,
  });
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  signer?.destroy();
  await stack?.stop();
});

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

/** A presigned POST as the app makes it (functions/adapters/s3/images.ts). */
async function presign(key: string, opts: { type?: string; max?: number; expires?: number } = {}) {
  const type = opts.type ?? 'image/jpeg';
  return createPresignedPost(signer, {
    Bucket: LOCAL_IMAGES_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, opts.max ?? 1024 * 1024],
      ['eq', '$Content-Type', type],
    ],
    Fields: { 'Content-Type': type },
    Expires: opts.expires ?? 300,
  });
}

function formOf(fields: Record<string, string>, file: Buffer | null, after: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), 'foto.jpg');
  for (const [k, v] of Object.entries(after)) form.append(k, v);
  return form;
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: LOCAL_IMAGES_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

let n = 0;
const uniqueKey = (ext = 'jpg') => `uploads/u-test/${Date.now()}-${++n}.${ext}`;

describe('the local upload proxy verifies presigned POSTs as S3 does', () => {
  it('stores a valid upload', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const res = await fetch(url, { method: 'POST', body: formOf(fields, await jpeg()) });
    expect(res.status).toBeLessThan(300);
    expect(await exists(key)).toBe(true);
  });

  it('refuses a form whose policy has no valid signature, and stores nothing', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const tampered = {
      ...fields,
      'X-Amz-Signature': fields['X-Amz-Signature'].replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    const res = await fetch(url, { method: 'POST', body: formOf(tampered, await jpeg()) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('does not match the signature');
    expect(await exists(key)).toBe(false);
  });

  it('refuses a policy re-signed with another secret, or a form signed by an unknown key', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const [, date, region] = fields['X-Amz-Credential'].split('/');
    const forged = {
      ...fields,
      'X-Amz-Signature': signPolicy(fields.Policy, 'not-the-secret', { date, region, service: 's3' }),
    };
    expect((await fetch(url, { method: 'POST', body: formOf(forged, await jpeg()) })).status).toBe(403);
    const stranger = {
      ...fields,
      'X-Amz-Credential': fields['X-Amz-Credential'].replace(/^[^/]+/, 'AKIASTRANGER'),
    };
    expect((await fetch(url, { method: 'POST', body: formOf(stranger, await jpeg()) })).status).toBe(403);
    expect(await exists(key)).toBe(false);
  });

  it('refuses an expired policy', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key, { expires: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    const res = await fetch(url, { method: 'POST', body: formOf(fields, await jpeg()) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Policy expired');
    expect(await exists(key)).toBe(false);
  });

  it('refuses another key than the signed one (a script or a page among the images)', async () => {
    const { url, fields } = await presign(uniqueKey());
    for (const key of ['images/x.js', 'images/x.html', 'images/products/1/1.jpg']) {
      const res = await fetch(url, {
        method: 'POST',
        body: formOf({ ...fields, key }, Buffer.from('<script>alert(1)</script>')),
      });
      expect(res.status, key).toBe(403);
      expect(await exists(key), key).toBe(false);
    }
  });

  it('refuses another content type than the signed one', async () => {
    const key = uniqueKey('html');
    const { url, fields } = await presign(key);
    const res = await fetch(url, {
      method: 'POST',
      body: formOf({ ...fields, 'Content-Type': 'text/html' }, Buffer.from('<h1>hola</h1>')),
    });
    expect(res.status).toBe(403);
    expect(await exists(key)).toBe(false);
  });

  it('refuses a file larger (or smaller) than the policy allows, by its real size', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key, { max: 1000 });
    const big = await fetch(url, { method: 'POST', body: formOf(fields, Buffer.alloc(1001, 1)) });
    expect(big.status).toBe(403);
    const empty = await fetch(url, { method: 'POST', body: formOf(fields, Buffer.alloc(0)) });
    expect(empty.status).toBe(403);
    expect(await exists(key)).toBe(false);
  });

  it('refuses fields after the file, and fields no condition covers', async () => {
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const after = await fetch(url, {
      method: 'POST',
      body: formOf(fields, await jpeg(), { key: 'images/x.html' }),
    });
    expect(after.status).toBe(400);
    const extra = await fetch(url, {
      method: 'POST',
      body: formOf(
        { ...fields, 'Content-Disposition': 'inline', success_action_redirect: 'https://evil.example' },
        await jpeg(),
      ),
    });
    expect(extra.status).toBe(403);
    expect(await exists(key)).toBe(false);
    // S3 lets x-ignore-* through without a condition.
    const ignored = await fetch(url, {
      method: 'POST',
      body: formOf({ ...fields, 'x-ignore-note': 'hola' }, await jpeg()),
    });
    expect(ignored.status).toBeLessThan(300);
  });

  it('stores only what it verified, however the form is spelt (s3rver parses forms its own way)', async () => {
    const victim = 'images/products/97/1.jpg';
    const original = await jpeg();
    await s3.send(
      new PutObjectCommand({
        Bucket: LOCAL_IMAGES_BUCKET,
        Key: victim,
        Body: original,
        ContentType: 'image/jpeg',
      }),
    );
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const boundary = '----formulario7MA4YWxkTrZu0gW';
    const field = (headers: string[], value: string | Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const disposition = (name: string) => `Content-Disposition: form-data; name="${name}"`;
    const replacement = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    // The signed fields as a browser sends them, then one part with two dispositions: a parser that
    // reads the last one sees an ignorable x-ignore-* field, one that reads the first sees a second
    // `key` (s3rver keeps the last key it sees), then the file.
    const body = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) => field([disposition(name)], value)),
      field([disposition('key'), disposition('x-ignore-note')], victim),
      field([`${disposition('file')}; filename="foto.jpg"`, 'Content-Type: image/jpeg'], replacement),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status, await res.text()).toBeLessThan(500);
    const stored = await s3.send(new GetObjectCommand({ Bucket: LOCAL_IMAGES_BUCKET, Key: victim }));
    expect(
      Buffer.from(await stored.Body!.transformToByteArray()).equals(original),
      'the photo is untouched',
    ).toBe(true);
    // Whatever was accepted went to the signed key, and nowhere else.
    if (res.status < 300) expect(await exists(key)).toBe(true);
  });

  it('forwards nothing but a POST to the bucket root: no delete, no other method, bucket or path', async () => {
    const victim = 'images/products/99/1.jpg';
    await s3.send(
      new PutObjectCommand({
        Bucket: LOCAL_IMAGES_BUCKET,
        Key: victim,
        Body: await jpeg(),
        ContentType: 'image/jpeg',
      }),
    );
    const key = uniqueKey();
    const { url, fields } = await presign(key);
    const deleteXml =
      '<?xml version="1.0"?><Delete><Object><Key>images/products/99/1.jpg</Key></Object></Delete>';
    const attempts: [string, RequestInit][] = [
      [`${url}?delete`, { method: 'POST', body: deleteXml, headers: { 'content-type': 'application/xml' } }],
      [`${url}?delete`, { method: 'POST', body: formOf(fields, await jpeg()) }],
      [`${url}/${victim}`, { method: 'DELETE' }],
      [`${url}/${victim}`, { method: 'PUT', body: '<script>1</script>' }],
      [`${url}/${victim}`, { method: 'GET' }],
      [`${url}/uploads/u-test/x.jpg`, { method: 'POST', body: formOf(fields, await jpeg()) }],
      [`${origin}/local-s3/otro-bucket`, { method: 'POST', body: formOf(fields, await jpeg()) }],
      [url, { method: 'GET' }],
      [url, { method: 'POST', body: 'not a form', headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [target, init] of attempts) {
      const res = await fetch(target, init);
      expect(res.status, `${init.method} ${target}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${init.method} ${target}`).toBeLessThan(500);
    }
    expect(await exists(victim)).toBe(true);
    expect(await exists(key)).toBe(false);
  });
});

describe('the local origin serves images only as images', () => {
  it("serves the demo data's images: every product photo and every university logo", async () => {
    const data = generateDemoExport({ count: 3 });
    await uploadDemoImages(s3, LOCAL_IMAGES_BUCKET, data);
    const paths = [...data.universities.map((u) => u.logo ?? ''), ...data.products.flatMap((p) => p.images)];
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^image\/(jpeg|png|webp)$/);
      await res.arrayBuffer();
    }
  });

  it('serves a stored JPEG as image/jpeg, sandboxed and unsniffable', async () => {
    const bytes = await jpeg();
    await s3.send(
      new PutObjectCommand({
        Bucket: LOCAL_IMAGES_BUCKET,
        Key: 'images/products/98/1.jpg',
        Body: bytes,
        ContentType: 'text/html',
      }),
    );
    const res = await fetch(`${origin}/images/products/98/1.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('never serves a page or a script stored among the images, whatever its name or type', async () => {
    const cases: [string, string, string][] = [
      ['images/x.html', '<script>alert(document.cookie)</script>', 'text/html'],
      ['images/x.js', 'alert(1)', 'text/javascript'],
      ['images/x.jpg', '<html><script>alert(1)</script></html>', 'image/jpeg'],
      ['images/x.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
    ];
    for (const [key, body, type] of cases) {
      await s3.send(
        new PutObjectCommand({ Bucket: LOCAL_IMAGES_BUCKET, Key: key, Body: body, ContentType: type }),
      );
      const res = await fetch(`${origin}/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.headers.get('content-type') ?? '', key).not.toMatch(/html|javascript|svg/);
    }
  });
});

describe('every part of the local stack listens on the loopback interface only', () => {
  /** An address of this machine that is not loopback: what a neighbour on the network would use. */
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

  const reachable = (host: string, port: number) =>
    new Promise<boolean>((done) => {
      const socket = connect({ host, port });
      socket.setTimeout(2000);
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
      socket.once('timeout', () => {
        socket.destroy();
        done(false);
      });
    });

  it('answers on 127.0.0.1 (and ::1 for the app) and refuses the machine’s network address', async () => {
    // This machine has a network interface; without one the refusal below could not be shown.
    expect(external, 'a non-loopback IPv4 address on this machine').toBeTruthy();
    const port = (url: string) => Number(new URL(url).port);
    const parts: Record<string, number> = {
      'web origin': port(stack.url),
      'DynamoDB Local': port(stack.dynamodbEndpoint),
      'cognito-local': port(stack.cognito.issuer),
      'cognito proxy': port(stack.cognito.endpoint),
      'SES emulator': port(stack.sesEndpoint),
      s3rver: port(stack.s3Endpoint),
    };
    for (const [name, p] of Object.entries(parts)) {
      expect(await reachable('127.0.0.1', p), `${name} on 127.0.0.1:${p}`).toBe(true);
      expect(await reachable(external!, p), `${name} on ${external}:${p}`).toBe(false);
    }
    expect(await reachable('::1', parts['web origin']), 'web origin on ::1').toBe(true);
    const res = await fetch(`http://[::1]:${parts['web origin']}/api/universities`);
    expect(res.status).toBe(200);
  });
});
