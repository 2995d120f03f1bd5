import { API_MESSAGES } from '#shared/messages';
import type { University, UniversityRequest, UniversityRequestInput } from '#shared/schemas';
import { NotFoundError } from '../commons/errors';
import type { UniversityRepository, UniversityRequestRepository } from '../ports/repositories';

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

/** The request dialog: stored as pending; the requester is optional (anonymous visitors may ask). */
export async function createUniversityRequest(
  deps: { universityRequests: UniversityRequestRepository; now: () => Date; newId: () => string },
  input: UniversityRequestInput,
  requesterId: string | null,
): Promise<UniversityRequest> {
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
