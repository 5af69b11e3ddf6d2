import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { orderLines, orders, outbox } from '../../db/schema/index.ts';
import { ORDER_JOB_KINDS, orderJobKey } from '../../jobs/order-jobs.ts';
import { enqueue, requeueJob } from '../../jobs/outbox.ts';

/** The admin's order history: orders of every status, their lines and their ERP sync jobs. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order's ERP sync job as the history shows it. */
export interface SyncJobRow {
  orderNumber: string;
  status: (typeof outbox.$inferSelect)['status'];
  attempts: number;
  lastError: string | null;
  /** When the job ended (done or given up); null while it waits or runs. */
  finishedAt: Date | null;
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

/** After `cursor` in NEWEST_FIRST; the bare created_at bound lets the index narrow the read. */
function olderThan(cursor: OrderCursor): SQL {
  const at = sql`${cursor.createdAt}::timestamptz`;
  return sql`${orders.createdAt} <= ${at} and (${orders.createdAt} < ${at} or ${orders.number} < ${cursor.number})`;
}

/** Newest first; the number breaks ties between orders made in the same instant. */
const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.number)];

export function createOrdersRepo(db: Database) {
  return {
    /** A page of the orders matching `search`, newest first, and how many match in all. */
    async page(input: { search: string; limit: number; offset: number }) {
      const where = searchWhere(input.search);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(input.limit)
          .offset(input.offset),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
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

    async orderByNumber(number: string): Promise<OrderRow | null> {
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

    /** The ERP sync jobs of these orders (by their dedupe keys): one query for a page. */
    async syncJobsOf(orderNumbers: readonly string[]): Promise<SyncJobRow[]> {
      if (orderNumbers.length === 0) return [];
      const keyOf = new Map(
        orderNumbers.map((number) => [orderJobKey(ORDER_JOB_KINDS.erpSync, number), number]),
      );
      const rows = await db
        .select({
          dedupeKey: outbox.dedupeKey,
          status: outbox.status,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          finishedAt: outbox.finishedAt,
        })
        .from(outbox)
        .where(inArray(outbox.dedupeKey, [...keyOf.keys()]));
      return rows.map(({ dedupeKey, ...job }) => ({
        orderNumber: keyOf.get(dedupeKey ?? '') ?? '',
        ...job,
      }));
    },

    /**
     * The admin's retry of an order's ERP sync: a waiting or dead job runs again now with fresh
     * attempts (a missing one is written), and the order shows 'pending' again.
     */
    /** `onRequeued` runs in the same transaction (the admin's audit entry). */
    async requeueSync(
      order: OrderRow,
      onRequeued?: (tx: Database) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const key = orderJobKey(ORDER_JOB_KINDS.erpSync, order.number);
        const written = await enqueue(tx, {
          kind: ORDER_JOB_KINDS.erpSync,
          payload: { orderNumber: order.number },
          dedupeKey: key,
        });
        if (!written) await requeueJob(tx, key);
        await tx
          .update(orders)
          .set({ erpSyncStatus: 'pending' })
          .where(
            and(eq(orders.id, order.id), inArray(orders.erpSyncStatus, ['not_started', 'failed'])),
          );
        await onRequeued?.(tx);
      });
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
