import * as z from 'zod/mini';
import type { SavedSearchFilters } from '#shared/alerts';
import { searchTerms } from '#shared/search-terms';
import type { MatchableSearch, SavedSearchIndex, SavedSearchMatch } from '../../ports/alerts';
import type { SearchDocument } from '../../ports/search-index';
import {
  ALL_WORDS_FIELD,
  ALL_WORDS_FIELDS,
  buildIndexBody,
  buildSearchRequest,
  indexWriter,
  type OpenSearchConnection,
  openSearchSender,
  TEXT_FIELD_NAMES,
  toIndexedDocument,
} from './opensearch';

/**
 * The SavedSearchIndex port on OpenSearch's percolator (docs/decisions/031). Each saved search is a
 * document of its own index holding its search as a query (a `percolator` field): the very query
 * `buildSearchRequest` sends for that search, so an alert matches exactly what the search finds
 * (shared/search-terms.ts's rule: accents, synonyms, typos, prefixes; filters; price range). A new
 * listing is percolated once — OpenSearch finds the stored queries it satisfies, one request for
 * however many saved searches. The index holds the words of every searched field in one field, the
 * filters' fields as the products index maps them, and the saved search's owner and switch.
 */

type JsonObject = Record<string, unknown>;

/** Matches read per page of a percolation (pages by search id). */
export const PERCOLATE_PAGE = 500;

/**
 * The layout of the stored saved searches: 2 reads ALL_WORDS_FIELD (docs/decisions/051, fifth
 * pass); searches stored before have no `layout` and read the six `.prefix` fields.
 */
export const PERCOLATOR_LAYOUT = 2;

/**
 * The percolator index's body: the products index's analysis and fields (what queries stored
 * before the layout read), the all-words field the stored queries read now, plus the stored queries.
 * The all-words field has no edge n-grams: a percolation builds an in-memory index of the batch's
 * listings, where a prefix is a walk over a few thousand terms, and the n-grams were most of the
 * cost of analysing them.
 */
export function buildPercolatorIndexBody(): JsonObject {
  const products = buildIndexBody() as { settings: JsonObject; mappings: { properties: JsonObject } };
  return {
    settings: products.settings,
    mappings: {
      dynamic: 'strict',
      properties: {
        ...products.mappings.properties,
        [ALL_WORDS_FIELD]: { type: 'text', analyzer: 'es_folded' },
        query: { type: 'percolator' },
        search_id: { type: 'keyword' },
        user_id: { type: 'keyword' },
        enabled: { type: 'boolean' },
        layout: { type: 'integer' },
      },
    },
  };
}

/**
 * The query a saved search is stored as: the search's own query (its words, filters, price range),
 * read from the all-words field. The saved text is read here, once, as the catalog service reads a
 * search's.
 */
export function buildPercolatorQuery(f: SavedSearchFilters): JsonObject {
  const request = buildSearchRequest(
    {
      terms: searchTerms(f.q),
      university: f.university,
      category: f.category,
      career: f.career,
      condition: f.condition,
      minPrice: f.minPrice,
      maxPrice: f.maxPrice,
      sort: 'newest',
      limit: 1,
      offset: 0,
    },
    ALL_WORDS_FIELDS,
  );
  return request.query as JsonObject;
}

/** The stored document of a saved search. */
export function toPercolatorDocument(s: MatchableSearch): JsonObject {
  return {
    search_id: s.id,
    user_id: s.user_id,
    enabled: s.enabled,
    layout: PERCOLATOR_LAYOUT,
    query: buildPercolatorQuery(s),
  };
}

/**
 * A listing as percolated. Stored queries of the current layout read only the all-words field and
 * the filters' fields, so that is all the listing carries (`lean`): analysing it is a fraction of
 * analysing every searched field with its prefixes. While the index still holds queries of the
 * layout before (until a reindex rewrites them), the listing also carries every product field.
 */
export function toPercolatedDocument(doc: SearchDocument, lean: boolean): JsonObject {
  const indexed = toIndexedDocument(doc) as Record<string, unknown>;
  const words = TEXT_FIELD_NAMES.flatMap((f) => {
    const value = indexed[f];
    return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  });
  if (!lean) return { ...indexed, [ALL_WORDS_FIELD]: words };
  return {
    [ALL_WORDS_FIELD]: words,
    category: indexed.category,
    career: indexed.career,
    condition: indexed.condition,
    university_id: indexed.university_id,
    price: indexed.price,
    ...(indexed.status ? { status: indexed.status } : {}),
  };
}

/** A percolation's _search body: enabled searches, never `excludeUser`'s, paged by search id. */
function percolateBody(percolate: JsonObject, excludeUser: string | null, after?: string): JsonObject {
  return {
    size: PERCOLATE_PAGE,
    _source: ['search_id', 'user_id'],
    query: {
      bool: {
        filter: [{ percolate: { field: 'query', ...percolate } }, { term: { enabled: true } }],
        ...(excludeUser ? { must_not: [{ term: { user_id: excludeUser } }] } : {}),
      },
    },
    sort: [{ search_id: 'asc' }],
    ...(after ? { search_after: [after] } : {}),
  };
}

