import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

/** What a custom resource's function answers: its outcome, and what `Fn::GetAtt` may read. */
export interface CustomResourceOutcome {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  Data?: Record<string, string>;
}

/**
 * The custom resource protocol's answer, sent by the function itself (no provider framework: no
 * function and role of its own): a PUT of the outcome to the request's presigned URL, with no
 * content type (the URL is signed without one). `physicalId` names the resource on Create; Update
 * and Delete keep the one CloudFormation sends, so an Update never replaces the resource.
 */
export async function answerCloudFormation(
  event: CloudFormationCustomResourceEvent,
  outcome: CustomResourceOutcome,
  physicalId: string,
): Promise<void> {
  const body = JSON.stringify({
    ...outcome,
    PhysicalResourceId: event.RequestType === 'Create' ? physicalId : event.PhysicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  const res = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body });
  if (!res.ok) throw new Error(`CloudFormation's presigned URL answered ${res.status}`);
}
