import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { observe } from '../commons/observability';
import { type NotifyDeps, sweepDueNotifications } from '../services/question-notifications';
import type { NotificationSweepEvent } from './sweep-event';

export interface SweepResult {
  due: number;
  mailed: number;
  failed: number;
}

/**
 * The sweep of due notification windows, as a Lambda handler: mails what each closed window
 * gathered. A failure is thrown after every window was tried (the function's errors alarm counts
 * it; the failed windows stay due and the next sweep, a minute later, tries them again).
 */
export function createNotificationSweep(context: () => NotifyDeps) {
  const base = async (_event: NotificationSweepEvent, _lambdaContext: Context): Promise<SweepResult> =>
    sweepDueNotifications(context());
  return middy<NotificationSweepEvent, SweepResult, Error, Context>(base).use(
    observe<NotificationSweepEvent, SweepResult>(),
  );
}
