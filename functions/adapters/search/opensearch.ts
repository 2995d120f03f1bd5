import aws4 from 'aws4';
import * as z from 'zod/mini';
import { CAREER_LABELS, CATEGORY_LABELS, type SortOrder } from '#shared/enums';
import { productSummarySchema } from '#shared/schemas';
import { type ConditionTerm, NO_TERMS, type QueryWord } from '#shared/search-terms';
import type {
  IndexWrite,
  SearchDocument,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../../ports/search-index';

/**
 * The SearchIndex port on Amazon OpenSearch Service: its REST API over `fetch`, each request signed
 * with SigV4 for the `es` service (docs/decisions/013-opensearch-over-signed-fetch.md replaces the
 * data-plane client of decision 002, whose 300 KB would not fit a Lambda bundle's budget). Request
 * building is pure and exported; the adapter is tested on a real OpenSearch node (decision 044).
 *
 * Matching is the rule of shared/search-terms.ts, which the embedded engine and the DynamoDB
 * fallback implement too (docs/decisions/016-search-fallback-and-relevance.md): every query word
 * must match (AND), each through one of its clauses on the folded, unstemmed word fields — its
 * whole words (itself, its singulars and plurals, its synonyms: expanded here from
 * shared/synonyms.ts, never by the analyzer), a word prefix, and, for a word without synonyms, a
 * typo within `typoBudget` edits (Levenshtein: no transpositions). The clauses only read the
 * `.prefix` subfields with the `es_folded` analyzer, which indexes created before decision 016
 * (stemmed main fields, a synonym analyzer) have too, so old and new indexes answer alike.
 * A condition word ('nueva') is a clause of its own: the condition term, or its words; the first
 * one's condition is the only thing scored (a constant 1), and the sort puts the score first
 * (docs/decisions/046). Everything else is a filter, so the order is the fields' and deterministic.
 */

/** Searched fields (boosts for scoring; results are sorted). Labels are searched so 'Electrónica' or 'Ingeniería' match. */
export const TEXT_FIELDS = [
  'title^3',
  'tags^2',
  'category_label',
  'career_label',
  'description',
  'seller_name',
];
/** Their folded word subfields (whole words, with edge n-grams for prefixes): what queries read. */
export const WORD_FIELDS = TEXT_FIELDS.map((f) => {
  const [name, boost] = f.split('^');
  return boost ? `${name}.prefix^${boost}` : `${name}.prefix`;
});
/**
 * The one field of the saved searches' percolator index that holds the words of every searched
 * field (opensearch-alerts.ts; docs/decisions/051, third pass). Every clause is a filter (no field
 * boost scores) and a word matches when ANY field holds it, so reading this one field finds exactly
 * what the six `.prefix` fields find, at one typo automaton per word instead of six.
 */
export const ALL_WORDS_FIELD = 'listing_words';
/** The word fields of a query on an index that has ALL_WORDS_FIELD. */
export const ALL_WORDS_FIELDS: readonly string[] = [ALL_WORDS_FIELD];
/** The searched fields' names (TEXT_FIELDS without boosts). */
export const TEXT_FIELD_NAMES = TEXT_FIELDS.map((f) => f.split('^')[0]);
/** What a hit returns: the listing summary only (never the seller's e-mail or phone). */
export const SUMMARY_FIELDS = Object.keys(productSummarySchema.shape);

type JsonObject = Record<string, unknown>;

/** The spec's orders; ties fall back to newest first, then id, as in sort-order.ts. */
export const SORTS: Record<SortOrder, Record<string, 'asc' | 'desc'>[]> = {
  newest: [{ created_at: 'desc' }, { id: 'desc' }],
  oldest: [{ created_at: 'asc' }, { id: 'asc' }],
  'price-low': [{ price: 'asc' }, { created_at: 'desc' }, { id: 'desc' }],
  'price-high': [{ price: 'desc' }, { created_at: 'desc' }, { id: 'desc' }],
};

/**
 * The photos' sizes (decision 022), kept in the document for the result cards and never searched:
 * a field added after the first indexes, so ensureIndex adds it to an existing index's mapping.
 */
const IMAGE_VARIANTS_MAPPING = { image_variants: { type: 'object', enabled: false } } as const;

// `index_prefixes` stores edge n-grams so a word-prefix query is a term lookup, not a term scan. The
// main field keeps the layout of earlier indexes (whose main fields were stemmed); queries read `.prefix`.
const textWithPrefix = {
  type: 'text',
  analyzer: 'es_folded',
  fields: {
    prefix: { type: 'text', analyzer: 'es_folded', index_prefixes: { min_chars: 1, max_chars: 10 } } as const,
  },
};

/**
 * Fields added to the mapping after indexes were first made: an existing index gets them at start
 * (adding a field is allowed and idempotent). `status` tells cards 'Reservado' (issue 13); the
 * seller's rating is shown on cards, never searched (issue 40).
 */
const ADDED_FIELDS_MAPPING = {
  ...IMAGE_VARIANTS_MAPPING,
  status: { type: 'keyword' },
  seller_rating: { type: 'object', enabled: false },
};

/**
 * Index settings and mappings: every searched field folded (lower case, no accents), with a `.prefix`
 * subfield of whole folded words and their prefixes. No stemmer and no synonyms in the analysis:
 * the query names a word's whole words (buildSearchRequest), so changing a synonym group needs no
 * new index.
 */
export function buildIndexBody(): JsonObject {
  return {
    settings: {
      index: { number_of_shards: 1 },
      analysis: {
        analyzer: {
          es_folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        id: { type: 'long' },
        title: textWithPrefix,
        tags: textWithPrefix,
        category: { type: 'keyword' },
        category_label: textWithPrefix,
        career: { type: 'keyword' },
        career_label: textWithPrefix,
        condition: { type: 'keyword' },
        university_id: { type: 'keyword' },
        price: { type: 'scaled_float', scaling_factor: 100 },
        created_at: { type: 'date' },
        description: textWithPrefix,
        seller_name: textWithPrefix,
        image: { type: 'keyword', index: false, doc_values: false },
        ...ADDED_FIELDS_MAPPING,
      },
    },
  };
}

/** The stored document: the port's document plus the Spanish labels of its category and career. */
export function toIndexedDocument(doc: SearchDocument) {
  return {
    id: doc.id,
    title: doc.title,
    tags: doc.tags,
    category: doc.category,
    category_label: `${CATEGORY_LABELS[doc.category] ?? ''} ${doc.category}`.trim(),
    career: doc.career,
    career_label: doc.career ? `${CAREER_LABELS[doc.career] ?? ''} ${doc.career}`.trim() : null,
    condition: doc.condition,
    university_id: doc.university_id,
    price: doc.price,
    created_at: doc.created_at,
    description: doc.description,
    seller_name: doc.seller_name,
    image: doc.image,
    ...(doc.image_variants ? { image_variants: doc.image_variants } : {}),
    ...(doc.status ? { status: doc.status } : {}),
    ...(doc.seller_rating ? { seller_rating: doc.seller_rating } : {}),
  };
}

/** Bulk body for upserts: `index` replaces by id, so re-sending a document changes nothing. */
export function toBulkBody(docs: SearchDocument[]): Record<string, unknown>[] {
  return docs.flatMap((doc) => [{ index: { _id: String(doc.id) } }, toIndexedDocument(doc)]);
}

export function toBulkDeleteBody(ids: number[]): Record<string, unknown>[] {
  return ids.map((id) => ({ delete: { _id: String(id) } }));
}

/** One query word's clauses (shared/search-terms.ts, rules 1–3); any of them may match. */
function wordClause(word: QueryWord, fields: readonly string[]): JsonObject {
  const should: JsonObject[] = [
    {
      multi_match: { query: [...word.wholeWords].join(' '), fields, analyzer: 'es_folded' },
    },
    { multi_match: { query: word.word, type: 'bool_prefix' as const, fields } },
  ];
  if (word.typos > 0)
    should.push({
      multi_match: {
        query: word.word,
        fields,
        analyzer: 'es_folded',
        fuzziness: word.typos,
        fuzzy_transpositions: false,
      },
    });
  return { bool: { should, minimum_should_match: 1 } };
}

/** A condition word's clause: the listing's condition, or every word of it (docs/decisions/046). */
function conditionClause(term: ConditionTerm, fields: readonly string[]): JsonObject {
  return {
    bool: {
      should: [
        { term: { condition: term.condition } },
        { bool: { filter: term.words.map((w) => wordClause(w, fields)) } },
      ],
      minimum_should_match: 1,
    },
  };
}

/**
 * OpenSearch refuses (400) a page that ends past `index.max_result_window`, 10,000 by default:
 * `from + size`, not `from` alone. The offset cursor stops at 10,000 (functions/commons/cursor.ts),
 * so the last pages are cut to end there.
 */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * The _search body for a query: one filter clause per word and per condition word (its terms, as the
 * catalog service read the text), the filters, the sort, the page. `wordFields`: ALL_WORDS_FIELDS on
 * an index that has that field.
 */
export function buildSearchRequest(
  query: SearchQuery,
  wordFields: readonly string[] = WORD_FIELDS,
): JsonObject {
  const filter: Record<string, unknown>[] = [];
  if (query.university !== undefined) filter.push({ term: { university_id: query.university } });
  if (query.category !== undefined) filter.push({ term: { category: query.category } });
  if (query.career !== undefined) filter.push({ term: { career: query.career } });
  if (query.condition !== undefined) filter.push({ term: { condition: query.condition } });
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const range: Record<string, number> = {};
    if (query.minPrice !== undefined) range.gte = query.minPrice;
    if (query.maxPrice !== undefined) range.lte = query.maxPrice;
    filter.push({ range: { price: range } });
  }
  const terms = query.terms ?? NO_TERMS;
  // 'Ocultar reservados': documents indexed before the status field have none, so they stay.
  const mustNot = query.hideReserved ? [{ term: { status: 'reserved' } }] : [];
  // The preferred condition scores 1, anything else 0: the sort's first key.
  const rank = terms.preferred
    ? {
        should: [{ constant_score: { filter: { term: { condition: terms.preferred } } } }],
        minimum_should_match: 0,
      }
    : {};
  return {
    from: query.offset,
    size: Math.max(0, Math.min(query.limit, MAX_RESULT_WINDOW - query.offset)),
    track_total_hits: true,
    _source: SUMMARY_FIELDS,
    query: {
      bool: {
        filter: [
          ...terms.words.map((w) => wordClause(w, wordFields)),
          ...terms.conditions.map((c) => conditionClause(c, wordFields)),
          ...filter,
        ],
        ...(mustNot.length ? { must_not: mustNot } : {}),
        ...rank,
      },
    },
    sort: terms.preferred ? [{ _score: 'desc' }, ...SORTS[query.sort]] : SORTS[query.sort],
  };
}

const searchResponseSchema = z.object({
  hits: z.object({
    total: z.union([z.number(), z.object({ value: z.number() })]),
    hits: z.array(z.object({ _id: z.string(), _source: productSummarySchema })),
  }),
});

/** Turns a _search response into the port's result; throws if the shape is not the expected one. */
export function parseSearchResponse(body: unknown): SearchResult {
  const { hits } = searchResponseSchema.parse(body);
  return {
    items: hits.hits.map((h) => h._source),
    total: typeof hits.total === 'number' ? hits.total : hits.total.value,
  };
}

const bulkResponseSchema = z.object({
  errors: z.boolean(),
  items: z.array(
    z.record(
      z.string(),
      z.object({
        _id: z.optional(z.string()),
        status: z.number(),
        error: z.optional(z.object({ type: z.string(), reason: z.optional(z.string()) })),
      }),
    ),
  ),
});

/**
 * The failed items of a bulk answer, by their position in the request (a delete of an unknown id,
 * 404, is not a failure). Throws when the answer is not a bulk answer of `expected` items.
 */
export function bulkFailures(body: unknown, expected: number): { at: number; reason: string }[] {
  const parsed = bulkResponseSchema.parse(body);
  if (parsed.items.length !== expected)
    throw new Error(`OpenSearch bulk answered ${parsed.items.length} items of ${expected}`);
  if (!parsed.errors) return [];
  const out: { at: number; reason: string }[] = [];
  parsed.items.forEach((item, at) => {
    for (const [action, result] of Object.entries(item)) {
      if (action === 'delete' && result.status === 404) continue;
      if (result.status >= 300) {
        const why = result.error
          ? `${result.error.type}: ${result.error.reason ?? ''}`
          : `status ${result.status}`;
        out.push({ at, reason: `OpenSearch bulk ${action} of ${result._id ?? '?'} failed (${why})` });
      }
    }
  });
  return out;
}

/** Throws on the first failed bulk item (a delete of an unknown id, 404, is not a failure). */
export function checkBulkResponse(body: unknown, expected: number): void {
  const [first] = bulkFailures(body, expected);
  if (first) throw new Error(first.reason);
}

/** A stream batch's writes as bulk lines, in order: `index` replaces by id, `delete` removes. */
export function toWritesBody(writes: IndexWrite[]): Record<string, unknown>[] {
  return writes.flatMap((w): Record<string, unknown>[] =>
    w.kind === 'upsert'
      ? [{ index: { _id: String(w.doc.id) } }, toIndexedDocument(w.doc)]
      : [{ delete: { _id: String(w.id) } }],
  );
}

/** A failed OpenSearch request: its HTTP status and the error type OpenSearch named. */
export class OpenSearchError extends Error {
  override name = 'OpenSearchError';
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
  ) {
    super(`OpenSearch answered ${status}${type ? ` ${type}` : ''}${reason ? `: ${reason}` : ''}`);
  }
}

