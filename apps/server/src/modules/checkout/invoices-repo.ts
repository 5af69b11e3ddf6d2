import { centsToDollars } from '@labshop/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/orders-repo.ts';
import { invoices } from '../../db/schema/index.ts';

/**
 * The one owner of `invoices` (decision 017): one per paid order, written with the payment
 * (settlement-repo.ts) or by the follow-up createInvoice, whichever comes first.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/** The order lines as the invoice keeps them (unit prices in dollars, as the spec's cart). */
export function invoiceCart(
  lines: readonly {
    productNumber: string;
    title: string;
    quantity: number;
    unitPriceCents: number;
  }[],
): InvoiceRow['cart'] {
  return lines.map((line) => ({
    number: line.productNumber,
    title: line.title,
    quantity: line.quantity,
    newPrice: centsToDollars(line.unitPriceCents),
  }));
}

export function createInvoicesRepo(db: Database) {
  /** The order's invoice, made if missing; `onExisting` says what an existing one takes. */
  async function upsert(
    order: OrderRow,
    values: {
      customerNumber: string | null;
      paymentRetref: string | null;
      cart: InvoiceRow['cart'];
    },
    onExisting: PgUpdateSetSource<typeof invoices>,
  ): Promise<InvoiceRow> {
    const [row] = await db
      .insert(invoices)
      .values({
        orderId: order.id,
        salesOrderId: order.number,
        fullName: order.customerName,
        ...values,
      })
      .onConflictDoUpdate({ target: invoices.orderId, set: onExisting })
      .returning();
    if (!row) throw new Error('invoices upsert returned no row');
    return row;
  }

  return {
    /** The paid order's invoice, with the charge's retref (an existing one takes the retref). */
    async forPaidOrder(order: OrderRow, retref: string | null, cart: InvoiceRow['cart']) {
      return upsert(
        order,
        { customerNumber: order.customerNumber, paymentRetref: retref, cart },
        { paymentRetref: retref },
      );
    },

    /** The order's invoice, made if missing; a customer number fills an empty one. */
    async ensure(input: {
      order: OrderRow;
      customerNumber: string | null;
      cart: InvoiceRow['cart'];
    }): Promise<InvoiceRow> {
      const { order } = input;
      return upsert(
        order,
        {
          customerNumber: input.customerNumber,
          paymentRetref: order.paymentRetref,
          cart: input.cart,
        },
        { customerNumber: sql`coalesce(${invoices.customerNumber}, excluded.customer_number)` },
      );
    },

    async of(orderId: string): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
      return row ?? null;
    },
  };
}

export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
