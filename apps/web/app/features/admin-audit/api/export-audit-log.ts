import { AUDIT_LOG_CSV_FILENAME } from '@labshop/shared/schemas/audit';
import { auditFilterParams, type AuditFilters } from './get-audit-log.ts';

/**
 * GET /api/admin/audit-log/export?...filters: audit_log.csv of every matching entry. A
 * same-origin link with `download` fetches it with the session cookie, like any other call.
 */
export function auditLogExportUrl(filters: AuditFilters): string {
  const query = auditFilterParams(filters).toString();
  return query ? `/api/admin/audit-log/export?${query}` : '/api/admin/audit-log/export';
}

export const AUDIT_LOG_CSV_NAME = AUDIT_LOG_CSV_FILENAME;