export interface SignedRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  /** A JSON value, or NDJSON lines (an array of objects, one per line) for _bulk. */
  body?: JsonObject;
  ndjson?: JsonObject[];
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The function's credentials: Lambda puts its role's temporary keys in these variables. */
export function credentialsFromEnv(): AwsCredentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are needed to sign OpenSearch requests');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

const RETRYABLE = new Set([429, 502, 503, 504]);
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 3;

/**
 * One SigV4-signed request to the domain (aws4 signs; fetch sends), or an unsigned one to the local
 * node (`credentials` null). Throttling, gateway errors and network failures are retried twice with
 * a short backoff; every request here is idempotent (bulk writes index and delete by id).
 */
export async function signedRequest(
  node: string,
  region: string,
  credentials: (() => AwsCredentials) | null,
  req: SignedRequest,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(req.path, node);
  const payload = req.ndjson
    ? `${req.ndjson.map((line) => JSON.stringify(line)).join('\n')}\n`
    : req.body === undefined
      ? undefined
      : JSON.stringify(req.body);
  const contentType = req.ndjson ? 'application/x-ndjson' : 'application/json';
  const plain: Record<string, string> = payload === undefined ? {} : { 'content-type': contentType };
  for (let attempt = 1; ; attempt++) {
    const signed = credentials
      ? aws4.sign(
          {
            host: url.host,
            path: `${url.pathname}${url.search}`,
            method: req.method,
            service: 'es',
            region,
            headers: plain,
            ...(payload === undefined ? {} : { body: payload }),
          },
          credentials(),
        ).headers
      : plain;
    // fetch sets Host itself (the same value aws4 signed).
    const headers = Object.fromEntries(
      Object.entries(signed ?? {})
        .filter(([name]) => name.toLowerCase() !== 'host')
        .map(([name, value]) => [name, String(value)]),
    );
    let res: Response;
    try {
      res = await fetch(url, {
        method: req.method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      if (attempt < MAX_ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 50 * attempt));
        continue;
      }
      throw err;
    }
    const text = req.method === 'HEAD' ? '' : await res.text();
    if (RETRYABLE.has(res.status) && attempt < MAX_ATTEMPTS) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (res.status >= 400 && !(req.method === 'HEAD' && res.status === 404)) {
      const error = (body as { error?: { type?: unknown; reason?: unknown } | string } | undefined)?.error;
      const type = typeof error === 'object' && typeof error?.type === 'string' ? error.type : '';
      const reason =
        typeof error === 'object' && typeof error?.reason === 'string'
          ? error.reason
          : typeof error === 'string'
            ? error
            : '';
      throw new OpenSearchError(res.status, type, reason);
    }
    return { status: res.status, body };
  }
}

