import { boundedEditDistance, tokenize } from '#shared/text';

/**
 * A model of how OpenSearch evaluates the query DSL the adapters build (bool, term, range and
 * multi_match — best_fields with the `es_folded` analyzer, with `fuzziness`, and `bool_prefix`)
 * against ONE document, as the percolator does: the stored query of a saved search run against the
 * listing being percolated. No live domain is needed to compare the queries the OpenSearch adapter
 * builds with the embedded engine (test/integration/alerts-parity.test.ts).
 *
 * Its analysis is `es_folded` (standard tokenizer, lowercase, asciifolding) as shared/text.ts
 * `tokenize` folds and splits, which agrees with it on the catalogue's words (letters and digits).
 * An unknown clause throws, so a query the model cannot judge never passes silently.
 */
type Json = Record<string, unknown>;

const analyze = (text: unknown): string[] =>
  Array.isArray(text) ? text.flatMap(analyze) : typeof text === 'string' ? tokenize(text) : [];

/** A `<field>.prefix^boost` name's source field (the subfield indexes the same folded words). */
const sourceField = (name: string) => name.split('^')[0].replace(/\.prefix$/, '');

function multiMatch(spec: Json, doc: Json): boolean {
  const fields = (spec.fields as string[]).map(sourceField);
  const docTokens = new Set(fields.flatMap((f) => analyze(doc[f])));
  const queryTokens = analyze(spec.query);
  if (queryTokens.length === 0) return false;
  if (spec.type === 'bool_prefix') {
    // Every term but the last is a term query, the last a prefix query; OR by default.
    const last = queryTokens[queryTokens.length - 1];
    return (
      queryTokens.slice(0, -1).some((t) => docTokens.has(t)) || [...docTokens].some((t) => t.startsWith(last))
    );
  }
  if (spec.type !== undefined && spec.type !== 'best_fields')
    throw new Error(`multi_match type ${String(spec.type)}`);
  const fuzziness = typeof spec.fuzziness === 'number' ? spec.fuzziness : 0;
  if (fuzziness > 0 && spec.fuzzy_transpositions !== false)
    throw new Error('the model computes Levenshtein distances: transpositions must be off');
  return queryTokens.some((q) =>
    fuzziness > 0
      ? [...docTokens].some((t) => boundedEditDistance(q, t, fuzziness) <= fuzziness)
      : docTokens.has(q),
  );
}

export function evaluate(query: Json, doc: Json): boolean {
  const [[kind, spec]] = Object.entries(query) as [string, Json][];
  switch (kind) {
    case 'bool': {
      const all = (key: string) => ((spec[key] as Json[] | undefined) ?? []).every((q) => evaluate(q, doc));
      const should = (spec.should as Json[] | undefined) ?? [];
      const hasRequired =
        (spec.must as Json[] | undefined)?.length || (spec.filter as Json[] | undefined)?.length;
      const min =
        typeof spec.minimum_should_match === 'number' ? spec.minimum_should_match : hasRequired ? 0 : 1;
      const shouldOk = should.length === 0 || should.filter((q) => evaluate(q, doc)).length >= min;
      const none = ((spec.must_not as Json[] | undefined) ?? []).every((q) => !evaluate(q, doc));
      return all('must') && all('filter') && shouldOk && none;
    }
    case 'term': {
      const [[field, value]] = Object.entries(spec);
      const v = doc[field];
      return Array.isArray(v) ? v.includes(value) : v === value;
    }
    case 'range': {
      const [[field, bounds]] = Object.entries(spec) as [string, Json][];
      const v = doc[field];
      if (typeof v !== 'number') return false;
      // scaled_float with a factor of 100: compared at cents.
      const cents = Math.round(v * 100);
      const at = (b: unknown) => Math.round(Number(b) * 100);
      return (
        (bounds.gte === undefined || cents >= at(bounds.gte)) &&
        (bounds.lte === undefined || cents <= at(bounds.lte)) &&
        (bounds.gt === undefined || cents > at(bounds.gt)) &&
        (bounds.lt === undefined || cents < at(bounds.lt))
      );
    }
    case 'multi_match':
      return multiMatch(spec, doc);
    default:
      throw new Error(`the query model does not know '${kind}'`);
  }
}
