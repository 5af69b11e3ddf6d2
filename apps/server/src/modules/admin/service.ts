import type { AdminOverviewRepo } from './repo.ts';

export interface AdminOverview {
  products: number;
  categories: number;
  paidOrders: number;
  /** Paid orders whose sales order could not be written to the ERP: they need a look. */
  ordersFailedToSync: number;
  subscribers: number;
}

/** The admin shell's start page: what is in the shop and what needs attention. */
export function createAdminOverviewService(repo: AdminOverviewRepo) {
  return {
    async overview(): Promise<AdminOverview> {
      const counts = await repo.counts();
      return {
        products: counts.productCount,
        categories: counts.categoryCount,
        paidOrders: counts.paidOrders,
        ordersFailedToSync: counts.failedSyncs,
        subscribers: counts.subscribers,
      };
    },
  };
}

export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>;
