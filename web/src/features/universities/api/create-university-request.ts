import { useMutation } from '@tanstack/react-query';
import type { UniversityRequestInput } from '#shared/schemas';
import { apiCall } from '@/lib/api-client';

export const createUniversityRequest = (body: UniversityRequestInput) =>
  apiCall('createUniversityRequest', { body });

/** Requests are reviewed by admins; nothing shown here changes, so no query is invalidated. */
export const useCreateUniversityRequest = () => useMutation({ mutationFn: createUniversityRequest });
