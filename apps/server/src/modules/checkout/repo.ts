import { ORDER_NUMBER_PREFIX } from '@labshop/shared/schemas/checkout';
import { normalizeCouponCode } from '@labshop/shared/pricing';
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  checkoutNonces,
  coupons,
  customers,
  invoices,
  orderLines,
  orders,
  payments,
} from '../../db/schema/index.ts';
import { ORDER_JOB_KINDS, orderJobKey } from '../../jobs/order-jobs.ts';
import { enqueue, type NewOutboxJob } from '../../jobs/outbox.ts';

/** Orders, their lines, payments and invoices, coupons, checkout nonces and the order jobs. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NonceRow = typeof checkoutNonces.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type OrderStatus = OrderRow['status'];

/** A nonce as process-payment and the follow-up calls see it, with the database's verdicts. */
export interface NonceState {
  orderId: string | null;
  usedAt: Date | null;
  /** Still before expires_at (by the database's clock). */
  live: boolean;
  /** Made less than `followUpSeconds` ago: the follow-up calls may still use it. */
  recent: boolean;
}

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'number' | 'status' | 'createdAt' | 'updatedAt'
>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

export interface PaymentUpdate {
  status: PaymentStatus;
  retref?: string | null;
  responseCode?: string | null;
  responseText?: string | null;
}

const ORDER_JOBS = [ORDER_JOB_KINDS.erpSync, ORDER_JOB_KINDS.confirmationMail];

/** Thrown inside the order transaction when the nonce is no longer there to claim. */
class NonceAlreadyClaimed extends Error {}

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** pg_advisory_xact_lock's first key for "one checkout's payments at a time" (second: its id). */
const SAME_CHECKOUT_LOCK_CLASS = 7_310;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Binds an unused, unexpired nonce to `orderId`; false when it is used up or expired. */
async function claimNonce(tx: Transaction, nonceHash: string, orderId: string): Promise<boolean> {
  const claimed = await tx
    .update(checkoutNonces)
    .set({ usedAt: sql`now()`, orderId })
    .where(
      and(
        eq(checkoutNonces.nonceHash, nonceHash),
        isNull(checkoutNonces.usedAt),
        gt(checkoutNonces.expiresAt, sql`now()`),
      ),
    )
    .returning({ nonceHash: checkoutNonces.nonceHash });
  return claimed.length > 0;
}

/**
 * The id of a pending or paid order of the last `withinSeconds` that this checkout made
 * (`checkoutId`), with exactly these lines (product and quantity), amount, e-mail, tier and
 * coupon; null when none. Another checkout's order never counts, however alike.
 */
async function sameCheckoutOrder(
  tx: Transaction,
  checkoutId: string,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  withinSeconds: number,
): Promise<string | null> {
  const candidates = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        sql`lower(${orders.email}) = lower(${order.email})`,
        eq(orders.amountCents, order.amountCents),
        eq(orders.customerType, order.customerType),
        order.couponCode === null || order.couponCode === undefined
          ? isNull(orders.couponCode)
          : eq(orders.couponCode, order.couponCode),
        inArray(orders.status, ['pending', 'paid']),
        sql`${orders.createdAt} > now() - ${seconds(withinSeconds)}`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  if (candidates.length === 0) return null;
  const key = (line: { productNumber: string; quantity: number }) =>
    `${line.productNumber}\u0000${line.quantity}`;
  const wanted = lines.map(key).sort().join('\n');
  const stored = await tx
    .select({
      orderId: orderLines.orderId,
      productNumber: orderLines.productNumber,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        candidates.map((candidate) => candidate.id),
      ),
    );
  for (const candidate of candidates) {
    const mine = stored.filter((line) => line.orderId === candidate.id);
    if (mine.map(key).sort().join('\n') === wanted) return candidate.id;
  }
  return null;
}

