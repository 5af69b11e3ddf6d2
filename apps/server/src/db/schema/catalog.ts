import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { deletedAt, id, timestamps } from './columns.ts';

/** PostgreSQL's full-text document type; written by the database, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    thumbnail: text('thumbnail'),
    /** The home page shows the first 11 in this order. */
    position: integer('position').notNull().default(0),
    ...timestamps,
    deletedAt: deletedAt(),
  },
  (table) => [
    uniqueIndex('categories_name_live_unique')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The identifier used in routes, carts and orders. */
    number: text('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    /** Image URLs in display order; the last one is the main image. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    newPriceCents: integer('new_price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    wholesalePriceCents: integer('wholesale_price_cents').notNull(),
    /** Partner price for a line of 3 or more; unset means the wholesale price applies. */
    partnerPriceX3Cents: integer('partner_price_x3_cents'),
    /** Pounds, for the freight table's weight bands (issue 37); null when unknown. */
    shippingWeightLb: numeric('shipping_weight_lb', { precision: 7, scale: 2, mode: 'number' }),
    brochure: text('brochure'),
    /** The item's id in the business system, when it is known there. */
    guid: uuid('guid').notNull().defaultRandom(),
    ...timestamps,
    deletedAt: deletedAt(),
    /**
     * What the shop search reads: title, number and category name in one text (for substring
     * and typo matches through pg_trgm) and one full-text document (stems and prefixes; title
     * weighted A, number B, category C). Kept by the database's triggers on every write to a
     * product or a category's name (migration 0011).
     */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (table) => [
    // Live products only: a deleted product's number may be used again.
    uniqueIndex('products_number_live_unique')
      .on(table.number)
      .where(sql`${table.deletedAt} is null`),
    // Numbers are unique without regard to case (migration 0012); lookups by number use it.
    uniqueIndex('products_number_lower_live_unique')
      .on(sql`lower(${table.number})`)
      .where(sql`${table.deletedAt} is null`),
    // Lists are newest first (the demo catalogue's order), in a category or not.
    index('products_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`${table.deletedAt} is null`),
    index('products_category_created_idx')
      .on(table.categoryId, table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`${table.deletedAt} is null`),
    // The shop search: every word through one of these (modules/catalog/search-query.ts).
    index('products_search_text_trgm_idx')
      .using('gin', sql`${table.searchText} gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null`),
    index('products_search_vector_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.deletedAt} is null`),
    // The spec's search, a case-insensitive substring of the title or the number, and the
    // admin's number search (migration 0013).
    index('products_title_trgm_idx')
      .using('gin', sql`${table.title} gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null`),
    index('products_number_trgm_idx').using('gin', sql`${table.number} gin_trgm_ops`),
    check('products_new_price_nonnegative', sql`${table.newPriceCents} >= 0`),
    check('products_wholesale_price_nonnegative', sql`${table.wholesalePriceCents} >= 0`),
    check(
      'products_old_price_nonnegative',
      sql`${table.oldPriceCents} is null or ${table.oldPriceCents} >= 0`,
    ),
    check(
      'products_partner_price_nonnegative',
      sql`${table.partnerPriceX3Cents} is null or ${table.partnerPriceX3Cents} >= 0`,
    ),
    check('products_brochure_length', sql`char_length(${table.brochure}) <= 400`),
  ],
);

/**
 * How many live products the catalogue holds, kept by statement triggers on `products`
 * (migration 0009) in the same transaction as each write. The shop's listing shows the total
 * on every page; counting 100,000 products each time cost 9-11 ms even through an index, this
 * row costs a lookup. One row; the triggers write it back if a reset emptied the table.
 */
export const liveProductCount = pgTable(
  'live_product_count',
  {
    single: boolean('single').primaryKey().default(true),
    count: integer('count').notNull(),
  },
  (table) => [check('live_product_count_single', sql`${table.single}`)],
);
