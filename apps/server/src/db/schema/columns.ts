import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every admin-edited table carries. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Soft delete for rows that orders or history refer to. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
