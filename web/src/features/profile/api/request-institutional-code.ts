import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface InstitutionalCodeRequest {
  universityId: string;
  email: string;
}

/** requestInstitutionalCode: e-mails a 6-digit code to an address of the university's domain. */
export const requestInstitutionalCode = ({ universityId, email }: InstitutionalCodeRequest) =>
  apiCall('requestInstitutionalCode', { body: { university_id: universityId, email } });

/** Nothing stored changes until the code is typed: no query is invalidated. */
export const requestInstitutionalCodeMutationOptions = () =>
  mutationOptions({ mutationFn: requestInstitutionalCode });

export const useRequestInstitutionalCode = () => useMutation(requestInstitutionalCodeMutationOptions());
