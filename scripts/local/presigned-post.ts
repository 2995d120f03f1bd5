import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What S3 checks on a browser's presigned POST, for the local upload proxy: s3rver (the local S3)
 * ignores POST policies, so without this anyone could store any key with any content type through
 * the local origin (docs/decisions/015-local-origin-hardening.md). The rules follow S3's
 * documentation of POST policies (signature version 4).
 */

export interface PostCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface PostForm {
  /** The form's text fields, in order, before the file. */
  fields: [string, string][];
  /** The file part's size in bytes. */
  fileSize: number;
}

export interface PostRejection {
  status: 400 | 403;
  code: string;
  message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** Fields S3 does not need a condition for. */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

const reject = (status: 400 | 403, code: string, message: string): PostRejection => ({
  status,
  code,
  message,
});
const denied = (message: string) => reject(403, 'AccessDenied', message);

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** The SigV4 signature of a POST policy (base64 text) for a credential scope. */
export function signPolicy(
  policyBase64: string,
  secretAccessKey: string,
  scope: { date: string; region: string; service: string },
): string {
  const kDate = hmac(`AWS4${secretAccessKey}`, scope.date);
  const kRegion = hmac(kDate, scope.region);
  const kService = hmac(kRegion, scope.service);
  const kSigning = hmac(kService, 'aws4_request');
  return hmac(kSigning, policyBase64).toString('hex');
}

/**
 * Null when S3 would accept the form for `bucket` at `now`; otherwise what S3 would answer.
 * Field names are case-insensitive (as S3 treats them), values exact.
 */
export function verifyPresignedPost(
  form: PostForm,
  opts: { bucket: string; credentials: PostCredentials; now: Date },
): PostRejection | null {
  const fields = new Map<string, string>();
  for (const [name, value] of form.fields) {
    const lower = name.toLowerCase();
    if (fields.has(lower)) return reject(400, 'InvalidArgument', `Field ${name} appears more than once`);
    fields.set(lower, value);
  }
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential || !fields.has('key'))
    return reject(400, 'InvalidArgument', 'The form needs key, Policy, X-Amz-Credential and X-Amz-Signature');
  if (fields.get('x-amz-algorithm') !== ALGORITHM)
    return reject(400, 'InvalidArgument', 'Unsupported algorithm');

  // X-Amz-Credential: <access key>/<yyyymmdd>/<region>/s3/aws4_request
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1]))
    return reject(400, 'InvalidArgument', 'Malformed X-Amz-Credential');
  if (parts[0] !== opts.credentials.accessKeyId)
    return denied('The AWS Access Key Id you provided does not exist in our records.');
  const expected = signPolicy(policyText, opts.credentials.secretAccessKey, {
    date: parts[1],
    region: parts[2],
    service: 's3',
  });
  const given = Buffer.from(signature, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return denied('The request signature we calculated does not match the signature you provided.');

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    return reject(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : Number.NaN;
  if (Number.isNaN(expiration))
    return reject(400, 'InvalidPolicyDocument', 'Invalid Policy: missing expiration.');
  if (expiration <= opts.now.getTime()) return denied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(policy.conditions))
    return reject(400, 'InvalidPolicyDocument', 'Invalid Policy: missing conditions.');

  // The bucket is the URL's, whatever a field says; conditions may name it.
  const values = new Map(fields);
  values.set('bucket', opts.bucket);
  const covered = new Set<string>();
  for (const condition of policy.conditions as unknown[]) {
    if (checkCondition(condition, values, form.fileSize, covered))
      return denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  }
  // Every field but the policy, the signature, the file and x-ignore-* needs a condition.
  for (const name of fields.keys()) {
    if (UNCONDITIONED.has(name) || name.startsWith('x-ignore-') || covered.has(name)) continue;
    return denied(`Invalid according to Policy: Extra input fields: ${name}`);
  }
  if (!covered.has('bucket')) return denied('Invalid according to Policy: the policy names no bucket.');
  return null;
}

/** True when the condition fails (an unknown or malformed condition fails, as in S3). */
function checkCondition(
  condition: unknown,
  values: Map<string, string>,
  fileSize: number,
  covered: Set<string>,
): boolean {
  if (Array.isArray(condition)) {
    const [op, subject, operand] = condition as unknown[];
    if (op === 'content-length-range') {
      const min = Number(subject);
      const max = Number(operand);
      return Number.isInteger(min) && Number.isInteger(max) && !(fileSize >= min && fileSize <= max);
    }
    if ((op !== 'eq' && op !== 'starts-with') || typeof subject !== 'string' || !subject.startsWith('$'))
      return true;
    if (typeof operand !== 'string') return true;
    const name = subject.slice(1).toLowerCase();
    covered.add(name);
    const value = values.get(name);
    if (value === undefined) return !(op === 'starts-with' && operand === '');
    return op === 'eq' ? value !== operand : !value.startsWith(operand);
  }
  if (condition && typeof condition === 'object') {
    const entries = Object.entries(condition);
    if (entries.length !== 1) return true;
    const [rawName, operand] = entries[0];
    const name = rawName.toLowerCase();
    covered.add(name);
    return values.get(name) !== operand;
  }
  return true;
}

/** S3's XML error body. */
export function s3ErrorXml(rejection: PostRejection): string {
  const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${rejection.code}</Code><Message>${escapeXml(rejection.message)}</Message></Error>`;
}
