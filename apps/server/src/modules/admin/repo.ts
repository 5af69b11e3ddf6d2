import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  newsletterSubscribers,
  orderLines,
  orders,
  products,
} from '../../db/schema/index.ts';

/** A day of paid orders in the shop's time zone; revenue in cents. */
export interface DayRow {
  /** YYYY-MM-DD. */
  date: string;
  orders: number;
  revenueCents: number;
}

export interface TopProductRow {
  number: string;
  title: string;
  quantity: number;
  revenueCents: number;
}

/**
 * The dashboard's figures. Days are counted by the database, in the shop's time zone, so that
 * "today" and each order's day agree with each other (and with what PostgreSQL says the time is).
 */
export function createDashboardRepo(db: Database) {
  const total = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;

  /** The first instant of the window: midnight in `timeZone`, `days - 1` days before today. */
  const windowStart = (timeZone: string, days: number) =>
    sql`(((now() at time zone ${timeZone}::text)::date - ${days - 1}::int)::timestamp at time zone ${timeZone}::text)`;

  /** Paid orders since the window's start (orders_paid_at_idx is partial on status 'paid'). */
  const paidInWindow = (timeZone: string, days: number) =>
    and(eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${windowStart(timeZone, days)}`);

  return {
    /** Every day of the window, oldest first, with its paid orders and revenue (0 when none). */
    async days(timeZone: string, days: number): Promise<DayRow[]> {
      const today = sql`(now() at time zone ${timeZone}::text)::date`;
      // now() is the transaction's start: "today" is one day throughout the statement.
      const rows = await db
        .select({
          date: sql<string>`series.day::date::text`,
          orders: sql<number>`coalesce(paid.orders, 0)::int`,
          revenue: sql<string>`coalesce(paid.revenue, 0)::text`,
        })
        .from(
          sql`generate_series(${today} - ${days - 1}::int, ${today}, interval '1 day') as series(day)
            left join (
              select (${orders.paidAt} at time zone ${timeZone}::text)::date as day,
                     count(*)::int as orders,
                     sum(${orders.amountCents})::bigint as revenue
              from ${orders}
              where ${paidInWindow(timeZone, days)}
              group by 1
            ) as paid on paid.day = series.day::date`,
        )
        .orderBy(sql`series.day`);
      return rows.map((row) => ({
        date: row.date,
        orders: Number(row.orders),
        revenueCents: Number(row.revenue),
      }));
    },

    /** The best sellers of the window by revenue (their lines' totals), then by quantity. */
    async topProducts(timeZone: string, days: number, limit: number): Promise<TopProductRow[]> {
      const rows = await db
        .select({
          number: orderLines.productNumber,
          // The title it was last sold under.
          title: sql<string>`(array_agg(${orderLines.title} order by ${orders.paidAt} desc))[1]`,
          quantity: sql<string>`sum(${orderLines.quantity})::text`,
          revenue: sql<string>`sum(${orderLines.lineTotalCents})::text`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(paidInWindow(timeZone, days))
        .groupBy(orderLines.productNumber)
        .orderBy(
          sql`sum(${orderLines.lineTotalCents}) desc`,
          sql`sum(${orderLines.quantity}) desc`,
          orderLines.productNumber,
        )
        .limit(limit);
      return rows.map((row) => ({
        number: row.number,
        title: row.title,
        quantity: Number(row.quantity),
        revenueCents: Number(row.revenue),
      }));
    },

    /** What is in the shop and what needs a look, each one indexed count. */
    async counts() {
      const paidOrders = (where?: ReturnType<typeof and>) =>
        total(
          db
            .select({ value: count() })
            .from(orders)
            .where(and(eq(orders.status, 'paid'), where)),
        );
      const [productCount, categoryCount, paid, pendingSyncs, failedSyncs, subscribers] =
        await Promise.all([
          total(db.select({ value: count() }).from(products).where(isNull(products.deletedAt))),
          total(db.select({ value: count() }).from(categories).where(isNull(categories.deletedAt))),
          paidOrders(),
          paidOrders(inArray(orders.erpSyncStatus, ['not_started', 'pending'])),
          paidOrders(eq(orders.erpSyncStatus, 'failed')),
          total(
            db
              .select({ value: count() })
              .from(newsletterSubscribers)
              .where(eq(newsletterSubscribers.subscribed, true)),
          ),
        ]);
      return { productCount, categoryCount, paid, pendingSyncs, failedSyncs, subscribers };
    },
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
