import { isIP } from 'node:net';
import { ENV, optionalEnv } from '../commons/env';
import { ipv6Hextets } from '../commons/ip';
import type { HttpApiEvent } from './api-event';

/**
 * The header CloudFront's viewer-request function on /api/* writes with the viewer's address
 * (infra/constructs/viewer-address.ts), replacing whatever the viewer sent under that name.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * THE client address of a request, as per-client limits count it (the public mail routes'). Trust
 * model — only what the client cannot choose is believed:
 *
 * - Locally (no CLIENT_IP_HEADER): the connection's address, which the local server puts in
 *   requestContext.http.sourceIp from its socket. Headers are never read, so none can be forged.
 * - In AWS the API sits behind CloudFront, so API Gateway's sourceIp is a CloudFront edge's. The
 *   stack sets CLIENT_IP_HEADER to VIEWER_ADDRESS_HEADER, which CloudFront's viewer-request
 *   function on /api/* sets from the viewer's address on every request, overwriting any value the
 *   viewer sent (the managed AllViewerExceptHostHeader policy forwards it to the API).
 * - A call to the API's execute-api URL skips CloudFront: there the header is whatever the caller
 *   sends, so the per-client limit can be dodged by changing it (the per-address and per-account
 *   limits still hold). A documented limit (docs/decisions/014, 012): closing it needs the default
 *   endpoint disabled behind a custom domain, or an origin secret checked here.
 * - A value that is not one IP address falls back to sourceIp.
 *
 * IPv4 addresses are counted one by one; IPv6 ones by their /64 (what one subscriber usually holds,
 * so a client cannot walk through its own addresses). Carrier-grade NAT and campus networks put many
 * people behind one IPv4 address: limits on this key must leave room for that.
 */
export function clientAddress(event: HttpApiEvent, header = optionalEnv(ENV.clientIpHeader)): string {
  const forwarded = header ? event.headers?.[header.toLowerCase()] : undefined;
  return normalise(forwarded) ?? normalise(event.requestContext?.http?.sourceIp) ?? 'unknown';
}

function normalise(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.trim().replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1');
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6)
    return `${(ipv6Hextets(address) ?? [])
      .slice(0, 4)
      .map((h) => h.toString(16))
      .join(':')}::/64`;
  return null;
}
