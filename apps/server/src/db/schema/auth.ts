import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

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
    /** The provider vouches for the e-mail: only then does it link the user to a lab's orders. */
    emailVerified: boolean('email_verified').notNull().default(false),
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

/**
 * The embedded identity provider's storage (oidc-provider's adapter contract): sessions,
 * grants, codes and tokens, so logins and refresh tokens survive a restart.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oidc_models_grant_id_idx').on(table.grantId),
    index('oidc_models_uid_idx').on(table.uid),
    index('oidc_models_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Secrets the app makes for itself on first start (cookie signing, the embedded provider's
 * keys), shared by every instance through the database and never written to the repo.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's saved shipping addresses (issue 36's address book). The lab's own address, from the
 * ERP customer, is offered first and is not stored here.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: id(),
    userSubject: text('user_subject').notNull(),
    /** The user's own name for it ('Back door', 'Second lab'); may be empty. */
    label: text('label').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    ...timestamps,
  },
  (table) => [index('user_addresses_user_idx').on(table.userSubject, table.createdAt)],
);
