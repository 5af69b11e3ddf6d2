import type { AuditFilters } from './get-audit-log.ts';

/** Query keys of the Audit Log screen. */
export const auditKeys = {
  all: ['admin-audit-log'] as const,
  page: (page: number, filters: AuditFilters) =>
    ['admin-audit-log', 'page', { page, ...filters }] as const,
};
