import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Synthetic products for load tests (`npm run seed -- --bulk-products 100000`): numbers
 * BULK-000001..., titles from a small vocabulary so searches match realistic shares of the
 * catalogue, each in one of the existing categories with a demo product's picture. Generated in
 * the database with generate_series, so 100,000 rows take seconds. Running it again replaces
 * the earlier synthetic products; a count of 0 only removes them.
 */
export async function addBulkProducts(db: Database, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from products where number like 'BULK-%'`);
    if (count === 0) return 0;
    await tx.execute(sql`
      with words as (
        select array['Alloy', 'Compact', 'Heavy-Duty', 'Precision', 'Bench', 'Twin', 'Quiet', 'Pro'] as adjectives,
               array['Grinder', 'Vibrator', 'Polishing Lathe', 'Trimmer', 'Sandblaster', 'Motor',
                     'Dust Collector', 'Mixer', 'Steam Cleaner', 'Brush Set'] as nouns
      ),
      live_categories as (
        select array_agg(id order by position) as ids from categories where deleted_at is null
      ),
      picture as (
        select images from products where deleted_at is null and number not like 'BULK-%'
        order by number limit 1
      )
      insert into products (number, title, description, category_id, images,
                            new_price_cents, wholesale_price_cents, partner_price_x3_cents)
      select 'BULK-' || lpad(n::text, 6, '0'),
             words.adjectives[1 + n % 8] || ' ' || words.nouns[1 + (n / 8) % 10] || ' ' || n,
             'A synthetic product for load tests.',
             live_categories.ids[1 + n % greatest(array_length(live_categories.ids, 1), 1)],
             coalesce((select images from picture), '[]'::jsonb),
             10000 + (n % 500) * 100, 8000 + (n % 500) * 80, 7500 + (n % 500) * 75
      from generate_series(1, ${count}) as n, words, live_categories
    `);
    await tx.execute(sql`analyze products`);
    return count;
  });
}
