import { ORDER_NUMBER_PREFIX, type ErpSyncStatus } from '@labshop/shared/schemas/checkout';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from './client.ts';
import { containsPattern } from './like.ts';
import { orderLines, orders } from './schema/index.ts';

/**
 * The one owner of `orders`, `order_lines` and `order_number_seq` (decision 017): every query on
 * them is here. It sits in db/ because both the modules (checkout, orders, admin) and the outbox
 * jobs use it. A caller that writes other tables in the same transaction passes its transaction
 * in: `createOrderRepo(tx)`.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderStatus = OrderRow['status'];

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'number' | 'status' | 'createdAt' | 'updatedAt'
>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** An order the order-status round asks the ERP about. */
export interface ProgressDueOrder {
  id: string;
  number: string;
  erpSalesOrderId: string;
  erpSalesOrderNumber: string | null;
}

/** What the ERP said of a sales order's shipping and invoicing (the ERP port's answer). */
export interface OrderProgress {
  salesOrderNumber: string;
  shipment: { number: string; at: Date } | null;
  invoice: { id: string; number: string; at: Date } | null;
}

/**
 * Where the export's previous batch ended: the last order's created_at as text in UTC with
 * its microseconds (a JS Date keeps only milliseconds, which would skip or repeat orders made
 * within one millisecond) and its number.
 */
export interface OrderCursor {
  createdAt: string;
  number: string;
}

/** A day of paid orders in the shop's time zone; revenue in cents. */
export interface PaidDayRow {
  /** YYYY-MM-DD. */
  date: string;
  orders: number;
  revenueCents: number;
}

export interface TopProductRow {
  number: string;
  title: string;
  quantity: number;
  revenueCents: number;
}

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** Order number, customer number, customer name or e-mail contains the search, any case. */
function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(orders.number, pattern),
    ilike(orders.customerNumber, pattern),
    ilike(orders.customerName, pattern),
    ilike(orders.email, pattern),
  );
}

/**
 * Whose orders a lab's account shows: the user's own (by their subject), those placed with their
 * verified e-mail, and those of their lab's ERP customer number; placed ones only (paid once).
 */
export interface LabOrdersOwner {
  subject: string;
  /** Only a verified e-mail: anyone can type any e-mail at checkout. */
  verifiedEmail: string | null;
  customerNumber: string | null;
}

function labWhere(owner: LabOrdersOwner): SQL {
  const theirs: SQL[] = [eq(orders.userSubject, owner.subject)];
  if (owner.verifiedEmail) {
    theirs.push(sql`lower(${orders.email}) = lower(${owner.verifiedEmail})`);
  }
  if (owner.customerNumber) theirs.push(eq(orders.customerNumber, owner.customerNumber));
  return and(isNotNull(orders.paidAt), or(...theirs)) as SQL;
}

/** The order number, its PO number, or a product number of one of its lines, contains the search. */
function labSearchWhere(db: Database, search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(orders.number, pattern),
    ilike(orders.poNumber, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orders.id), ilike(orderLines.productNumber, pattern))),
    ),
  );
}

/** After `cursor` in NEWEST_FIRST; the bare created_at bound lets the index narrow the read. */
function olderThan(cursor: OrderCursor): SQL {
  const at = sql`${cursor.createdAt}::timestamptz`;
  return sql`${orders.createdAt} <= ${at} and (${orders.createdAt} < ${at} or ${orders.number} < ${cursor.number})`;
}

/** Newest first; the number breaks ties between orders made in the same instant. */
const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.number)];

/** The first instant of the window: midnight in `timeZone`, `days - 1` days before today. */
const windowStart = (timeZone: string, days: number) =>
  sql`(((now() at time zone ${timeZone}::text)::date - ${days - 1}::int)::timestamp at time zone ${timeZone}::text)`;

