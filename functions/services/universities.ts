import { API_MESSAGES } from '#shared/messages';
import type { University, UniversityRequest, UniversityRequestInput } from '#shared/schemas';
import { NotFoundError } from '../commons/errors';
import type { SendCounter } from '../ports/accounts';
import type { UniversityRepository, UniversityRequestRepository } from '../ports/repositories';
import { spendAllowance } from './codes';
import { DAY_MS, HOUR_MS } from '../commons/time';

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
 * and recorded when signed in. Limited per client address and per account.
 */
export async function createUniversityRequest(
  deps: {
    universityRequests: UniversityRequestRepository;
    sendCounter: SendCounter;
    now: () => Date;
    newId: () => string;
  },
  input: UniversityRequestInput,
  requesterId: string | null,
  client: string,
): Promise<UniversityRequest> {
  const message = API_MESSAGES.tooManyUniversityRequests;
  await spendAllowance(deps, `unireq-client:${client}`, { ...UNIVERSITY_REQUESTS_PER_CLIENT, message });
  if (requesterId)
    await spendAllowance(deps, `unireq-account:${requesterId}`, {
      ...UNIVERSITY_REQUESTS_PER_ACCOUNT,
      message,
    });
  const request: UniversityRequest = {
    ...input,
    additional_info: input.additional_info ?? null,
    id: deps.newId(),
    status: 'pending',
    admin_notes: null,
    requester_id: requesterId,
    created_at: deps.now().toISOString(),
  };
  await deps.universityRequests.create(request);
  return request;
}
