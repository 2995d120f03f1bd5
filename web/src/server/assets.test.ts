import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { screenAssetLinks, screenAssetTags } from './assets';

/** A client build's manifest as Vite writes it: the entry, a shared chunk, the screens' chunks. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_common-1.js': { file: 'assets/common-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  'src/features/product/routes/product.tsx': {
    file: 'assets/product-1.js',
    src: 'src/features/product/routes/product.tsx',
    isDynamicEntry: true,
    imports: ['_common-1.js', '_react-1.js'],
    css: ['assets/product-1.css'],
  },
  'src/features/marketplace/routes/marketplace.tsx': {
    file: 'assets/marketplace-1.js',
    src: 'src/features/marketplace/routes/marketplace.tsx',
    isDynamicEntry: true,
    imports: ['_common-1.js'],
  },
};

describe("a rendered page's screen links", () => {
  it("links the screen's stylesheets and preloads its chunks, leaving out what index.html already loads", () => {
    expect(screenAssetLinks(manifest, 'src/features/product/routes/product.tsx')).toBe(
      [
        '    <link rel="stylesheet" crossorigin href="/assets/product-1.css">\n',
        '    <link rel="modulepreload" crossorigin href="/assets/product-1.js">\n',
        '    <link rel="modulepreload" crossorigin href="/assets/common-1.js">\n',
      ].join(''),
    );
  });

  it('finds the screen of a path through the route table, not a list of its own', async () => {
    expect(await screenAssetTags('/product/42', manifest)).toContain('/assets/product-1.js');
    expect(await screenAssetTags('/marketplace', manifest)).toContain('/assets/marketplace-1.js');
    expect(await screenAssetTags('/marketplace', manifest)).not.toContain('product-1');
    // A screen the build's manifest does not list: nothing (the router loads it as on a navigation).
    expect(await screenAssetTags('/vendedor/abc', manifest)).toBe('');
    // The first call imports the screens' modules to find the one matched (slow under vitest's transform).
  }, 60_000);
});
