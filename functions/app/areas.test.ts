import { describe, expect, it } from 'vitest';
import { API_AREAS, type ApiArea, areaSettings, type RouteUses } from '#shared/routes';
import * as accounts from './areas/accounts';
import * as admin from './areas/admin';
import * as catalog from './areas/catalog';
import * as favorites from './areas/favorites';
import * as publishing from './areas/publishing';
import * as questions from './areas/questions';
import * as reports from './areas/reports';
import * as stream from './stream';

const entries: Record<ApiArea, { parts: Record<string, unknown> }> = {
  catalog,
  accounts,
  favorites,
  publishing,
  questions,
  reports,
  admin,
};

/**
 * What an area's function is granted comes from its routes' flags (infra/constructs/api.ts); what
 * its handlers can reach is what its entry wires. The two must be the same set, or a handler would
 * call a service its function may not reach (or a function would hold a grant nothing uses).
 */
describe('area entries wire exactly the parts their routes flag', () => {
  it.each(API_AREAS)('%s', (area) => {
    const { uses } = areaSettings(area);
    const settings = areaSettings(area);
    const flagged = [
      ...(Object.keys(uses) as (keyof RouteUses)[]).filter((flag) => uses[flag]),
      // The router's token verifier and the caller's account at the pool (decision 043).
      ...(settings.verifiesTokens ? ['callers'] : []),
    ];
    const wired = Object.keys(entries[area].parts).filter((name) => name !== 'table' && name !== 'basics');
    expect(wired.sort()).toEqual(flagged.sort());
  });

  it("the stream dispatcher wires the search index, the saved searches' reverse index (alerts), and the table (listing counts, mail requests), the user pool and mail for mail requests, and the unsubscribe links' secret for question and alert mails", () => {
    // infra/stack.ts grants the dispatcher exactly these (test/infra/stack.test.ts checks the grants).
    expect(Object.keys(stream.parts).sort()).toEqual([
      'basics',
      'identity',
      'mail',
      'push',
      'savedSearchIndex',
      'search',
      'table',
      'unsubscribeTokens',
    ]);
  });
});
