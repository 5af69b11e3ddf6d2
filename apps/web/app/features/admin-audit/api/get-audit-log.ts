import { AUDIT_LOG_DEFAULT_LIMIT, type AuditLogAnswer } from '@labshop/shared/schemas/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { auditKeys } from './keys.ts';

/** Entries per page: the server's default page size. */
export const AUDIT_LOG_PAGE_SIZE = AUDIT_LOG_DEFAULT_LIMIT;

/** The screen's filters, as the address and the API name them; empty ones are left out. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  /** YYYY-MM-DD, whole days in UTC. */
  from?: string;
  to?: string;
}

export const AUDIT_FILTER_NAMES = [
  'actor',
  'action',
  'entityType',
  'entityId',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilters)[];

/** The filters as query parameters (empty ones left out). */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /api/admin/audit-log?page=N&...filters: newest first, with the count of every match. */
export function getAuditLog(
  page: number,
  filters: AuditFilters,
  signal?: AbortSignal,
): Promise<AuditLogAnswer> {
  const params = auditFilterParams(filters);
  params.set('page', String(page));
  return apiJson<AuditLogAnswer>(`/api/admin/audit-log?${params}`, { signal });
}

export function auditLogQueryOptions(page: number, filters: AuditFilters) {
  return queryOptions({
    queryKey: auditKeys.page(page, filters),
    queryFn: ({ signal }) => getAuditLog(page, filters, signal),
    // Every admin change adds an entry: a visit shows what is there now.
    staleTime: 0,
  });
}

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery({ ...auditLogQueryOptions(page, filters), placeholderData: keepPreviousData });
}
