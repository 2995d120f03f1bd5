import { API_MESSAGES } from '#shared/messages';
import type { University, UniversityRequest, UniversityRequestInput } from '#shared/schemas';
import { NotFoundError } from '../../commons/errors';
import type { Allowance, IdempotencyClaim } from '../../ports/idempotency';
import type { UniversityRepository, UniversityRequestRepository } from '../../ports/repositories';
import { DAY_MS, HOUR_MS } from '../../commons/time';

/**
 * University requests from one client address in any hour (a campus network shares one address:
 * generous) and from one signed-in account in any day (a student asks for their own university).
 */
export const UNIVERSITY_REQUESTS_PER_CLIENT = { max: 10, windowMs: HOUR_MS } as const;
export const UNIVERSITY_REQUESTS_PER_ACCOUNT = { max: 3, windowMs: DAY_MS } as const;

export async function listUniversities(deps: { universities: UniversityRepository }): Promise<University[]> {
  return deps.universities.list();
}

export async function getUniversity(
  deps: { universities: UniversityRepository },
  id: string,
): Promise<University> {
  const university = await deps.universities.get(id);
  if (!university) throw new NotFoundError(API_MESSAGES.universityNotFound);
  return university;
}

/**
 * The request dialog: stored as pending; the requester is optional (anonymous visitors may ask),
 * and recorded when signed in. Limited per client address and per account: the request, its
 * first answer and the uses of both limits are one transaction (decision 041), so a retry is
 * answered with the first request and a failed one costs nothing.
 */
export async function createUniversityRequest(
  deps: {
    universityRequests: UniversityRequestRepository;
    now: () => Date;
    newId: () => string;
  },
  input: UniversityRequestInput,
  requesterId: string | null,
  client: string,
  claim: IdempotencyClaim,
): Promise<UniversityRequest> {
  const message = API_MESSAGES.tooManyUniversityRequests;
  const allowances: Allowance[] = [
    { subject: `unireq-client:${client}`, ...UNIVERSITY_REQUESTS_PER_CLIENT, message },
    ...(requesterId
      ? [{ subject: `unireq-account:${requesterId}`, ...UNIVERSITY_REQUESTS_PER_ACCOUNT, message }]
      : []),
  ];
  const now = deps.now();
  const request: UniversityRequest = {
    ...input,
    additional_info: input.additional_info ?? null,
    id: deps.newId(),
    status: 'pending',
    admin_notes: null,
    requester_id: requesterId,
    created_at: now.toISOString(),
  };
  await deps.universityRequests.create(request, {
    record: claim.record(request),
    allowances,
    now: now.getTime(),
  });
  return request;
}
