import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** listMeetingPoints: a university's safe meeting points (the contact flow, the admin's list). */
export const getMeetingPoints = (universityId: string, signal?: AbortSignal) =>
  apiCall('listMeetingPoints', { params: { id: universityId }, signal });

export const meetingPointsQueryKey = (universityId: string | null) =>
  ['meeting-points', universityId] as const;

export const getMeetingPointsQueryOptions = (universityId: string | null, enabled = true) =>
  queryOptions({
    queryKey: meetingPointsQueryKey(universityId),
    queryFn: ({ signal }) => getMeetingPoints(universityId as string, signal),
    enabled: enabled && Boolean(universityId),
    staleTime: 60_000,
  });

export const useMeetingPoints = (universityId: string | null, enabled = true) =>
  useQuery(getMeetingPointsQueryOptions(universityId, enabled));
