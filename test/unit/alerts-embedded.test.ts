import { describe, expect, it } from 'vitest';
import { createEmbeddedSavedSearchIndex, deletions } from '../../functions/adapters/search/embedded-alerts';
import { runSavedSearchIndexContract, savedSearch } from '../contract/saved-search-index.contract';
import { CONTRACT_DOCS } from '../contract/search-index.contract';

runSavedSearchIndexContract('embedded', () => createEmbeddedSavedSearchIndex());

describe('embedded saved-search index', () => {
  it('files a word under every deletion of up to k letters (the typo lookup)', () => {
    expect([...deletions('sol', 1)].sort()).toEqual(['ol', 'sl', 'so', 'sol']);
    expect(deletions('casa', 2)).toContain('cs');
    expect(deletions('casa', 2)).not.toContain('c');
  });

  it('drops a word from every lookup once no saved search holds it', async () => {
    const index = createEmbeddedSavedSearchIndex();
    const a = savedSearch({ university: 'ucv', q: 'calculadora' });
    const b = savedSearch({ university: 'ucv', q: 'calculadora casio' });
    await index.put([a, b]);
    await index.remove([a.id]);
    expect((await index.match(CONTRACT_DOCS[0], null)).map((m) => m.id)).toEqual([b.id]);
    await index.remove([b.id]);
    expect(await index.match(CONTRACT_DOCS[0], null)).toEqual([]);
    expect(index.size()).toBe(0);
  });
});
