import { z } from 'zod';
import { stopWith } from './field-checks.ts';
import { limitField, pageField } from './paging.ts';

/**
 * The audit log (issue 10 point 7; ours, the spec has no such screen): every admin change with
 * who, when, what, and the values before and after. Read-only through the API.
 */

/** What the entries are about; the admin page's filter offers these. */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'category',
  'prices',
  'text-page',
  'testimonial',
  'gallery-image',
  'notification',
  'contact-data',
  'subscriber',
  'newsletter',
  'customers',
  'order',
  'export',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_LOG_DEFAULT_LIMIT = 25;
export const AUDIT_LOG_MAX_LIMIT = 100;
/** At most this many entries in one CSV export (newest first). */
export const AUDIT_LOG_EXPORT_MAX_ROWS = 50_000;
export const AUDIT_LOG_CSV_FILENAME = 'audit_log.csv';
export const AUDIT_LOG_CSV_COLUMNS = [
  'id',
  'at',
  'actorEmail',
  'actorSubject',
  'action',
  'entityType',
  'entityId',
  'before',
  'after',
  'ip',
] as const;

export const AUDIT_MESSAGES = {
  loadFailed: 'Failed to load the audit log',
  empty: 'No entries found.',
  badDate: 'from and to must be dates (YYYY-MM-DD) or ISO 8601 times.',
  badRange: 'from must not be after to.',
} as const;

const filterText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be given once, as text.` })
    .trim()
    .max(max, stopWith(`${label} must be at most ${max} characters.`))
    .optional()
    .transform((value) => (value ? value : undefined));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The times a filter may name: the database takes no year 0, and nothing is older than 1970. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A date (YYYY-MM-DD, a whole day in UTC) or an ISO 8601 time. `end` makes a bare date mean the
 * end of that day, so from=2026-11-21&to=2026-11-21 is the whole day.
 */
const dateBound = (end: boolean) =>
  z
    .string({ error: AUDIT_MESSAGES.badDate })
    .trim()
    .max(40, stopWith(AUDIT_MESSAGES.badDate))
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const time = DATE_ONLY.test(value)
        ? Date.parse(`${value}T00:00:00.000Z`) + (end ? 86_400_000 - 1 : 0)
        : /^\d{4}-\d{2}-\d{2}T/.test(value)
          ? Date.parse(value)
          : Number.NaN;
      if (!Number.isFinite(time) || time < EARLIEST || time > LATEST) {
        context.addIssue({ code: 'custom', message: AUDIT_MESSAGES.badDate });
        return z.NEVER;
      }
      return new Date(time);
    });

const filterFields = {
  /** Part of the actor's e-mail or subject, ignoring case. */
  actor: filterText('actor', 200),
  /** An action (product.update) or its start (product.). */
  action: filterText('action', 100),
  entityType: filterText('entityType', 50),
  entityId: filterText('entityId', 200),
  from: dateBound(false),
  to: dateBound(true),
};

const fromNotAfterTo = [
  (query: { from?: Date; to?: Date }) => !query.from || !query.to || query.from <= query.to,
  { message: AUDIT_MESSAGES.badRange },
] as const;

/** The filters of GET /api/admin/audit-log/export. */
export const AuditLogFilterQuery = z.object(filterFields).refine(...fromNotAfterTo);
export type AuditLogFilter = z.output<typeof AuditLogFilterQuery>;

/** GET /api/admin/audit-log: the filters, a page and its size; newest first. */
export const AuditLogQuery = z
  .object({
    ...filterFields,
    page: pageField(),
    limit: limitField(AUDIT_LOG_MAX_LIMIT, AUDIT_LOG_DEFAULT_LIMIT),
  })
  .refine(...fromNotAfterTo);

const JsonRecord = z.record(z.string(), z.unknown());

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ email: z.string().nullable(), subject: z.string() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: JsonRecord.nullable(),
  after: JsonRecord.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogAnswerSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditLogAnswer = z.infer<typeof AuditLogAnswerSchema>;

/** One field of an entry as the admin page shows it: the value before and after. */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry changed, in a stable order (before's keys, then after's new ones). */
export function auditFieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditFieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: before[field], after: after[field] }));
}
