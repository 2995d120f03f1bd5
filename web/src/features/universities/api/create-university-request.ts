import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { UniversityRequestInput } from '#shared/schemas';
import { apiCall } from '@/lib/api-client';

/** createUniversityRequest: asks for a university that is not listed yet. */
export const createUniversityRequest = (body: UniversityRequestInput) =>
  apiCall('createUniversityRequest', { body });

/** Requests are reviewed by admins; nothing shown here changes, so no query is invalidated. */
export const createUniversityRequestMutationOptions = () =>
  mutationOptions({ mutationFn: createUniversityRequest });

export const useCreateUniversityRequest = () => useMutation(createUniversityRequestMutationOptions());
