import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { CATEGORIES } from '#shared/enums';
import type { ModerationInput, ModerationResult } from '#shared/moderation';

/** The Spanish moderation corpus kept in test/fixtures: listings to flag and look-alikes to pass. */
const caseSchema = z.object({
  expect: z.enum(['flag', 'pass']),
  terms_category: z.string().optional(),
  lookalike_of: z.string().nullable().optional(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
});
export type CorpusCase = z.infer<typeof caseSchema>;

export function loadCorpus(): CorpusCase[] {
  const url = new URL('../../../test/fixtures/moderation-corpus.json', import.meta.url);
  return z.array(caseSchema).parse(JSON.parse(readFileSync(url, 'utf8')));
}

export const corpusInput = (c: CorpusCase): ModerationInput => ({
  title: c.title,
  description: c.description,
  category: c.category,
  price: c.price,
  condition: 'usado',
  career: null,
  image: null,
});

/** Precision and recall of "flag" (not approved) over the corpus. */
export function score(cases: readonly CorpusCase[], judge: (input: ModerationInput) => ModerationResult) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: CorpusCase[] = [];
  for (const c of cases) {
    const flagged = !judge(corpusInput(c)).approved;
    if (flagged && c.expect === 'flag') tp += 1;
    else if (flagged) {
      fp += 1;
      misses.push(c);
    } else if (c.expect === 'flag') {
      fn += 1;
      misses.push(c);
    }
  }
  return { precision: tp / (tp + fp || 1), recall: tp / (tp + fn || 1), tp, fp, fn, misses };
}
