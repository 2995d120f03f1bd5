import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, reportBodySchema } from './reports';

describe('reportBodySchema', () => {
  it('takes one of the seven categories and an optional, cleaned comment', () => {
    expect(reportBodySchema.parse({ report_category: 'spam' })).toEqual({
      report_category: 'spam',
      additional_comments: null,
    });
    expect(
      reportBodySchema.parse({
        report_category: 'acoso',
        additional_comments: '  Me\u202Ee escribió\u200B  ',
      }),
    ).toEqual({ report_category: 'acoso', additional_comments: 'Mee escribió' });
    expect(
      reportBodySchema.parse({ report_category: 'acoso', additional_comments: '   ' }).additional_comments,
    ).toBe(null);
  });

  it.each([
    {},
    { report_category: '' },
    { report_category: null },
    { report_category: 'otro' },
    { report_category: 3 },
  ])('asks for a category when it is missing or unknown: %j', (body) => {
    const result = reportBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(REPORT_MESSAGES.categoryRequired);
  });

  it('refuses a comment over 500 characters, unknown keys and other shapes', () => {
    const long = reportBodySchema.safeParse({
      report_category: 'spam',
      additional_comments: 'a'.repeat(501),
    });
    expect(long.error?.issues[0]?.message).toBe(REPORT_MESSAGES.commentTooLong);
    expect(
      reportBodySchema.safeParse({ report_category: 'spam', additional_comments: 'a'.repeat(500) }).success,
    ).toBe(true);
    expect(reportBodySchema.safeParse({ report_category: 'spam', status: 'resolved' }).success).toBe(false);
    expect(reportBodySchema.safeParse({ report_category: 'spam', additional_comments: 5 }).success).toBe(
      false,
    );
    expect(reportBodySchema.safeParse(['spam']).success).toBe(false);
  });
});
