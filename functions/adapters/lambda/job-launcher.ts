import aws4 from 'aws4';
import { ENV, requireEnv } from '../../commons/env';
import type { JobLauncher } from '../../ports/admin';
import { credentialsFromEnv } from '../search/opensearch';

/**
 * Starts a run of the job function without waiting for it: Lambda's Invoke API with the `Event`
 * invocation type, signed with aws4 and sent with fetch (no Lambda SDK in the bundle). Lambda
 * queues the event and retries a failed run twice; the job's lease makes overlapping runs harmless.
 */
export function createLambdaJobLauncher(): JobLauncher {
  return {
    async launch(jobId) {
      const region = process.env.AWS_REGION ?? 'us-east-1';
      const fn = requireEnv(ENV.jobsFunctionName);
      const host = `lambda.${region}.amazonaws.com`;
      const path = `/2015-03-31/functions/${encodeURIComponent(fn)}/invocations`;
      const body = JSON.stringify({ jobId });
      const signed = aws4.sign(
        {
          host,
          path,
          method: 'POST',
          service: 'lambda',
          region,
          headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
          body,
        },
        credentialsFromEnv(),
      );
      const headers = Object.fromEntries(
        Object.entries(signed.headers ?? {})
          .filter(([name]) => name.toLowerCase() !== 'host')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(`https://${host}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(5000),
      });
      // 202: queued. Anything else leaves the job queued for the schedule's sweep.
      if (res.status !== 202) throw new Error(`Lambda refused the job's invocation: ${res.status} ${await res.text()}`);
    },
  };
}
