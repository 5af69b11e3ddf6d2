import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, newsletterSubscribers, orders, products } from '../../db/schema/index.ts';

/** Counts for the admin overview, each one indexed query. */
export function createAdminOverviewRepo(db: Database) {
  const total = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  return {
    async counts() {
      const [productCount, categoryCount, paidOrders, failedSyncs, subscribers] = await Promise.all(
        [
          total(db.select({ value: count() }).from(products).where(isNull(products.deletedAt))),
          total(db.select({ value: count() }).from(categories).where(isNull(categories.deletedAt))),
          total(db.select({ value: count() }).from(orders).where(eq(orders.status, 'paid'))),
          total(
            db
              .select({ value: count() })
              .from(orders)
              .where(and(eq(orders.status, 'paid'), eq(orders.erpSyncStatus, 'failed'))),
          ),
          total(
            db
              .select({ value: count() })
              .from(newsletterSubscribers)
              .where(eq(newsletterSubscribers.subscribed, true)),
          ),
        ],
      );
      return { productCount, categoryCount, paidOrders, failedSyncs, subscribers };
    },
  };
}

export type AdminOverviewRepo = ReturnType<typeof createAdminOverviewRepo>;
