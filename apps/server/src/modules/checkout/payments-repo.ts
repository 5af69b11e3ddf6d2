import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/orders-repo.ts';
import { payments } from '../../db/schema/index.ts';

/**
 * The one owner of `payments` (decision 017): an order's card payment, one per order (its
 * gateway order id is the order number). Inside another write's transaction, `createPaymentsRepo(tx)`.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

export interface PaymentUpdate {
  status: PaymentStatus;
  retref?: string | null;
  responseCode?: string | null;
  responseText?: string | null;
}

export function createPaymentsRepo(db: Database) {
  return {
    /**
     * The order's payment row ('pending'). It is unique per gateway and gateway order id, so it
     * is the charge's lock: whoever inserted it charges. Null when one exists already.
     */
    async insertPending(order: OrderRow, gateway: string): Promise<PaymentRow | null> {
      const [row] = await db
        .insert(payments)
        .values({
          orderId: order.id,
          gateway,
          gatewayOrderId: order.number,
          amountCents: order.amountCents,
          status: 'pending',
        })
        .onConflictDoNothing({ target: [payments.gateway, payments.gatewayOrderId] })
        .returning();
      return row ?? null;
    },

    /** The order's card payment. */
    async paymentOf(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    async update(paymentId: string, update: PaymentUpdate): Promise<void> {
      await db.update(payments).set(update).where(eq(payments.id, paymentId));
    },

    /** The charge went through: the payment approved, with the gateway's answer and its invoice. */
    async approve(
      paymentId: string,
      approval: {
        /** Null for an order placed on account: nothing was charged. */
        retref: string | null;
        responseCode: string | null;
        responseText: string | null;
        invoiceId: string | null;
      },
    ): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'approved', ...approval })
        .where(eq(payments.id, paymentId));
    },

    /** Links the order's approved payment to its invoice; a customer number fills an empty one. */
    async recordOnInvoice(input: {
      orderId: string;
      invoiceId: string;
      customerNumber: string | null;
    }): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set({
          invoiceId: input.invoiceId,
          customerNumber: sql`coalesce(${payments.customerNumber}, ${input.customerNumber})`,
        })
        .where(and(eq(payments.orderId, input.orderId), eq(payments.status, 'approved')))
        .returning();
      return row ?? null;
    },

    /** Card payments the gateway declined since `since` (our own no-answer codes left out). */
    async declinedSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'declined'),
            gte(payments.createdAt, since),
            sql`coalesce(${payments.responseCode}, '') not like 'labshop:%'`,
          ),
        );
      return Number(row?.count ?? 0);
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
