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

  it('refuses plain http and address literals inside the network before connecting', async () => {
    const f = fetcher(['8.8.8.8']);
    await expect(f.fetch('http://example.com/a.jpg')).rejects.toThrow('Solo se aceptan enlaces https');
    await expect(f.fetch('https://169.254.169.254/latest/meta-data')).rejects.toThrow('no es pública');
    await expect(f.fetch('https://[::1]/a.jpg')).rejects.toThrow('no es pública');
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
