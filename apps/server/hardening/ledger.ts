import pg from 'pg';

/** What the shop's database holds about its orders, read with plain SQL after a fault. */
export interface LedgerOrder {
  number: string;
  status: string;
  email: string;
  amountCents: number;
  retref: string | null;
  paymentStatus: string | null;
  /** The outbox dedupe keys of the order's jobs, e.g. `erp-order-sync:WEB-100001`. */
  jobs: string[];
}

export async function readLedger(url: string): Promise<Map<string, LedgerOrder>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = await client.query<{
      number: string;
      status: string;
      email: string;
      amount_cents: number;
      payment_retref: string | null;
      payment_status: string | null;
    }>(
      `select o.number, o.status, o.email, o.amount_cents, o.payment_retref,
              p.status as payment_status
         from orders o left join payments p on p.order_id = o.id`,
    );
    const jobs = await client.query<{ dedupe_key: string }>(
      `select dedupe_key from outbox where dedupe_key is not null`,
    );
    const ledger = new Map<string, LedgerOrder>();
    for (const row of orders.rows) {
      ledger.set(row.number, {
        number: row.number,
        status: row.status,
        email: row.email,
        amountCents: row.amount_cents,
        retref: row.payment_retref,
        paymentStatus: row.payment_status,
        jobs: [],
      });
    }
    for (const { dedupe_key: key } of jobs.rows) {
      const number = key.slice(key.indexOf(':') + 1);
      ledger.get(number)?.jobs.push(key);
    }
    return ledger;
  } finally {
    await client.end();
  }
}

/** The jobs every paid order must have (ORDER_JOB_KINDS' ERP sync and confirmation mail). */
export const PAID_ORDER_JOBS = ['erp-order-sync', 'order-confirmation-mail'] as const;
