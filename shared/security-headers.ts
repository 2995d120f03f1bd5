/**
 * Security headers of every response: CloudFront's response headers policy in AWS and the local
 * server send the same set, built here once.
 */
export interface SecurityHeaderOptions {
  /** Extra origins the SPA talks to (the Cognito endpoint, the images origin). */
  connectSrc?: string[];
  /** Extra image origins (imported products may point to https images elsewhere). */
  imgSrc?: string[];
  /** HTTPS deployments add HSTS and upgrade-insecure-requests; the local http stack must not. */
  https: boolean;
}

export function contentSecurityPolicy(opts: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React writes style attributes through the CSSOM, which CSP does not block; no inline <style>.
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(opts.imgSrc ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(opts.connectSrc ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    // The service worker (/sw.js, decision 023). Named rather than left to the script-src fallback,
    // so that a script origin added later never becomes a worker origin too.
    'worker-src': ["'self'"],
  };
  const parts = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  if (opts.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** Header name → value, lower-case names. */
export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(opts),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (opts.https) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains; preload';
  return headers;
}
