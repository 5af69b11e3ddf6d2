import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  createOrderRepo,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from '../../db/orders-repo.ts';
import { checkoutNonces } from '../../db/schema/index.ts';
import { enqueueOrderJob, ORDER_JOB_KINDS } from '../../jobs/order-jobs.ts';
import { createPaymentsRepo, type PaymentRow } from './payments-repo.ts';

/**
 * The checkout's start: the one owner of `checkout_nonces` (decision 017), and the pending
 * order a claimed nonce begins, written with its payment row in one transaction. The order is
 * db/orders-repo.ts's, the payment payments-repo.ts's; what settles them is settlement-repo.ts.
 */

/** A nonce as process-payment and the follow-up calls see it, with the database's verdicts. */
export interface NonceState {
  orderId: string | null;
  usedAt: Date | null;
  /** Still before expires_at (by the database's clock). */
  live: boolean;
  /** Made less than `followUpSeconds` ago: the follow-up calls may still use it. */
  recent: boolean;
}

/** Thrown inside the order transaction when the nonce is no longer there to claim. */
class NonceAlreadyClaimed extends Error {}

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** pg_advisory_xact_lock's first key for "one checkout's payments at a time" (second: its id). */
const SAME_CHECKOUT_LOCK_CLASS = 7_310;
/** pg_advisory_xact_lock's first key for "one quote's payments at a time" (second: its id). */
const SAME_QUOTE_LOCK_CLASS = 7_311;

/** Binds an unused, unexpired nonce to `orderId`; false when it is used up or expired. */
async function claimNonce(db: Database, nonceHash: string, orderId: string): Promise<boolean> {
  const claimed = await db
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

export interface PendingOrderInput {
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
  /**
   * Paying this quote (its id): when it has an order pending, paid or in question, from any
   * browser at any time, the nonce is bound to that order instead (`{ sameCartAs }`): one order
   * per quote. A failed or voided one does not count, so another card can be tried.
   */
  sameQuote?: string;
}

export function createCheckoutRepo(db: Database) {
  /**
   * One transaction: the order ('pending', numbered from order_number_seq) with its lines, the
   * nonce claimed for it, the order's payment row ('pending', the charge's lock) and its
   * payment-reconcile job. Answers null, and writes nothing, when the nonce was claimed or
   * expired meanwhile.
   */
  async function pendingOrder(
    input: PendingOrderInput,
  ): Promise<{ order: OrderRow; payment: PaymentRow } | { sameCartAs: string } | null> {
    try {
      return await db.transaction(async (tx) => {
        const orders = createOrderRepo(tx);
        const { checkoutId } = input.order;
        if (input.sameCheckout && checkoutId) {
          // One checkout's payments take turns here: the later one sees the earlier one's order.
          await tx.execute(
            sql`select pg_advisory_xact_lock(${SAME_CHECKOUT_LOCK_CLASS}, hashtext(${checkoutId}))`,
          );
          const twin = await orders.sameCheckoutOrder(
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
        if (input.sameQuote) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${SAME_QUOTE_LOCK_CLASS}, hashtext(${input.sameQuote}))`,
          );
          const live = await orders.liveQuoteOrder(input.sameQuote);
          if (live) {
            if (!(await claimNonce(tx, input.nonceHash, live))) throw new NonceAlreadyClaimed();
            return { sameCartAs: live };
          }
        }
        const order = await orders.insertPending(input.order, input.lines);
        if (!(await claimNonce(tx, input.nonceHash, order.id))) throw new NonceAlreadyClaimed();
        const payment = await createPaymentsRepo(tx).insertPending(order, input.gateway);
        // The order number is new, so nobody else can hold its lock; if someone does, stop.
        if (!payment) throw new Error(`a payment for ${order.number} already exists`);
        // If this process dies mid-charge, the order is settled by asking the gateway later.
        await enqueueOrderJob(
          tx,
          ORDER_JOB_KINDS.paymentReconcile,
          order.number,
          new Date(Date.now() + input.reconcileAfterMs),
        );
        return { order, payment };
      });
    } catch (error) {
      if (error instanceof NonceAlreadyClaimed) return null;
      throw error;
    }
  }

  return {
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
      input: Omit<PendingOrderInput, 'sameCheckout'>,
    ): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
      const created = await pendingOrder(input);
      if (created && 'sameCartAs' in created) {
        throw new Error('no same-checkout check was asked for');
      }
      return created;
    },

    /** As pendingOrder, with the same-checkout check (two tabs, one cart). */
    async createPendingOrderUnlessSameCheckout(input: PendingOrderInput) {
      return pendingOrder(input);
    },
  };
}

export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>;
