import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntityType } from '#shared/admin';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminListAudit for one entity: its history, newest first. */
export const getEntityAudit = (entityType: AuditEntityType, entityId: string, signal?: AbortSignal) =>
  apiCall('adminListAudit', { query: { entity_type: entityType, entity_id: entityId, limit: 20 }, signal });

export const getEntityAuditQueryOptions = (entityType: AuditEntityType, entityId: string | null) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'audit', entityType, entityId],
    queryFn: ({ signal }) => getEntityAudit(entityType, entityId ?? '', signal),
    enabled: entityId !== null,
    staleTime: 0,
  });

export const useEntityAudit = (entityType: AuditEntityType, entityId: string | null) =>
  useQuery(getEntityAuditQueryOptions(entityType, entityId));
