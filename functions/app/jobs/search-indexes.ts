import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { logger } from '../../commons/observability';
import { withTimeout } from '../../commons/timeout';
import { ensureOpenSearchIndexes } from '../parts/search-indexes';
import { answerCloudFormation, type CustomResourceOutcome } from './cloudformation-answer';

/**
 * How long the indexes may take before the deploy is told they failed: each request is retried
 * (up to three 10 s attempts), and the function's timeout (infra/constructs/search.ts) is above
 * this, so the answer is always sent and a deploy never waits an hour for it.
 */
export const ENSURE_TIMEOUT_MS = 60_000;

/**
 * The stage's custom resource that makes the search indexes at deploy (issue 42, decision 060): on
 * Create and Update, the products index and the saved searches' percolator index exist with their
 * current mappings (functions/app/parts/search-indexes.ts; an existing index or alias is kept, and
 * gains the fields added since), so a fresh stage answers health with 200 and searches from the
 * engine before its first listing. On Delete nothing is touched: the indexes (the domain's data)
 * go with the domain's own removal policy. It answers CloudFormation itself, failures included
 * (FAILED with the reason), within ENSURE_TIMEOUT_MS.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  let outcome: CustomResourceOutcome;
  try {
    if (event.RequestType !== 'Delete') await withTimeout(ensureOpenSearchIndexes(), ENSURE_TIMEOUT_MS);
    outcome = { Status: 'SUCCESS' };
  } catch (error) {
    logger.error('search indexes not made', { error: String(error) });
    outcome = { Status: 'FAILED', Reason: `Search indexes not made: ${String(error).slice(0, 200)}` };
  }
  await answerCloudFormation(event, outcome, `${event.LogicalResourceId}-search-indexes`);
}
