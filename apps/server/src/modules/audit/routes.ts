import {
  AUDIT_LOG_CSV_COLUMNS,
  AUDIT_LOG_CSV_FILENAME,
  AUDIT_LOG_EXPORT_MAX_ROWS,
  AuditLogAnswerSchema,
  AuditLogFilterQuery,
  AuditLogQuery,
} from '@labshop/shared/schemas/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportLimit } from '../../http/rate-limits.ts';
import { sendCsv } from '../../http/csv.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { adminErrorResponses } from '../../http/errors.ts';
import type { AuditService } from './service.ts';

/**
 * The audit log in the admin: read and export only. There is deliberately no route that
 * changes or removes an entry.
 */

const FILTERS_DESCRIPTION =
  'actor matches part of the e-mail or subject, ignoring case; action is an action (product.update) or, ending with a dot, every action it starts (product.); entityType and entityId match exactly; from and to are dates (YYYY-MM-DD, whole days in UTC) or ISO 8601 times, both included.';

export async function auditRoutes(fastify: FastifyInstance, options: { audit: AuditService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { audit } = options;

  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'A page of the audit log, newest first, with the number of matching entries',
        description: `Every admin change with who, when, what, and the changed fields before and after. ${FILTERS_DESCRIPTION}`,
        querystring: AuditLogQuery,
        response: { 200: AuditLogAnswerSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return audit.list(filter, { page, limit });
    },
  );

  app.get(
    '/api/admin/audit-log/export',
    {
      config: { access: 'admin', rateLimit: exportLimit() },
      schema: {
        tags: ['audit'],
        summary: `Downloads ${AUDIT_LOG_CSV_FILENAME}: the matching entries, newest first`,
        description: `Columns ${AUDIT_LOG_CSV_COLUMNS.join(', ')} (before and after as JSON); at most ${AUDIT_LOG_EXPORT_MAX_ROWS} entries. RFC 4180 CSV; a cell starting with =, +, -, @, tab or CR is prefixed with ' so spreadsheets show it as text. The export is itself logged (audit-log.export). ${FILTERS_DESCRIPTION}`,
        querystring: AuditLogFilterQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        AUDIT_LOG_CSV_FILENAME,
        await audit.exportCsv(request.query, await auditContextOf(request)),
      ),
  );
}
