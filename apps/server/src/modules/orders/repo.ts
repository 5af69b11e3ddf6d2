import type { Database } from '../../db/client.ts';
import { createOrderRepo, type OrderRow } from '../../db/orders-repo.ts';
import { enqueueOrderJob, ORDER_JOB_KINDS, orderJobKey } from '../../jobs/order-jobs.ts';
import { jobsByKey, requeueJob, type OutboxJobState } from '../../jobs/outbox.ts';

/**
 * The order history's ERP sync jobs: read for a page, and the admin's retry. The orders and
 * their lines are db/orders-repo.ts's (decision 017); the outbox is jobs/outbox.ts's.
 */

/** An order's ERP sync job as the history shows it. */
export interface SyncJobRow extends Omit<OutboxJobState, 'dedupeKey'> {
  orderNumber: string;
}

export function createSyncJobsRepo(db: Database) {
  return {
    /** The ERP sync jobs of these orders (by their dedupe keys): one query for a page. */
    async syncJobsOf(orderNumbers: readonly string[]): Promise<SyncJobRow[]> {
      const keyOf = new Map(
        orderNumbers.map((number) => [orderJobKey(ORDER_JOB_KINDS.erpSync, number), number]),
      );
      const rows = await jobsByKey(db, [...keyOf.keys()]);
      return rows.map(({ dedupeKey, ...job }) => ({
        orderNumber: keyOf.get(dedupeKey ?? '') ?? '',
        ...job,
      }));
    },

    /**
     * The admin's retry of an order's ERP sync: a waiting or dead job runs again now with fresh
     * attempts (a missing one is written), and the order shows 'pending' again.
     * `onRequeued` runs in the same transaction (the admin's audit entry).
     */
    async requeueSync(
      order: OrderRow,
      onRequeued?: (tx: Database) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const written = await enqueueOrderJob(tx, ORDER_JOB_KINDS.erpSync, order.number);
        if (!written) await requeueJob(tx, orderJobKey(ORDER_JOB_KINDS.erpSync, order.number));
        await createOrderRepo(tx).markSyncPending(order.id, ['not_started', 'failed']);
        await onRequeued?.(tx);
      });
    },
  };
}

export type SyncJobsRepo = ReturnType<typeof createSyncJobsRepo>;
