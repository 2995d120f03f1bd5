import { publishingRoutes } from '#shared/api/publishing';
import { publishingHandlers } from '../../handlers/publishing';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { imageParts } from '../parts/images';
import { commentModerationParts } from '../parts/comment-moderation';
import { moderationParts } from '../parts/moderation';
import { tableParts } from '../parts/table';
import { unsubscribeTokenParts } from '../parts/unsubscribe-tokens';
import { callerOptions, callerParts } from '../parts/tokens';

/** Publishing's parts: the table, the images bucket and the moderator. */
export const parts = {
  table: tableParts,
  images: imageParts,
  // Listings by the listing moderator; reviews and their replies as questions are (issue 40).
  moderation: { ...moderationParts, ...commentModerationParts },
  // The signing secret of the expiry reminder's links (decision 030).
  unsubscribeTokens: unsubscribeTokenParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the publishing area (shared/api/publishing.ts). */
export const handler = createAreaHandler(publishingRoutes, publishingHandlers, () => context, {
  ...callerOptions(context),
  idempotency: () => context.idempotency,
});
