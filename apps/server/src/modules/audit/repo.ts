import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogFilter } from '@labshop/shared/schemas/audit';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * The audit log's rows. Insert and read only: there is no update or delete here, and the
 * database's triggers refuse them anyway (migration 0007).
 */

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditValues = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

function whereOf(filter: AuditLogFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) {
    const pattern = containsPattern(filter.actor);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.actorSubject, pattern)));
  }
  if (filter.action) {
    // "product." (or "product") matches every product action; a full action matches itself.
    conditions.push(
      filter.action.endsWith('.')
        ? ilike(auditLog.action, `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : sql`lower(${auditLog.action}) = lower(${filter.action})`,
    );
  }
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  return conditions.length ? and(...conditions) : undefined;
}

export function createAuditRepo(db: Database) {
  return {
    /** Appends entries through `executor` (a transaction, so they land with the change). */
    async append(entries: AuditValues[], executor: Database = db): Promise<void> {
      if (entries.length === 0) return;
      await executor.insert(auditLog).values(entries);
    },

    /** A page of the matching entries, newest first, and how many match. */
    async page(
      filter: AuditLogFilter,
      window: { limit: number; offset: number },
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const where = whereOf(filter);
      const [counted] = await db.select({ value: count() }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
      return { rows, total: counted?.value ?? 0 };
    },

    /** Every matching entry, newest first, at most `limit`. */
    async all(filter: AuditLogFilter, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(whereOf(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