/**
 * The writes of one index (the products index, the saved searches' percolator index): it is made
 * with `body` when missing, or gains `addedProperties` when it exists (adding a field to a mapping
 * is allowed and idempotent); then NDJSON bulk writes, each checked item by item.
 */
export function indexWriter(
  send: (req: SignedRequest) => Promise<{ status: number; body: unknown }>,
  indexPath: string,
  options: { body: () => JsonObject; addedProperties: () => JsonObject; refresh?: boolean | 'wait_for' },
) {
  const refreshQuery = options.refresh === undefined ? '' : `?refresh=${options.refresh}`;

  async function ensureIndex(): Promise<void> {
    if ((await send({ method: 'HEAD', path: indexPath })).status === 200) {
      await send({
        method: 'PUT',
        path: `${indexPath}/_mapping`,
        body: { properties: options.addedProperties() },
      });
      return;
    }
    try {
      await send({ method: 'PUT', path: indexPath, body: options.body() });
    } catch (err) {
      // Another instance created it first: that is the outcome we wanted.
      if (!(err instanceof OpenSearchError && err.type === 'resource_already_exists_exception')) throw err;
    }
  }

  /**
   * Writes go through this once per instance: a bulk write to a missing index would auto-create it
   * with dynamic mappings (no Spanish analyzer, no keyword filters, no percolator field). A failure
   * is retried next time.
   */
  let ensured: Promise<void> | undefined;
  function ensureOnce(): Promise<void> {
    ensured ??= ensureIndex().catch((err) => {
      ensured = undefined;
      throw err;
    });
    return ensured;
  }

  /**
   * One _bulk request of these NDJSON lines holding `items` actions (none: no request), after the
   * index is ensured; the failed items by position. Rejects when the engine did not answer.
   */
  async function bulkItems(lines: JsonObject[], items: number): Promise<{ at: number; reason: string }[]> {
    if (lines.length === 0) return [];
    await ensureOnce();
    const res = await send({ method: 'POST', path: `${indexPath}/_bulk${refreshQuery}`, ndjson: lines });
    return bulkFailures(res.body, items);
  }

  /** The same, throwing on the first failed item. */
  async function bulk(lines: JsonObject[], items: number): Promise<void> {
    const [first] = await bulkItems(lines, items);
    if (first) throw new Error(first.reason);
  }

  return { ensureIndex, ensureOnce, bulk, bulkItems };
}

