import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingPointBody } from '#shared/trust';
import { apiCall } from '@/lib/api-client';
import { meetingPointsQueryKey } from '@/lib/api/get-meeting-points';
import { invalidateAfterAdminChange } from './admin-keys';

export type SaveMeetingPoint =
  | { mode: 'create'; universityId: string; body: MeetingPointBody }
  | { mode: 'edit'; universityId: string; pointId: string; body: MeetingPointBody };

/** adminCreateMeetingPoint or adminUpdateMeetingPoint (decision 032). */
export const saveMeetingPoint = (input: SaveMeetingPoint) =>
  input.mode === 'create'
    ? apiCall('adminCreateMeetingPoint', { params: { id: input.universityId }, body: input.body })
    : apiCall('adminUpdateMeetingPoint', {
        params: { id: input.universityId, pointId: input.pointId },
        body: input.body,
      });

/** adminDeleteMeetingPoint. */
export const deleteMeetingPoint = (input: { universityId: string; pointId: string }) =>
  apiCall('adminDeleteMeetingPoint', { params: { id: input.universityId, pointId: input.pointId } });

/** After a change: the university's points (public, so read past the browser's copy) and the histories. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (universityId: string) =>
    Promise.all([
      invalidateAfterAdminChange(queryClient),
      queryClient.invalidateQueries({ queryKey: meetingPointsQueryKey(universityId) }),
    ]);
}

export function useSaveMeetingPoint() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: saveMeetingPoint,
    onSettled: (_d, _e, input) => after(input.universityId),
  });
}

export function useDeleteMeetingPoint() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: deleteMeetingPoint,
    onSettled: (_d, _e, input) => after(input.universityId),
  });
}
