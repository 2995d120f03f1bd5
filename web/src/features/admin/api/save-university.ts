import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UniversityCreateBody, UniversityUpdateBody } from '#shared/admin';
import { apiCall } from '@/lib/api-client';
import { invalidateAfterAdminChange } from './admin-keys';

export type SaveUniversity =
  | { mode: 'create'; body: UniversityCreateBody }
  | { mode: 'edit'; id: string; body: UniversityUpdateBody };

/** adminCreateUniversity or adminUpdateUniversity (the id is fixed once created). */
export const saveUniversity = (input: SaveUniversity) =>
  input.mode === 'create'
    ? apiCall('adminCreateUniversity', { body: input.body })
    : apiCall('adminUpdateUniversity', { params: { id: input.id }, body: input.body });

export function useSaveUniversity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveUniversity, onSettled: () => invalidateAfterAdminChange(queryClient) });
}
