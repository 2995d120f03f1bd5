import { describe, expect, it } from 'vitest';
import { clientAddress, VIEWER_ADDRESS_HEADER } from './client-ip';
import type { HttpApiEvent } from './api-event';

const event = (sourceIp: string, headers: Record<string, string> = {}) =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as HttpApiEvent;

describe('clientAddress', () => {
  it('locally (no trusted header configured) counts the connection, whatever headers say', () => {
    const forged = { [VIEWER_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '198.51.100.1' };
    expect(clientAddress(event('127.0.0.1', forged), undefined)).toBe('127.0.0.1');
    expect(clientAddress(event('::ffff:192.168.1.20'), undefined)).toBe('192.168.1.20');
  });

  it("in AWS counts the header CloudFront sets (API Gateway's sourceIp is the edge's)", () => {
    const viaEdge = event('130.176.1.1', { [VIEWER_ADDRESS_HEADER]: '200.44.32.12' });
    expect(clientAddress(viaEdge, VIEWER_ADDRESS_HEADER)).toBe('200.44.32.12');
    // Other headers a client can set are not the trusted one.
    expect(clientAddress(event('130.176.1.1', { 'x-forwarded-for': '1.2.3.4' }), VIEWER_ADDRESS_HEADER)).toBe(
      '130.176.1.1',
    );
  });

  it('falls back to the connection when the header is missing or not one address', () => {
    for (const value of ['', 'not-an-ip', '1.2.3.4, 5.6.7.8', '1.2.3.4:443', '999.1.1.1'])
      expect(
        clientAddress(event('10.0.0.7', { [VIEWER_ADDRESS_HEADER]: value }), VIEWER_ADDRESS_HEADER),
      ).toBe('10.0.0.7');
    expect(clientAddress(event(''), undefined)).toBe('unknown');
  });

  it('counts IPv6 clients by their /64, however they write it', () => {
    const a = clientAddress(event('2001:db8:abcd:12::1'), undefined);
    expect(a).toBe('2001:db8:abcd:12::/64');
    expect(clientAddress(event('2001:0DB8:ABCD:0012:ffff:1:2:3'), undefined)).toBe(a);
    expect(clientAddress(event('2001:db8:abcd:13::1'), undefined)).not.toBe(a);
    expect(clientAddress(event('::1'), undefined)).toBe('0:0:0:0::/64');
    expect(clientAddress(event('64:ff9b::192.0.2.33'), undefined)).toBe('64:ff9b:0:0::/64');
  });
});
