import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/** Synthetic categories are named like this, so a later run can find and replace them. */
const BULK_CATEGORY_PREFIX = 'Bulk Category ';

export interface BulkProductsOptions {
  /**
   * Live categories to have in all: synthetic ones ("Bulk Category 001", ...) are added after
   * the existing ones until there are this many. Without it the products go into the existing
   * categories only.
   */
  categories?: number;
}

/**
 * Synthetic products for load tests (`npm run seed -- --bulk-products 100000 --bulk-categories
 * 500`): numbers BULK-000001..., titles from a small vocabulary so searches match realistic
 * shares of the catalogue, spread evenly over the live categories (existing and synthetic),
 * each with a demo product's picture. Generated in the database with generate_series, so
 * 100,000 rows take seconds. Running it again replaces the earlier synthetic products and
 * categories; a count of 0 only removes them.
 */
export async function addBulkProducts(
  db: Database,
  count: number,
  options: BulkProductsOptions = {},
): Promise<number> {
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from products where number like 'BULK-%'`);
    // Only synthetic categories nothing else refers to (an admin may have used one meanwhile).
    await tx.execute(sql`
      delete from categories c
      where c.name like ${`${BULK_CATEGORY_PREFIX}%`}
        and not exists (select 1 from products p where p.category_id = c.id)
    `);
    if (count === 0) return 0;
    if (options.categories !== undefined) await addBulkCategories(tx, options.categories);
    await tx.execute(sql`
      with words as (
        select array['Alloy', 'Compact', 'Heavy-Duty', 'Precision', 'Bench', 'Twin', 'Quiet', 'Pro'] as adjectives,
               array['Grinder', 'Vibrator', 'Polishing Lathe', 'Trimmer', 'Sandblaster', 'Motor',
                     'Dust Collector', 'Mixer', 'Steam Cleaner', 'Brush Set'] as nouns
      ),
      live_categories as (
        select array_agg(id order by position, name) as ids from categories where deleted_at is null
      ),
      picture as (
        select images from products where deleted_at is null and number not like 'BULK-%'
        order by number limit 1
      )
      insert into products (number, title, description, category_id, images,
                            new_price_cents, wholesale_price_cents, partner_price_x3_cents,
                            shipping_weight_lb)
      select 'BULK-' || lpad(n::text, 6, '0'),
             words.adjectives[1 + n % 8] || ' ' || words.nouns[1 + (n / 8) % 10] || ' ' || n,
             'A synthetic product for load tests.',
             live_categories.ids[1 + n % greatest(array_length(live_categories.ids, 1), 1)],
             coalesce((select images from picture), '[]'::jsonb),
             10000 + (n % 500) * 100, 8000 + (n % 500) * 80, 7500 + (n % 500) * 75,
             -- 0.5 to 25 lb, so freight estimates of bulk carts land in the weight bands.
             0.5 + (n % 50) * 0.5
      from generate_series(1, ${count}) as n, words, live_categories
    `);
    return count;
  });
  // Fresh statistics for the planner, and the visibility map an index-only scan needs (as
  // autovacuum would leave them a little later).
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`analyze categories`);
  return added;
}

/** Adds synthetic categories after the live ones until there are `total` live categories. */
async function addBulkCategories(tx: Pick<Database, 'execute'>, total: number): Promise<void> {
  await tx.execute(sql`
    with live as (
      select count(*)::int as n, coalesce(max(position), -1) as last_position
      from categories where deleted_at is null
    ),
    thumbnail as (
      select thumbnail from categories where deleted_at is null and thumbnail is not null
      order by position limit 1
    )
    insert into categories (name, thumbnail, position)
    select ${BULK_CATEGORY_PREFIX} || lpad(k::text, 3, '0'),
           (select thumbnail from thumbnail),
           live.last_position + k
    from live, generate_series(1, greatest(${total} - live.n, 0)) as k
  `);
}
