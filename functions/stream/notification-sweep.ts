import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { observe } from '../commons/observability';
import { type AlertDeps, sweepAlertDigests } from '../services/notifications/alert-notifications';
import { type NotifyDeps, sweepDueNotifications } from '../services/notifications/question-notifications';
import type { ReviewRepository } from '../ports/deals';
import { sweepReviewWindows } from '../services/deals/review-windows';
import type { NotificationSweepEvent } from './sweep-event';

export interface SweepResult {
  due: number;
  mailed: number;
  failed: number;
  /** Alert digests due and mailed (docs/decisions/031). */
  digests?: { due: number; mailed: number };
  /** Review windows reminded and closed (issue 40). */
  reviewWindows?: { due: number; reminded: number; closed: number };
}

/**
 * The sweep of due notification windows, as a Lambda handler: mails what each closed window
 * gathered. A failure is thrown after every window was tried (the function's errors alarm counts
 * it; the failed windows stay due and the next sweep, a minute later, tries them again).
 */
export function createNotificationSweep(
  context: () => NotifyDeps & AlertDeps & { reviews: ReviewRepository },
) {
  // The same schedule closes question windows, sends the alert digests that are due and takes the
  // review windows' steps (all are tried; the first failure is thrown after all ran).
  const base = async (_event: NotificationSweepEvent, _lambdaContext: Context): Promise<SweepResult> => {
    const [questions, digests, reviewWindows] = await Promise.allSettled([
      sweepDueNotifications(context()),
      sweepAlertDigests(context()),
      sweepReviewWindows(context()),
    ]);
    if (questions.status === 'rejected') throw questions.reason;
    if (digests.status === 'rejected') throw digests.reason;
    if (reviewWindows.status === 'rejected') throw reviewWindows.reason;
    return { ...questions.value, digests: digests.value, reviewWindows: reviewWindows.value };
  };
  return middy<NotificationSweepEvent, SweepResult, Error, Context>(base).use(
    observe<NotificationSweepEvent, SweepResult>(),
  );
}
