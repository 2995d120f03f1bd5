import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { COMMENT_MODERATION_FALLBACK } from '#shared/comment-moderation';
import { quickContentCheck } from '#shared/content-check';
import type { CommentModerator } from '../../ports/questions';
import { COMMENT_REASONS, hasPhoneNumber, moderateCommentByRules } from './comment-rules';
import { withCommentRulesFirst } from './comments';

/** The Spanish corpus of questions and answers: what buyers and sellers really write, and abuse. */
const corpus = z
  .array(
    z.object({
      expect: z.enum(['pass', 'flag']),
      type: z.enum(['question', 'answer']),
      why: z.enum(['contact', 'offensive', 'harassment', 'spam', 'prohibited']).optional(),
      text: z.string(),
    }),
  )
  .parse(
    JSON.parse(readFileSync(new URL('../../../test/fixtures/comment-moderation-corpus.json', import.meta.url), 'utf8')),
  );

const judge = (text: string, type: 'question' | 'answer' = 'question') =>
  moderateCommentByRules({ text, type, context: 'Calculadora Casio fx-570' });

describe('comment rule moderator over the Spanish corpus', () => {
  it('holds real questions and answers to pass and every kind of abuse to flag', () => {
    expect(corpus.filter((c) => c.expect === 'pass' && c.type === 'question').length).toBeGreaterThanOrEqual(40);
    expect(corpus.filter((c) => c.expect === 'pass' && c.type === 'answer').length).toBeGreaterThanOrEqual(15);
    for (const why of ['contact', 'offensive', 'harassment', 'spam', 'prohibited'])
      expect(corpus.filter((c) => c.why === why).length, why).toBeGreaterThanOrEqual(2);
  });

  for (const c of corpus) {
    it(`${c.expect === 'pass' ? 'passes' : `flags (${c.why})`}: ${c.text}`, () => {
      const verdict = judge(c.text, c.type);
      if (c.expect === 'pass') {
        // What a buyer really asks passes the quick check and the rules.
        expect(quickContentCheck(c.text)).toBeNull();
        expect(verdict).toEqual({
          approved: true,
          severity: 'low',
          warnings: [],
          suggestions: [],
          reason: COMMENT_REASONS.approved,
        });
      } else {
        expect(verdict.approved).toBe(false);
        expect(verdict.reason).toBe(COMMENT_REASONS[c.why!]);
        expect(verdict.warnings.length).toBeGreaterThan(0);
        expect(verdict.suggestions.length).toBeGreaterThan(0);
      }
    });
  }
});

describe('comment rule details', () => {
  it('reads phone numbers however they are split or spelled, and not dates, sizes or prices', () => {
    for (const text of [
      '0414 123 45 67',
      '0414.123.45.67',
      '(0414) 555-1234',
      '414 555 12 34 5',
      'cero cuatro doce',
      'cuatro uno cuatro cinco cinco cinco doce treinta y cuatro',
    ])
      expect(hasPhoneNumber(text.toLowerCase()), text).toBe(true);
    for (const text of ['04/12/2024', '120 x 60 x 75', 'entre 100 y 150', '12.000 km', 'tiene cero rayones', 'uno o dos'])
      expect(hasPhoneNumber(text), text).toBe(false);
  });

  it('sees through repeated letters, accents, case and full-width letters', () => {
    expect(judge('IDIOTAAAA').approved).toBe(false);
    expect(judge('Eres un ＩＤＩＯＴＡ').approved).toBe(false);
    expect(judge('¡CÁLLATE!').approved).toBe(false);
  });

  it('marks insults high and contact details medium', () => {
    expect(judge('Cállate idiota').severity).toBe('high');
    expect(judge('Pásame tu wsp').severity).toBe('medium');
  });
});

describe('rules first, then the model', () => {
  const model = (verdict: Awaited<ReturnType<CommentModerator['moderateComment']>>) => {
    const calls: string[] = [];
    const moderator: CommentModerator = {
      async moderateComment(input) {
        calls.push(input.text);
        return verdict;
      },
    };
    return { calls, moderator };
  };

  it('never asks the model about what the rules refuse', async () => {
    const { calls, moderator } = model({ ...COMMENT_MODERATION_FALLBACK, approved: true, reason: 'ok' });
    const verdict = await withCommentRulesFirst(moderator).moderateComment({
      text: 'Cállate idiota',
      type: 'question',
      context: 'Libro',
    });
    expect(verdict.approved).toBe(false);
    expect(calls).toEqual([]);
  });

  it("lets the model decide what the rules pass, and keeps the model's failure a failure", async () => {
    const refused = { approved: false, severity: 'high' as const, warnings: ['x'], suggestions: [], reason: 'Ofensivo' };
    const input = { text: '¿Sigue disponible?', type: 'question' as const, context: 'Libro' };
    expect(await withCommentRulesFirst(model(refused).moderator).moderateComment(input)).toEqual(refused);
    expect(await withCommentRulesFirst(model(COMMENT_MODERATION_FALLBACK).moderator).moderateComment(input)).toEqual(
      COMMENT_MODERATION_FALLBACK,
    );
  });
});
