import { centsToDollars } from '@labshop/shared/money';
import {
  DASHBOARD_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
} from '@labshop/shared/schemas/orders';
import type { OrderRepo } from '../../db/orders-repo.ts';
import type { DashboardRepo } from './repo.ts';

/**
 * The admin's start page: paid orders and revenue per day for the last DASHBOARD_DAYS days in
 * the shop's time zone, the best sellers, and what needs attention (ERP syncs waiting or
 * failed, a burst of card declines) beside what is in the shop.
 */
export function createDashboardService(deps: {
  repo: DashboardRepo;
  orders: Pick<OrderRepo, 'paidDays' | 'topProducts' | 'paidCounts'>;
  timeZone: string;
  /** Card declines since a time, as the card-testing alert counts them (the checkout's payments repo). */
  declinesSince: (since: Date) => Promise<number>;
  declineAlert: { threshold: number; windowMs: number };
}) {
  const { repo, orders, timeZone, declineAlert } = deps;
  return {
    async dashboard(): Promise<Dashboard> {
      const [days, topProducts, paidCounts, counts, declines] = await Promise.all([
        orders.paidDays(timeZone, DASHBOARD_DAYS),
        orders.topProducts(timeZone, DASHBOARD_DAYS, DASHBOARD_TOP_PRODUCTS),
        orders.paidCounts(),
        repo.counts(),
        deps.declinesSince(new Date(Date.now() - declineAlert.windowMs)),
      ]);
      // Summed in cents, so the total is exact.
      const totalCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
      return {
        timeZone,
        days: days.map((day) => ({
          date: day.date,
          orders: day.orders,
          revenue: centsToDollars(day.revenueCents),
        })),
        totals: {
          orders: days.reduce((sum, day) => sum + day.orders, 0),
          revenue: centsToDollars(totalCents),
        },
        topProducts: topProducts.map((product) => ({
          number: product.number,
          title: product.title,
          quantity: product.quantity,
          revenue: centsToDollars(product.revenueCents),
        })),
        subscribers: counts.subscribers,
        pendingErpSyncs: paidCounts.pendingSyncs,
        failedErpSyncs: paidCounts.failedSyncs,
        products: counts.productCount,
        categories: counts.categoryCount,
        paidOrders: paidCounts.paid,
        cardDeclines: {
          count: declines,
          threshold: declineAlert.threshold,
          windowMinutes: Math.max(1, Math.round(declineAlert.windowMs / 60_000)),
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
