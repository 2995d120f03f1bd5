import { Construct } from 'constructs';
import type { StageConfig } from '../stages';
import { AppFunction, PHOTO_NATIVE_MODULES } from './app-function';

export interface PhotoJobsProps {
  readonly stage: StageConfig;
  /** Absolute path of the job's Lambda entry (functions/app/jobs/photo-variants.ts). */
  readonly entry: string;
}

/**
 * The one-off photo job (docs/decisions/022): gives products stored before responsive photos
 * their WebP sizes. Nothing invokes it on its own: the operator runs it once after the deploy that
 * brings it (docs/runbook.md), and again whenever it reports that it is not done; it skips what is
 * done, so a repeat or an overlap costs only the read of the table. The stack grants it the table
 * and the product images (infra/stack.ts).
 */
export class PhotoJobs extends Construct {
  readonly variants: AppFunction;

  constructor(scope: Construct, id: string, props: PhotoJobsProps) {
    super(scope, id);
    this.variants = new AppFunction(this, 'Variants', {
      entry: props.entry,
      stage: props.stage,
      description: 'One-off job: derives the WebP sizes of stored product photos (decision 022)',
      // Lambda's CPU grows with memory; sharp draws faster with a whole core.
      memoryMb: 1769,
      // The longest Lambda allows; the job stops a minute before and hands back its cursor.
      timeoutSeconds: 900,
      nativeModules: PHOTO_NATIVE_MODULES,
    });
  }
}
