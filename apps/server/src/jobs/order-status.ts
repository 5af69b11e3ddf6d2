import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { createOrderRepo } from '../db/orders-repo.ts';
import { ErpUnavailable, type Erp } from '../integrations/erp/port.ts';
import { enqueue, PermanentJobError, type OutboxHandlers, type OutboxLog } from './outbox.ts';

/**
 * The account's timeline (issue 36): whether each order the ERP took has been shipped and
 * invoiced is read from the ERP by a round that runs every ORDER_STATUS_POLL_SECONDS through the
 * outbox. The answers are stored on the order with the time they were read, so the account
 * pages never call the ERP and show the last known status through an outage.
 */
export const ORDER_STATUS_JOB_KINDS = {
  /** One round over the orders due (dedupe key `<kind>:<slot>`: one round per period). */
  round: 'erp-order-status-round',
} as const;

/** Orders asked about per round: the least recently asked first, so every order gets its turn. */
const ROUND_SIZE = 200;
/** An order not invoiced this long after payment is no longer asked about. */
const GIVE_UP_AFTER_DAYS = 180;

const RoundPayload = z.object({ slot: z.number().int().nonnegative() });

/** The period a time falls in; a round's dedupe key, so instances share one round per period. */
const slotOf = (time: number, pollMs: number) => Math.floor(time / pollMs);

/**
 * Enqueues the round of the current period (once per period, however many instances start):
 * the chain of rounds resumes after a restart, or after a round died.
 */
export function enqueueOrderStatusRound(
  db: Database,
  pollMs: number,
  now = Date.now(),
): Promise<boolean> {
  return enqueueRound(db, slotOf(now, pollMs));
}

/** The round of period `slot`, due when the period starts (now, for the current one). */
function enqueueRound(db: Database, slot: number, runAt?: Date): Promise<boolean> {
  return enqueue(db, {
    kind: ORDER_STATUS_JOB_KINDS.round,
    payload: { slot },
    dedupeKey: `${ORDER_STATUS_JOB_KINDS.round}:${slot}`,
    ...(runAt ? { runAt } : {}),
  });
}

export function createOrderStatusHandlers(deps: {
  db: Database;
  erp: Erp;
  log: OutboxLog;
  pollMs: number;
  now?: () => number;
}): OutboxHandlers {
  const { db, erp, log, pollMs } = deps;
  const now = deps.now ?? Date.now;
  const repo = createOrderRepo(db);

  async function refresh(order: {
    id: string;
    number: string;
    erpSalesOrderId: string;
    erpSalesOrderNumber: string | null;
  }) {
    const progress = await erp.salesOrderProgress({
      id: order.erpSalesOrderId,
      number: order.erpSalesOrderNumber,
    });
    await repo.recordProgress(order.id, progress);
    if (!progress) log.warn({ order: order.number }, 'the ERP no longer knows the sales order');
  }

  return {
    async [ORDER_STATUS_JOB_KINDS.round](payload) {
      const parsed = RoundPayload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError('Invalid order status round payload');
      // The next round first: a round that fails or dies does not end the chain. A worker that
      // was down for a while skips the periods it missed rather than running them all.
      const nextSlot = Math.max(parsed.data.slot, slotOf(now(), pollMs)) + 1;
      await enqueueRound(db, nextSlot, new Date(nextSlot * pollMs));
      const since = new Date(now() - GIVE_UP_AFTER_DAYS * 24 * 60 * 60 * 1000);
      const due = await repo.progressDue(ROUND_SIZE, since);
      let asked = 0;
      for (const order of due) {
        try {
          await refresh(order);
          asked += 1;
        } catch (error) {
          // The ERP is down: the orders keep their last known status; the next round asks again.
          if (error instanceof ErpUnavailable) {
            log.warn({ err: error, asked, due: due.length }, 'order status round stopped');
            return;
          }
          throw error;
        }
      }
      if (due.length > 0) log.info({ asked }, 'order status round done');
    },
  };
}
