import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/** The lab whose account the bench reads: the embedded sign-in's demo partner and its customer. */
export const BULK_ORDERS_LAB = {
  email: 'orders@brightsmile-lab.example',
  customerNumber: 'C10017',
};

/**
 * Synthetic paid orders for load tests (`npm run seed -- --bulk-orders 10000`): `count` for the
 * demo partner lab (half with its e-mail, half by colleagues under its customer number) and as
 * many again for other labs, each with two lines of demo products, a minute apart. Numbers are
 * BULK-O-0000001...; running it again replaces them. Generated with generate_series: seconds.
 */
export async function addBulkOrders(db: Database, count: number): Promise<number> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from orders where number like 'BULK-O-%'`);
    if (count === 0) return;
    await tx.execute(sql`
      with made as (
        insert into orders (number, status, customer_number, customer_name, customer_type, email,
                            subtotal_cents, amount_cents, ship_name, ship_address1, ship_city,
                            ship_state, ship_post_code, ship_country, payment_retref, paid_at,
                            erp_sync_status, created_at)
        select 'BULK-O-' || lpad(n::text, 7, '0'), 'paid',
               case when n % 2 = 0 then ${BULK_ORDERS_LAB.customerNumber} else 'BULK-C' || (n % 97) end,
               'Bulk Lab ' || (n % 97), 'Wholesale',
               case when n % 4 = 0 then ${BULK_ORDERS_LAB.email}
                    when n % 2 = 0 then 'colleague' || (n % 5) || '@brightsmile-lab.example'
                    else 'buyer' || (n % 97) || '@bulk-lab.example' end,
               30000, 30000, 'Bulk Lab', '1 Bulk St', 'Columbus', 'OH', '43215', 'US',
               'BULK' || n, now() - make_interval(mins => n), 'synced',
               now() - make_interval(mins => n)
        from generate_series(1, ${count * 2}) as n
        returning id, number
      ),
      demo as (
        select array_agg(number order by number) as numbers,
               array_agg(title order by number) as titles
        from (select number, title from products
              where deleted_at is null and number not like 'BULK-%' order by number limit 20) p
      )
      insert into order_lines (order_id, position, product_number, title, quantity,
                               unit_price_cents, line_total_cents)
      select made.id, line, demo.numbers[pick.i], demo.titles[pick.i], 1, 15000, 15000
      from made, demo, generate_series(1, 2) as line,
           lateral (select 1 + mod(abs(hashtext(made.number)::bigint + line),
                                   array_length(demo.numbers, 1)) as i) pick
    `);
  });
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_lines`);
  return count * 2;
}
