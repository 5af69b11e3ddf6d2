import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Server-side login sessions (backend-for-frontend): the browser holds only an opaque cookie,
 * the tokens stay here. The primary key is a hash of the cookie value, so a copy of this table
 * cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userSubject: text('user_subject').notNull(),
    email: text('email'),
    name: text('name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    idToken: text('id_token'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('sessions_expires_at_idx').on(table.expiresAt),
    index('sessions_user_subject_idx').on(table.userSubject),
  ],
);