/** Paid orders since the window's start (orders_paid_at_idx is partial on status 'paid'). */
const paidInWindow = (timeZone: string, days: number) =>
  and(eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${windowStart(timeZone, days)}`);

export function createOrderRepo(db: Database) {
  /** A page of the orders `where` picks, newest first, and how many it picks in all. */
  async function pageWhere(
    where: SQL | undefined,
    { limit, offset }: { limit: number; offset: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  return {
    // --- One order and its lines ---------------------------------------------------------

    async byId(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },

    async byNumber(number: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
      return row ?? null;
    },

    /** The lines of these orders, each order's in its position order: one query for a page. */
    async linesOf(orderIds: readonly string[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, [...orderIds]))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    },

    // --- The checkout: a new order and its settlement --------------------------------------

    /** A 'pending' order numbered from order_number_seq, with its lines. */
    async insertPending(order: NewOrder, lines: readonly NewOrderLine[]): Promise<OrderRow> {
      const [row] = await db
        .insert(orders)
        .values({
          ...order,
          number: sql`${`${ORDER_NUMBER_PREFIX}-`}::text || nextval('order_number_seq')::text`,
          status: 'pending',
        })
        .returning();
      if (!row) throw new Error('orders insert returned no row');
      if (lines.length > 0) {
        await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
      }
      return row;
    },

    /**
     * What a lab owes on account (issue 37), as the shop knows it: its on-account orders not yet
     * due (due `today` or later). An invoice paid early still counts until its day.
     */
    async openOnAccountCents(customerNumber: string, today: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.customerNumber, customerNumber),
            eq(orders.paymentMethod, 'on_account'),
            inArray(orders.status, ['pending', 'paid', 'needs_attention']),
            sql`${orders.paymentDueOn} >= ${today}::date`,
          ),
        );
      return row?.cents ?? 0;
    },

    /** The quote's order that is pending, paid or in question (at most one: a unique index). */
    async liveQuoteOrder(quoteId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.quoteId, quoteId),
            inArray(orders.status, ['pending', 'paid', 'needs_attention']),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The id of a pending or paid order of the last `withinSeconds` that this checkout made
     * (`checkoutId`), with exactly these lines (product and quantity), amount, e-mail, tier and
     * coupon; null when none. Another checkout's order never counts, however alike.
     */
    async sameCheckoutOrder(
      checkoutId: string,
      order: NewOrder,
      lines: readonly NewOrderLine[],
      withinSeconds: number,
    ): Promise<string | null> {
      const candidates = await db
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
      const stored = await db
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
    },

    /**
     * A pending order becomes paid (its ERP sync pending); false when it is no longer pending
     * (the reconcile job may have settled it meanwhile).
     */
    /** Settled paid: charged (with the card's retref), or placed on account (null). */
    async markPaid(orderId: string, retref: string | null): Promise<boolean> {
      const settled = await db
        .update(orders)
        .set({
          status: 'paid',
          paidAt: sql`now()`,
          paymentRetref: retref,
          erpSyncStatus: 'pending',
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return settled.length > 0;
    },

    /** A pending order is settled unpaid; false when it is no longer pending (it keeps its outcome). */
    async markUnpaid(
      orderId: string,
      status: Exclude<OrderStatus, 'paid' | 'pending'>,
    ): Promise<boolean> {
      const settled = await db
        .update(orders)
        .set({ status })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return settled.length > 0;
    },

    /**
     * The newest order number given out, from the sequence itself (numbers of orders whose
     * transaction rolled back count too: they are never given out again). Null before any.
     */
    async lastSequenceValue(): Promise<number | null> {
      const [row] = await db
        .select({
          lastValue: sql<string>`last_value::text`,
          isCalled: sql<boolean>`is_called`,
        })
        .from(sql`order_number_seq`);
      if (!row || !row.isCalled) return null;
      return Number(row.lastValue);
    },

    // --- Customer number -------------------------------------------------------------------

    /** Whether some order other than `orderId`, of another e-mail, carries this customer number. */
    async customerNumberUsedByOtherOrder(
      number: string,
      orderId: string,
      email: string,
    ): Promise<boolean> {
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

    /** The ERP's customer number replaces whatever the order had. */
    async setCustomerNumber(orderId: string, customerNumber: string): Promise<void> {
      await db.update(orders).set({ customerNumber }).where(eq(orders.id, orderId));
    },

    // --- ERP sync status -------------------------------------------------------------------

    /** The order's ERP sync shows 'pending'; with `onlyFrom`, only from those statuses. */
    async markSyncPending(orderId: string, onlyFrom?: readonly ErpSyncStatus[]): Promise<void> {
      await db
        .update(orders)
        .set({ erpSyncStatus: 'pending' })
        .where(
          and(
            eq(orders.id, orderId),
            onlyFrom ? inArray(orders.erpSyncStatus, [...onlyFrom]) : undefined,
          ),
        );
    },

    async markSynced(orderId: string, salesOrder: { id: string; number: string }): Promise<void> {
      await db
        .update(orders)
        .set({
          erpSyncStatus: 'synced',
          erpSalesOrderId: salesOrder.id,
          erpSalesOrderNumber: salesOrder.number || null,
          erpSyncError: null,
          erpSyncedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId));
    },

    /**
     * Orders the ERP has taken and not yet invoiced, paid since `since`, least recently asked
     * first: what the order-status round asks the ERP about.
     */
    async progressDue(limit: number, since: Date): Promise<ProgressDueOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          erpSalesOrderId: orders.erpSalesOrderId,
          erpSalesOrderNumber: orders.erpSalesOrderNumber,
        })
        .from(orders)
        .where(
          and(
            isNotNull(orders.erpSyncedAt),
            isNull(orders.invoicedAt),
            isNotNull(orders.erpSalesOrderId),
            gte(orders.paidAt, since),
          ),
        )
        .orderBy(sql`${orders.erpStatusCheckedAt} asc nulls first`, asc(orders.paidAt))
        .limit(limit);
      // The where clause keeps only orders with a sales order id; this tells the type so.
      return rows.flatMap(({ erpSalesOrderId, ...row }) =>
        erpSalesOrderId ? [{ ...row, erpSalesOrderId }] : [],
      );
    },

    /**
     * What the ERP said of the order's progress, and when it was asked. A shipment or invoice
     * once recorded is kept (the ERP's documents are posted for good); null progress (the ERP
     * no longer knows the sales order) only moves the time.
     */
    async recordProgress(orderId: string, progress: OrderProgress | null): Promise<void> {
      await db
        .update(orders)
        .set({
          erpStatusCheckedAt: sql`now()`,
          ...(progress
            ? {
                erpSalesOrderNumber: progress.salesOrderNumber,
                ...(progress.shipment
                  ? {
                      shippedAt: sql`coalesce(${orders.shippedAt}, ${progress.shipment.at.toISOString()}::timestamptz)`,
                      erpShipmentNumber: sql`coalesce(${orders.erpShipmentNumber}, ${progress.shipment.number})`,
                    }
                  : {}),
                ...(progress.invoice
                  ? {
                      invoicedAt: progress.invoice.at,
                      erpInvoiceNumber: progress.invoice.number,
                      erpInvoiceId: progress.invoice.id,
                    }
                  : {}),
              }
            : {}),
        })
        .where(eq(orders.id, orderId));
    },

    async markSyncFailed(orderId: string, error: string): Promise<void> {
      await db
        .update(orders)
        .set({ erpSyncStatus: 'failed', erpSyncError: error })
        .where(eq(orders.id, orderId));
    },

    // --- The admin's order history -----------------------------------------------------------

    /** A page of the orders matching `search`, newest first, and how many match in all. */
    async page(input: { search: string; limit: number; offset: number }) {
      return pageWhere(searchWhere(input.search), input);
    },

    /**
     * The next `limit` orders matching `search` after `after` (from the start when null), in
     * the same order as page(): a keyset, so each batch is one indexed range read however far in.
     */
    async batchAfter(input: { search: string; after: OrderCursor | null; limit: number }) {
      const { after } = input;
      const rows = await db
        .select({
          order: orders,
          cursor: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(orders)
        .where(and(searchWhere(input.search), after ? olderThan(after) : undefined))
        .orderBy(...NEWEST_FIRST)
        .limit(input.limit);
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => row.order),
        next: last ? { createdAt: last.cursor, number: last.order.number } : null,
      };
    },

    /**
     * Paid orders per e-mail (lower case), with the latest one's payment time: the admin's
     * Customers cards. Reads the lower(email) index.
     */
    async paidCountsByEmail(
      emails: readonly string[],
    ): Promise<{ email: string; orders: number; lastOrderAt: Date | null }[]> {
      if (emails.length === 0) return [];
      const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
      const email = sql<string>`lower(${orders.email})`;
      const rows = await db
        .select({ email, orders: count(), lastOrderAt: sql<string | null>`max(${orders.paidAt})` })
        .from(orders)
        .where(and(inArray(email, lowered), isNotNull(orders.paidAt), eq(orders.status, 'paid')))
        .groupBy(email);
      return rows.map((row) => ({
        email: row.email,
        orders: Number(row.orders),
        lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt) : null,
      }));
    },

    // --- A lab's own account ---------------------------------------------------------------

    /** A page of the lab's placed orders matching `search`, newest first, and their count. */
    async labPage(input: { owner: LabOrdersOwner; search: string; limit: number; offset: number }) {
      return pageWhere(and(labWhere(input.owner), labSearchWhere(db, input.search)), input);
    },

    /** One of the lab's placed orders by its number; null for anyone else's. */
    async labOrder(owner: LabOrdersOwner, number: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.number, number), labWhere(owner)))
        .limit(1);
      return row ?? null;
    },

    // --- The dashboard's figures -------------------------------------------------------------
    // Days are counted by the database, in the shop's time zone, so that "today" and each
    // order's day agree with each other (and with what PostgreSQL says the time is).

    /** Every day of the window, oldest first, with its paid orders and revenue (0 when none). */
    async paidDays(timeZone: string, days: number): Promise<PaidDayRow[]> {
      const today = sql`(now() at time zone ${timeZone}::text)::date`;
      // now() is the transaction's start: "today" is one day throughout the statement.
      const rows = await db
        .select({
          date: sql<string>`series.day::date::text`,
          orders: sql<number>`coalesce(paid.orders, 0)::int`,
          revenue: sql<string>`coalesce(paid.revenue, 0)::text`,
        })
        .from(
          sql`generate_series(${today} - ${days - 1}::int, ${today}, interval '1 day') as series(day)
            left join (
              select (${orders.paidAt} at time zone ${timeZone}::text)::date as day,
                     count(*)::int as orders,
                     sum(${orders.amountCents})::bigint as revenue
              from ${orders}
              where ${paidInWindow(timeZone, days)}
              group by 1
            ) as paid on paid.day = series.day::date`,
        )
        .orderBy(sql`series.day`);
      return rows.map((row) => ({
        date: row.date,
        orders: Number(row.orders),
        revenueCents: Number(row.revenue),
      }));
    },

    /** The best sellers of the window by revenue (their lines' totals), then by quantity. */
    async topProducts(timeZone: string, days: number, limit: number): Promise<TopProductRow[]> {
      const rows = await db
        .select({
          number: orderLines.productNumber,
          // The title it was last sold under.
          title: sql<string>`(array_agg(${orderLines.title} order by ${orders.paidAt} desc))[1]`,
          quantity: sql<string>`sum(${orderLines.quantity})::text`,
          revenue: sql<string>`sum(${orderLines.lineTotalCents})::text`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(paidInWindow(timeZone, days))
        .groupBy(orderLines.productNumber)
        .orderBy(
          sql`sum(${orderLines.lineTotalCents}) desc`,
          sql`sum(${orderLines.quantity}) desc`,
          orderLines.productNumber,
        )
        .limit(limit);
      return rows.map((row) => ({
        number: row.number,
        title: row.title,
        quantity: Number(row.quantity),
        revenueCents: Number(row.revenue),
      }));
    },

    /** Paid orders in all, and those whose ERP sync waits or failed: each one indexed count. */
    async paidCounts(): Promise<{ paid: number; pendingSyncs: number; failedSyncs: number }> {
      const paidOrders = async (where?: SQL) => {
        const [row] = await db
          .select({ value: count() })
          .from(orders)
          .where(and(eq(orders.status, 'paid'), where));
        return row?.value ?? 0;
      };
      const [paid, pendingSyncs, failedSyncs] = await Promise.all([
        paidOrders(),
        paidOrders(inArray(orders.erpSyncStatus, ['not_started', 'pending'])),
        paidOrders(eq(orders.erpSyncStatus, 'failed')),
      ]);
      return { paid, pendingSyncs, failedSyncs };
    },
  };
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;
