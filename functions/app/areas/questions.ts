import { questionsRoutes } from '#shared/api/questions';
import { questionsHandlers } from '../../handlers/questions';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { commentModerationParts } from '../parts/comment-moderation';
import { tableParts } from '../parts/table';
import { callerOptions, callerParts } from '../parts/tokens';

/**
 * The questions' parts: the table, the comment moderator (rules, then Bedrock in AWS) and what
 * knows the callers (the askers, and the optional caller of the public list).
 */
export const parts = {
  table: tableParts,
  moderation: commentModerationParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the questions area (shared/api/questions.ts). */
export const handler = createAreaHandler(questionsRoutes, questionsHandlers, () => context, {
  ...callerOptions(context),
  idempotency: () => context.idempotency,
});
