import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceSet } from '@labshop/shared/schemas/erp';
import {
  ERP_SYNC_ITEM_OUTCOMES,
  ERP_SYNC_KINDS,
  ERP_SYNC_RUN_STATUSES,
} from '@labshop/shared/schemas/erp';
import { id, timestamps } from './columns.ts';

/** A price list line of the built-in ERP: a price for customers of `code` from a quantity on. */
export interface BuiltInPriceListLine {
  code: string;
  minimumQuantity: number;
  unitPriceCents: number;
}

/**
 * The built-in ERP's items (embedded mode): what Business Central's items and price lists are in
 * production. The price sync reads prices from here; the demo seed fills it.
 */
export const erpItems = pgTable(
  'erp_items',
  {
    id: id(),
    number: text('number').notNull(),
    displayName: text('display_name').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceListLines: jsonb('price_list_lines').$type<BuiltInPriceListLine[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [uniqueIndex('erp_items_number_unique').on(table.number)],
);

/**
 * The sync ledger: every price sync and customer refresh, who started it, its progress while it
 * runs, and its outcome. At most one of each kind runs at a time (the partial unique index),
 * across every instance.
 */
export const erpSyncs = pgTable(
  'erp_syncs',
  {
    id: id(),
    kind: text('kind', { enum: ERP_SYNC_KINDS }).notNull(),
    status: text('status', { enum: ERP_SYNC_RUN_STATUSES }).notNull().default('running'),
    startedBy: text('started_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Moved on with the progress: a running sync whose heartbeat stopped was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
  },
  (table) => [
    uniqueIndex('erp_syncs_one_running')
      .on(table.kind)
      .where(sql`${table.status} = 'running'`),
    index('erp_syncs_started_idx').on(table.kind, table.startedAt),
  ],
);

/** One product's result in a price sync: its prices before and after, or why it failed. */
export const erpSyncItems = pgTable(
  'erp_sync_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    syncId: uuid('sync_id')
      .notNull()
      .references(() => erpSyncs.id, { onDelete: 'cascade' }),
    productNumber: text('product_number').notNull(),
    title: text('title').notNull(),
    outcome: text('outcome', { enum: ERP_SYNC_ITEM_OUTCOMES }).notNull(),
    before: jsonb('before').$type<PriceSet>(),
    after: jsonb('after').$type<PriceSet>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('erp_sync_items_sync_idx').on(table.syncId, table.id)],
);
