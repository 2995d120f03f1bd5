import { describe, expect, it } from 'vitest';
import { createRemoteImageFetcher, isPublicAddress } from './fetch-image';

const fetcher = (addresses: string[]) =>
  createRemoteImageFetcher({
    maxBytes: 1024,
    timeoutMs: 2000,
    lookup: (_host, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
  });

describe('remote image fetch guard (SSRF)', () => {
  it('knows private, loopback, link-local and reserved addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '151.101.1.69', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });

  it('judges the IPv4 address an IPv6 address embeds, in every standard form', () => {
    for (const a of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::127.0.0.1',
      '::a9fe:a9fe', // 169.254.169.254, the metadata service
      '::ffff:7f00:1', // IPv4-mapped, hexadecimal
      '::ffff:0:a00:1', // IPv4-translated 10.0.0.1
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b:1::808:808', // local-use NAT64
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (obfuscated)
      '2001:0:a00:1:8000:63bf:f7f7:f7f7', // Teredo, server 10.0.0.1
      '2a00:1450:4001::5efe:7f00:1', // ISATAP of 127.0.0.1
      '2a00:1450:4001::200:5efe:a00:1', // ISATAP of 10.0.0.1
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2a00:1450:4001:81b::200e'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses plain http and address literals inside the network before connecting', async () => {
    const f = fetcher(['8.8.8.8']);
    await expect(f.fetch('http://example.com/a.jpg')).rejects.toThrow('Solo se aceptan enlaces https');
    await expect(f.fetch('https://169.254.169.254/latest/meta-data')).rejects.toThrow('no es pública');
    await expect(f.fetch('https://[::1]/a.jpg')).rejects.toThrow('no es pública');
    await expect(f.fetch('https://[::7f00:1]/a.jpg')).rejects.toThrow('no es pública');
    await expect(f.fetch('https://[::ffff:7f00:1]/a.jpg')).rejects.toThrow('no es pública');
  });

  it('refuses a name that resolves inside the network, even partly', async () => {
    await expect(fetcher(['127.0.0.1']).fetch('https://fotos.example/a.jpg')).rejects.toThrow(
      'no es pública',
    );
    await expect(fetcher(['8.8.8.8', '10.0.0.7']).fetch('https://fotos.example/a.jpg')).rejects.toThrow(
      'no es pública',
    );
  });
});
