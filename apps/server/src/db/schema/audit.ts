import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 10 point 7): one row per admin change, append-only. The app only ever
 * inserts here, and the database refuses the rest: triggers (migration 0007) raise on UPDATE,
 * DELETE and TRUNCATE of this table. before/after hold the changed fields only (whole records for
 * creations and deletions), never a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    // A sequence: entries keep the order they were written in, also within one millisecond.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorSubject: text('actor_subject').notNull(),
    actorEmail: text('actor_email'),
    /** What was done: `<entity>.<verb>`, e.g. product.update. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    /** The entity's number, id or name (product number, page name, e-mail, order number). */
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at),
    index('audit_log_action_idx').on(table.action, table.at),
    index('audit_log_actor_idx').on(sql`lower(${table.actorEmail})`, table.at),
  ],
);