export function createCheckoutRepo(db: Database) {
  /**
   * One transaction: the order ('pending', numbered from order_number_seq) with its lines, the
   * nonce claimed for it, and the order's payment row ('pending'). The payment row is unique per
   * gateway and gateway order id, so it is the charge's lock: whoever inserted it charges.
   * Answers null, and writes nothing, when the nonce was claimed or expired meanwhile.
   */
  async function pendingOrder(input: {
    order: NewOrder;
    lines: NewOrderLine[];
    nonceHash: string;
    gateway: string;
    /** When to check a still-pending order with the gateway (payment-reconcile job). */
    reconcileAfterMs: number;
    /**
     * Two tabs, one cart: the order's `checkoutId` is set, and when this same checkout has an
     * order for the same lines, amount, e-mail, tier and coupon, pending or paid, made less than
     * `withinSeconds` ago, the nonce is bound to that order instead (answered `{ sameCartAs }`)
     * and nothing new is written. Unset: no check.
     */
    sameCheckout?: { withinSeconds: number };
  }): Promise<{ order: OrderRow; payment: PaymentRow } | { sameCartAs: string } | null> {
    try {
      return await db.transaction(async (tx) => {
        const { checkoutId } = input.order;
        if (input.sameCheckout && checkoutId) {
          // One checkout's payments take turns here: the later one sees the earlier one's order.
          await tx.execute(
            sql`select pg_advisory_xact_lock(${SAME_CHECKOUT_LOCK_CLASS}, hashtext(${checkoutId}))`,
          );
          const twin = await sameCheckoutOrder(
            tx,
            checkoutId,
            input.order,
            input.lines,
            input.sameCheckout.withinSeconds,
          );
          if (twin) {
            if (!(await claimNonce(tx, input.nonceHash, twin))) throw new NonceAlreadyClaimed();
            return { sameCartAs: twin };
          }
        }
        const [order] = await tx
          .insert(orders)
          .values({
            ...input.order,
            number: sql`${`${ORDER_NUMBER_PREFIX}-`}::text || nextval('order_number_seq')::text`,
            status: 'pending',
          })
          .returning();
        if (!order) throw new Error('orders insert returned no row');
        if (input.lines.length > 0) {
          await tx
            .insert(orderLines)
            .values(input.lines.map((line) => ({ ...line, orderId: order.id })));
        }
        if (!(await claimNonce(tx, input.nonceHash, order.id))) throw new NonceAlreadyClaimed();
        const [payment] = await tx
          .insert(payments)
          .values({
            orderId: order.id,
            gateway: input.gateway,
            gatewayOrderId: order.number,
            amountCents: order.amountCents,
            status: 'pending',
          })
          .onConflictDoNothing({ target: [payments.gateway, payments.gatewayOrderId] })
          .returning();
        // The order number is new, so nobody else can hold its lock; if someone does, stop.
        if (!payment) throw new Error(`a payment for ${order.number} already exists`);
        // If this process dies mid-charge, the order is settled by asking the gateway later.
        await enqueue(tx, {
          kind: ORDER_JOB_KINDS.paymentReconcile,
          payload: { orderNumber: order.number },
          dedupeKey: orderJobKey(ORDER_JOB_KINDS.paymentReconcile, order.number),
          runAt: new Date(Date.now() + input.reconcileAfterMs),
        });
        return { order, payment };
      });
    } catch (error) {
      if (error instanceof NonceAlreadyClaimed) return null;
      throw error;
    }
  }

  return {
    /** An active coupon, matched case-insensitively. */
    async activeCoupon(code: string): Promise<{ code: string; percent: number } | null> {
      const [row] = await db
        .select({ code: coupons.code, percent: coupons.percent })
        .from(coupons)
        .where(
          and(sql`lower(${coupons.code}) = ${normalizeCouponCode(code)}`, eq(coupons.active, true)),
        )
        .limit(1);
      return row ?? null;
    },

    /** Stores a new nonce's hash, valid for `ttlSeconds` by the database's clock. */
    async insertNonce(nonceHash: string, ttlSeconds: number): Promise<void> {
      await db
        .insert(checkoutNonces)
        .values({ nonceHash, expiresAt: sql`now() + ${seconds(ttlSeconds)}` });
    },

    async nonce(nonceHash: string, followUpSeconds: number): Promise<NonceState | null> {
      const [row] = await db
        .select({
          orderId: checkoutNonces.orderId,
          usedAt: checkoutNonces.usedAt,
          live: sql<boolean>`${checkoutNonces.expiresAt} > now()`,
          recent: sql<boolean>`${checkoutNonces.createdAt} > now() - ${seconds(followUpSeconds)}`,
        })
        .from(checkoutNonces)
        .where(eq(checkoutNonces.nonceHash, nonceHash))
        .limit(1);
      return row ?? null;
    },

    /** As pendingOrder, without the same-checkout check. */
    async createPendingOrder(
      input: Omit<Parameters<typeof pendingOrder>[0], 'sameCheckout'>,
    ): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
      const created = await pendingOrder(input);
      if (created && 'sameCartAs' in created) {
        throw new Error('no same-checkout check was asked for');
      }
      return created;
    },

    /** As pendingOrder, with the same-checkout check (two tabs, one cart). */
    async createPendingOrderUnlessSameCheckout(input: Parameters<typeof pendingOrder>[0]) {
      return pendingOrder(input);
    },

    async orderById(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },

    async orderByNumber(number: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
      return row ?? null;
    },

    /** The order's card payment (one per order: its gateway order id is the order number). */
    async paymentOf(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    async linesOf(orderIds: readonly string[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, [...orderIds]))
        .orderBy(asc(orderLines.position));
    },

    /**
     * The approved charge, in one transaction: the payment approved, the order paid (its ERP
     * sync pending), the invoice, and the two order jobs (ERP sync, confirmation mail), each
     * at most once by its dedupe key.
     */
    async recordPaid(input: {
      order: OrderRow;
      paymentId: string;
      retref: string;
      responseCode: string | null;
      responseText: string | null;
      invoiceCart: InvoiceRow['cart'];
    }): Promise<boolean> {
      const { order } = input;
      return db.transaction(async (tx) => {
        // Only a pending order becomes paid: the reconcile job may have settled it meanwhile.
        const settled = await tx
          .update(orders)
          .set({
            status: 'paid',
            paidAt: sql`now()`,
            paymentRetref: input.retref,
            erpSyncStatus: 'pending',
          })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
          .returning({ id: orders.id });
        if (settled.length === 0) return false;
        const [invoice] = await tx
          .insert(invoices)
          .values({
            orderId: order.id,
            salesOrderId: order.number,
            customerNumber: order.customerNumber,
            fullName: order.customerName,
            paymentRetref: input.retref,
            cart: input.invoiceCart,
          })
          .onConflictDoUpdate({
            target: invoices.orderId,
            set: { paymentRetref: input.retref },
          })
          .returning({ id: invoices.id });
        await tx
          .update(payments)
          .set({
            status: 'approved',
            retref: input.retref,
            responseCode: input.responseCode,
            responseText: input.responseText,
            invoiceId: invoice?.id ?? null,
          })
          .where(eq(payments.id, input.paymentId));
        for (const kind of ORDER_JOBS) {
          await enqueue(tx, {
            kind,
            payload: { orderNumber: order.number },
            dedupeKey: orderJobKey(kind, order.number),
          });
        }
        return true;
      });
    },

    /** A charge that did not happen or was undone: the payment's state and the order's. */
    async recordUnpaid(input: {
      orderId: string;
      paymentId: string;
      payment: PaymentUpdate;
      orderStatus: Exclude<OrderStatus, 'paid' | 'pending'>;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Only a pending order is settled here; one already settled keeps its outcome.
        const settled = await tx
          .update(orders)
          .set({ status: input.orderStatus })
          .where(and(eq(orders.id, input.orderId), eq(orders.status, 'pending')))
          .returning({ id: orders.id });
        if (settled.length === 0) return false;
        await tx.update(payments).set(input.payment).where(eq(payments.id, input.paymentId));
        return true;
      });
    },

    /** A job outside any other write (e.g. the staff's decline alert). */
    async enqueueJob(job: NewOutboxJob): Promise<boolean> {
      return enqueue(db, job);
    },

    /** Card payments the gateway declined since `since` (our own no-answer codes left out). */
    async declinedPaymentsSince(since: Date): Promise<number> {
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

    async updatePayment(paymentId: string, update: PaymentUpdate): Promise<void> {
      await db.update(payments).set(update).where(eq(payments.id, paymentId));
    },

    /**
     * The newest order number given out, from the sequence itself (numbers of orders whose
     * transaction rolled back count too: they are never given out again). Null before any.
     */
    async lastOrderSequenceValue(): Promise<number | null> {
      const [row] = await db
        .select({
          lastValue: sql<string>`last_value::text`,
          isCalled: sql<boolean>`is_called`,
        })
        .from(sql`order_number_seq`);
      if (!row || !row.isCalled) return null;
      return Number(row.lastValue);
    },

    async customerByNumber(number: string) {
      const [row] = await db
        .select({
          number: customers.number,
          displayName: customers.displayName,
          email: customers.email,
        })
        .from(customers)
        .where(eq(customers.number, number))
        .limit(1);
      return row ?? null;
    },

    async customerByEmail(email: string) {
      const [row] = await db
        .select({
          number: customers.number,
          displayName: customers.displayName,
          email: customers.email,
        })
        .from(customers)
        .where(sql`lower(${customers.email}) = lower(${email})`)
        .orderBy(asc(customers.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Whether some order other than `orderId` already carries this customer number. */
    async customerNumberUsedByOtherOrder(number: string, orderId: string, email: string) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.customerNumber, number),
            sql`${orders.id} <> ${orderId}`,
            sql`lower(${orders.email}) <> lower(${email})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Sets the order's customer number unless it has one; answers the number it now has. */
    async settleCustomerNumber(orderId: string, number: string): Promise<string> {
      const [updated] = await db
        .update(orders)
        .set({ customerNumber: number })
        .where(and(eq(orders.id, orderId), isNull(orders.customerNumber)))
        .returning({ customerNumber: orders.customerNumber });
      if (updated?.customerNumber) return updated.customerNumber;
      const [current] = await db
        .select({ customerNumber: orders.customerNumber })
        .from(orders)
        .where(eq(orders.id, orderId));
      return current?.customerNumber ?? number;
    },

    /**
     * Makes sure the order's ERP sync job exists (it is written when the order is paid; this
     * covers an order whose job was lost). Answers whether a new job was written.
     */
    async ensureSyncJob(orderNumber: string): Promise<boolean> {
      return enqueue(db, {
        kind: ORDER_JOB_KINDS.erpSync,
        payload: { orderNumber },
        dedupeKey: orderJobKey(ORDER_JOB_KINDS.erpSync, orderNumber),
      });
    },

    /** A paid order whose sync never started shows 'pending' (its job is there now). */
    async markSyncPending(orderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ erpSyncStatus: 'pending' })
        .where(and(eq(orders.id, orderId), eq(orders.erpSyncStatus, 'not_started')));
    },

    /** The order's invoice, made if missing; a customer number fills an empty one. */
    async ensureInvoice(input: {
      order: OrderRow;
      customerNumber: string | null;
      cart: InvoiceRow['cart'];
    }): Promise<InvoiceRow> {
      const { order } = input;
      const [row] = await db
        .insert(invoices)
        .values({
          orderId: order.id,
          salesOrderId: order.number,
          customerNumber: input.customerNumber,
          fullName: order.customerName,
          paymentRetref: order.paymentRetref,
          cart: input.cart,
        })
        .onConflictDoUpdate({
          target: invoices.orderId,
          set: {
            customerNumber: sql`coalesce(${invoices.customerNumber}, excluded.customer_number)`,
          },
        })
        .returning();
      if (!row) throw new Error('invoices upsert returned no row');
      return row;
    },

    async invoiceOf(orderId: string): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
      return row ?? null;
    },

    /** Links the order's approved payment to its invoice; a customer number fills an empty one. */
    async recordPaymentOnInvoice(input: {
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
  };
}

export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>;