/** Where requests go and how they are signed; both adapters take it. */
export interface OpenSearchConnection {
  /** Domain endpoint, e.g. https://search-xyz.us-east-1.es.amazonaws.com */
  node: string;
  region: string;
  /** Where the signing keys come from. @default the environment (a Lambda's role) */
  credentials?: () => AwsCredentials;
  /**
   * Local only: send requests unsigned, to the local node, which has no security plugin
   * (docs/decisions/044). A domain refuses them.
   */
  unsigned?: boolean;
}

/** The request function of a connection. */
export function openSearchSender(connection: OpenSearchConnection) {
  const credentials = connection.unsigned ? null : (connection.credentials ?? credentialsFromEnv);
  return (req: SignedRequest) => signedRequest(connection.node, connection.region, credentials, req);
}

export interface OpenSearchIndexOptions extends OpenSearchConnection {
  index: string;
  /** Bulk refresh policy; true or 'wait_for' makes writes visible before returning (tests). */
  refresh?: boolean | 'wait_for';
}

export function createOpenSearchIndex(
  options: OpenSearchIndexOptions,
): SearchIndex & { ensureIndex(): Promise<void> } {
  const { index, refresh } = options;
  const send = openSearchSender(options);
  const indexPath = `/${encodeURIComponent(index)}`;
  const writer = indexWriter(send, indexPath, {
    body: buildIndexBody,
    // Fields added since the index was made.
    addedProperties: () => ADDED_FIELDS_MAPPING,
    refresh,
  });

  async function exists(): Promise<boolean> {
    return (await send({ method: 'HEAD', path: indexPath })).status === 200;
  }

  return {
    ensureIndex: writer.ensureIndex,

    async write(writes) {
      const failed = await writer.bulkItems(toWritesBody(writes), writes.length);
      return failed.map(({ at, reason }) => {
        const w = writes[at];
        return { id: w.kind === 'upsert' ? w.doc.id : w.id, reason };
      });
    },

    async upsert(docs) {
      await writer.bulk(toBulkBody(docs), docs.length);
    },

    async remove(ids) {
      await writer.bulk(toBulkDeleteBody(ids), ids.length);
    },

    async search(query) {
      const res = await send({
        method: 'POST',
        path: `${indexPath}/_search`,
        body: buildSearchRequest(query),
      });
      return parseSearchResponse(res.body);
    },

    async ready() {
      try {
        return await exists();
      } catch {
        return false;
      }
    },

    async ids() {
      const out: number[] = [];
      let after: unknown[] | undefined;
      for (;;) {
        const res = await send({
          method: 'POST',
          path: `${indexPath}/_search`,
          body: {
            size: IDS_PAGE,
            _source: false,
            sort: [{ id: 'asc' }],
            ...(after ? { search_after: after } : {}),
          } as JsonObject,
        });
        const hits = (res.body as { hits?: { hits?: { _id: string; sort?: unknown[] }[] } }).hits?.hits ?? [];
        for (const h of hits) out.push(Number(h._id));
        if (hits.length < IDS_PAGE) return out;
        after = hits[hits.length - 1].sort;
      }
    },

    /**
     * A fresh concrete index (`<index>-<millis>`) is filled while searches read the current one;
     * the swap points the alias `<index>` at it and drops the old index in ONE _aliases call, so
     * search never sees a missing or half-built index. The first swap replaces the concrete index
     * the stack made under that name.
     */
    async beginRebuild() {
      const fresh = `${index}-${Date.now()}`;
      const freshPath = `/${encodeURIComponent(fresh)}`;
      await send({ method: 'PUT', path: freshPath, body: buildIndexBody() });
      return {
        async write(docs) {
          if (docs.length === 0) return;
          const res = await send({ method: 'POST', path: `${freshPath}/_bulk`, ndjson: toBulkBody(docs) });
          checkBulkResponse(res.body, docs.length);
        },
        async swap() {
          await send({ method: 'POST', path: `${freshPath}/_refresh` });
          let behind: string[] = [];
          try {
            const res = await send({ method: 'GET', path: `/_alias/${encodeURIComponent(index)}` });
            behind = Object.keys((res.body as Record<string, unknown>) ?? {});
          } catch (err) {
            if (!(err instanceof OpenSearchError && err.status === 404)) throw err;
          }
          // No alias yet: `index` is the concrete index first made under that name (if any).
          const old = behind.length > 0 ? behind : (await exists()) ? [index] : [];
          await send({
            method: 'POST',
            path: '/_aliases',
            body: {
              actions: [
                ...old.map((o) => ({ remove_index: { index: o } })),
                { add: { index: fresh, alias: index } },
              ],
            } as JsonObject,
          });
        },
        async abort() {
          await send({ method: 'DELETE', path: freshPath }).catch(() => undefined);
        },
      };
    },
  };
}

/** Ids per page of the drift check's walk over the index. */
const IDS_PAGE = 1000;
