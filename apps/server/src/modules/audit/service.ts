import {
  AUDIT_LOG_CSV_COLUMNS,
  AUDIT_LOG_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditLogAnswer,
  type AuditLogFilter,
} from '@labshop/shared/schemas/audit';
import type { Database } from '../../db/client.ts';
import type { AuditContext } from '../../http/audit-context.ts';
import { toCsv } from '../../http/csv.ts';
import type { AuditRepo, AuditRow, AuditValues } from './repo.ts';

/**
 * The audit log (issue 10 point 7): every admin change is appended with who, when, what and the
 * values before and after, in the same transaction as the change where the change has one, so
 * a change never lands without its entry. Entries are never changed or removed: the app has no
 * way to, and the database refuses it.
 */

// Who made a change and from where: the routes make it from the request (auditContextOf).
export type { AuditActor, AuditContext } from '../../http/audit-context.ts';

type JsonRecord = Record<string, unknown>;

/** One change: what was done to which entity, and its values before and after. */
export interface AuditChange {
  /** `<entity>.<verb>`, e.g. product.update. */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: JsonRecord | null;
  after?: JsonRecord | null;
}

/** Keys whose values never go into the log, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authori[sz]ation|cookie|sig(nature)?$/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value === undefined ? null : value;
  const clean: JsonRecord = {};
  for (const [key, item] of Object.entries(value)) {
    clean[key] = SECRET_KEY.test(key) ? '[redacted]' : withoutSecrets(item);
  }
  return clean;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(withoutSecrets(a)) === JSON.stringify(withoutSecrets(b));
}

/**
 * Only the fields that differ between two versions of a record, each side with its own value;
 * null when nothing differs (the change is then not logged).
 */
export function changedFields(
  before: JsonRecord,
  after: JsonRecord,
): { before: JsonRecord; after: JsonRecord } | null {
  const changed = { before: {} as JsonRecord, after: {} as JsonRecord };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return Object.keys(changed.after).length ? changed : null;
}

/**
 * An export's entry: the file `filename` was downloaded, with what it held (`after`: the
 * search or filter and the number of rows), logged as `action` (e.g. customers.export).
 */
export function exportChange(action: string, filename: string, after: JsonRecord): AuditChange {
  return { action, entityType: 'export', entityId: filename, after };
}

function valuesOf(context: AuditContext, change: AuditChange): AuditValues {
  return {
    actorSubject: context.actor.subject,
    actorEmail: context.actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId ?? null,
    before: change.before ? (withoutSecrets(change.before) as JsonRecord) : null,
    after: change.after ? (withoutSecrets(change.after) as JsonRecord) : null,
    ip: context.ip,
  };
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { email: row.actorEmail, subject: row.actorSubject },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}

/** A filter as written into the export's own entry (dates as ISO text, empty ones left out). */
function filterRecord(filter: AuditLogFilter): JsonRecord {
  const record: JsonRecord = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined) record[key] = value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

export interface AuditServiceDeps {
  db: Database;
  repo: AuditRepo;
}

export function createAuditService({ db, repo }: AuditServiceDeps) {
  return {
    /**
     * Runs `work` in one transaction; the changes it records are appended in that transaction,
     * after the work. Inside `work`, use only `tx` (an embedded database has one connection: a
     * query outside the transaction would wait for it forever).
     */
    async transaction<T>(
      context: AuditContext,
      work: (tx: Database, record: (change: AuditChange) => void) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const changes: AuditChange[] = [];
        const result = await work(tx, (change) => changes.push(change));
        await repo.append(
          changes.map((change) => valuesOf(context, change)),
          tx,
        );
        return result;
      });
    },

    /**
     * Appends one entry on its own, for what has no transaction to join (an export, a job
     * queued by another module). `executor` is a transaction to join, when there is one.
     */
    async record(context: AuditContext, change: AuditChange, executor?: Database): Promise<void> {
      await repo.append([valuesOf(context, change)], executor);
    },

    async list(
      filter: AuditLogFilter,
      page: { page: number; limit: number },
    ): Promise<AuditLogAnswer> {
      const { rows, total } = await repo.page(filter, {
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      return { entries: rows.map(entryOf), total, page: page.page, limit: page.limit };
    },

    /** The matching entries as CSV (newest first); the export is itself logged. */
    async exportCsv(filter: AuditLogFilter, context: AuditContext): Promise<string> {
      const rows = await repo.all(filter, AUDIT_LOG_EXPORT_MAX_ROWS);
      await this.record(
        context,
        exportChange('audit-log.export', 'audit_log.csv', {
          filter: filterRecord(filter),
          rows: rows.length,
        }),
      );
      return toCsv(
        AUDIT_LOG_CSV_COLUMNS,
        rows.map((row) => [
          row.id,
          row.at.toISOString(),
          row.actorEmail,
          row.actorSubject,
          row.action,
          row.entityType,
          row.entityId,
          row.before ? JSON.stringify(row.before) : '',
          row.after ? JSON.stringify(row.after) : '',
          row.ip,
        ]),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** What the other modules need: to record changes, in their transaction or alone. */
export type AuditLog = Pick<AuditService, 'transaction' | 'record'>;
