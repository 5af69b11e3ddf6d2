import { count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, newsletterSubscribers, products } from '../../db/schema/index.ts';

/**
 * The dashboard's counts of what is in the shop. Its order figures are db/orders-repo.ts's
 * (the owner of the orders table, decision 017).
 */
export function createDashboardRepo(db: Database) {
  const total = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;

  return {
    /** Products, categories and subscribers, each one indexed count. */
    async counts() {
      const [productCount, categoryCount, subscribers] = await Promise.all([
        total(db.select({ value: count() }).from(products).where(isNull(products.deletedAt))),
        total(db.select({ value: count() }).from(categories).where(isNull(categories.deletedAt))),
        total(
          db
            .select({ value: count() })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.subscribed, true)),
        ),
      ]);
      return { productCount, categoryCount, subscribers };
    },
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
