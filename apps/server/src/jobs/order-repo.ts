import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailLog, orderLines, orders } from '../db/schema/index.ts';
import type { ErpSyncStatus } from '@labshop/shared/schemas/checkout';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** The subject every order confirmation starts with (also how a sent one is recognised). */
export const CONFIRMATION_SUBJECT_PREFIX = 'Your labshop order';

/** What the order jobs read and write: orders, their lines, and the mail log. */
export function createOrderJobRepo(db: Database) {
  return {
    async orderByNumber(number: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
      return row ?? null;
    },

    async orderLines(orderId: string): Promise<OrderLineRow[]> {
      return db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
    },

    async setSyncStatus(orderId: string, status: ErpSyncStatus): Promise<void> {
      await db.update(orders).set({ erpSyncStatus: status }).where(eq(orders.id, orderId));
    },

    async setCustomerNumber(orderId: string, customerNumber: string): Promise<void> {
      await db.update(orders).set({ customerNumber }).where(eq(orders.id, orderId));
    },

    async markSynced(orderId: string, erpSalesOrderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ erpSyncStatus: 'synced', erpSalesOrderId, erpSyncError: null })
        .where(eq(orders.id, orderId));
    },

    async markSyncFailed(orderId: string, error: string): Promise<void> {
      await db
        .update(orders)
        .set({ erpSyncStatus: 'failed', erpSyncError: error })
        .where(eq(orders.id, orderId));
    },

    /** Whether the order's confirmation is already in the mail log as kept or sent. */
    async confirmationMailed(orderNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ id: mailLog.id })
        .from(mailLog)
        .where(
          and(
            eq(mailLog.relatedTo, `order:${orderNumber}`),
            inArray(mailLog.status, ['kept', 'sent']),
            like(mailLog.subject, `${CONFIRMATION_SUBJECT_PREFIX}%`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type OrderJobRepo = ReturnType<typeof createOrderJobRepo>;