/** The _search body that percolates a listing: enabled searches, never its seller's, by id. */
export function buildPercolateRequest(
  doc: SearchDocument,
  excludeUser: string | null,
  lean: boolean,
  after?: string,
): JsonObject {
  return percolateBody({ document: toPercolatedDocument(doc, lean) }, excludeUser, after);
}

const countSchema = z.object({ count: z.number() });

const percolateResponseSchema = z.object({
  hits: z.object({
    hits: z.array(z.object({ _source: z.object({ search_id: z.string(), user_id: z.string() }) })),
  }),
});

export function parsePercolateResponse(body: unknown): SavedSearchMatch[] {
  return percolateResponseSchema
    .parse(body)
    .hits.hits.map((h) => ({ id: h._source.search_id, user_id: h._source.user_id }));
}

/**
 * The _search body that percolates a stream batch's listings at once (`documents`): enabled
 * searches, by id; each hit names the listings it matched (`_percolator_document_slot`). Sellers'
 * own searches are left out per listing by the caller.
 */
export function buildPercolateManyRequest(docs: SearchDocument[], lean: boolean, after?: string): JsonObject {
  return percolateBody({ documents: docs.map((d) => toPercolatedDocument(d, lean)) }, null, after);
}

const percolateManyResponseSchema = z.object({
  hits: z.object({
    hits: z.array(
      z.object({
        _source: z.object({ search_id: z.string(), user_id: z.string() }),
        fields: z.object({ _percolator_document_slot: z.array(z.number()) }),
      }),
    ),
  }),
});

/** The hits of a many-document percolation: each search and the slots of the listings it matched. */
export function parsePercolateManyResponse(
  body: unknown,
  documents: number,
): { search_id: string; user_id: string; slots: number[] }[] {
  return percolateManyResponseSchema.parse(body).hits.hits.map((h) => {
    const slots = h.fields._percolator_document_slot;
    if (slots.some((s) => !Number.isInteger(s) || s < 0 || s >= documents))
      throw new Error(`OpenSearch percolation named a listing slot out of range: ${slots}`);
    return { ...h._source, slots };
  });
}

export interface OpenSearchSavedSearchOptions extends OpenSearchConnection {
  index: string;
  refresh?: boolean | 'wait_for';
}

export function createOpenSearchSavedSearchIndex(
  options: OpenSearchSavedSearchOptions,
): SavedSearchIndex & { ensureIndex(): Promise<void> } {
  const send = openSearchSender(options);
  const indexPath = `/${encodeURIComponent(options.index)}`;
  const writer = indexWriter(send, indexPath, {
    body: buildPercolatorIndexBody,
    // Fields the products index gained since this one was made: the percolated listing carries
    // them, and the mapping is strict (re-sending the fields it has is a no-op).
    addedProperties: () =>
      (buildPercolatorIndexBody() as { mappings: { properties: JsonObject } }).mappings.properties,
    refresh: options.refresh,
  });

  /**
   * Whether every stored query is of the current layout, so listings are percolated lean. Once
   * true it stays true for this instance: every put since writes the current layout.
   */
  let current = false;
  async function lean(): Promise<boolean> {
    if (current) return true;
    const res = await send({
      method: 'POST',
      path: `${indexPath}/_count`,
      body: { query: { bool: { must_not: [{ term: { layout: PERCOLATOR_LAYOUT } }] } } },
    });
    current = countSchema.parse(res.body).count === 0;
    return current;
  }

  return {
    ensureIndex: writer.ensureIndex,

    async put(searches) {
      await writer.bulk(
        searches.flatMap((s) => [{ index: { _id: s.id } }, toPercolatorDocument(s)]),
        searches.length,
      );
    },

    async remove(ids) {
      await writer.bulk(
        ids.map((id) => ({ delete: { _id: id } })),
        ids.length,
      );
    },

    async matchEach(listings) {
      const out: SavedSearchMatch[][] = listings.map(() => []);
      if (listings.length === 0) return out;
      await writer.ensureOnce();
      const docs = listings.map((l) => l.doc);
      const asLean = await lean();
      let after: string | undefined;
      for (;;) {
        const res = await send({
          method: 'POST',
          path: `${indexPath}/_search`,
          body: buildPercolateManyRequest(docs, asLean, after),
        });
        const page = parsePercolateManyResponse(res.body, listings.length);
        for (const hit of page)
          for (const slot of hit.slots)
            if (hit.user_id !== listings[slot].excludeUser)
              out[slot].push({ id: hit.search_id, user_id: hit.user_id });
        if (page.length < PERCOLATE_PAGE) return out;
        after = page[page.length - 1].search_id;
      }
    },

    async match(doc, excludeUser) {
      await writer.ensureOnce();
      const asLean = await lean();
      const out: SavedSearchMatch[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await send({
          method: 'POST',
          path: `${indexPath}/_search`,
          body: buildPercolateRequest(doc, excludeUser, asLean, after),
        });
        const page = parsePercolateResponse(res.body);
        out.push(...page);
        if (page.length < PERCOLATE_PAGE) return out;
        after = page[page.length - 1].id;
      }
    },
  };
}
