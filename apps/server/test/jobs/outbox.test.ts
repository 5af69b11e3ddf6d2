import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxConfig } from '../../src/config/index.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema/index.ts';
import {
  createOutboxWorker,
  enqueue,
  enqueueMany,
  OUTBOX_PRIORITY,
  PermanentJobError,
  requeueJob,
  retryDelayMs,
  type OutboxHandlers,
  type OutboxLog,
} from '../../src/jobs/outbox.ts';
import { openTestDatabase } from '../support/helper.ts';

const config: OutboxConfig = { enabled: true, pollMs: 20, retryBaseMs: 10, retryMaxMs: 1000 };

/** Collects what the worker logs instead of printing it. */
function testLog() {
  const entries: { level: string; message: string }[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      entries.push({ level, message: String(args.at(-1)) });
    };
  const log = { info: record('info'), warn: record('warn'), error: record('error') };
  return { log: log as unknown as OutboxLog, entries };
}

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(outbox);
});

async function job(id: number) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox job ${id}`);
  return row;
}

async function add(kind: string, payload: Record<string, unknown> = {}, maxAttempts?: number) {
  const [row] = await database.db
    .insert(outbox)
    .values({ kind, payload, ...(maxAttempts ? { maxAttempts } : {}) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Makes every waiting job due now, instead of sleeping through its backoff. */
async function makeDue() {
  await database.db
    .update(outbox)
    .set({ runAt: sql`now()` })
    .where(eq(outbox.status, 'pending'));
}

function worker(
  handlers: OutboxHandlers,
  extra: { workerId?: string; batchSize?: number; config?: OutboxConfig } = {},
) {
  const { log, entries } = testLog();
  return {
    worker: createOutboxWorker({ db: database.db, handlers, config, log, ...extra }),
    entries,
  };
}

describe('the outbox worker', () => {
  it('runs a job once and marks it done', async () => {
    const seen: unknown[] = [];
    const { worker: outboxWorker } = worker({
      greet: async (payload) => {
        seen.push(payload);
      },
    });
    const id = await add('greet', { name: 'Ada' });

    expect(await outboxWorker.runDue()).toBe(1);
    expect(await outboxWorker.runDue()).toBe(0);

    expect(seen).toEqual([{ name: 'Ada' }]);
    const row = await job(id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('does not run a job before its run_at', async () => {
    let runs = 0;
    const { worker: outboxWorker } = worker({ later: async () => void (runs += 1) });
    await database.db
      .insert(outbox)
      .values({ kind: 'later', payload: {}, runAt: sql`now() + interval '1 hour'` });
    expect(await outboxWorker.runDue()).toBe(0);
    expect(runs).toBe(0);
  });

  it('retries a failing job with growing delays and its last error, then succeeds', async () => {
    let calls = 0;
    const { worker: outboxWorker, entries } = worker({
      flaky: async () => {
        calls += 1;
        if (calls <= 3) throw new Error(`ERP timeout #${calls}`);
      },
    });
    const id = await add('flaky');

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await outboxWorker.runDue()).toBe(1);
      const row = await job(id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: `Error: ERP timeout #${attempt}`,
        lockedBy: null,
      });
      delays.push(row.runAt.getTime() - row.updatedAt.getTime());
      // Not due yet: the same round does not run it again.
      await makeDue();
    }
    // 10, 20, 40 ms, each +-20%: strictly growing.
    expect(delays[0]).toBeGreaterThanOrEqual(8);
    expect(delays[0]).toBeLessThanOrEqual(12);
    expect(delays[1]).toBeGreaterThanOrEqual(16);
    expect(delays[1]).toBeLessThanOrEqual(24);
    expect(delays[2]).toBeGreaterThanOrEqual(32);
    expect(delays[2]).toBeLessThanOrEqual(48);

    expect(await outboxWorker.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 4, lastError: null });
    expect(calls).toBe(4);
    expect(entries.filter((entry) => entry.level === 'warn')).toHaveLength(3);
  });

  it('waits out the backoff on its own when not hurried', async () => {
    let calls = 0;
    const { worker: outboxWorker } = worker(
      {
        flaky: async () => {
          calls += 1;
          if (calls === 1) throw new Error('once');
        },
      },
      { config: { ...config, retryBaseMs: 300 } },
    );
    const id = await add('flaky');
    expect(await outboxWorker.runDue()).toBe(1);
    expect(await outboxWorker.runDue()).toBe(0);
    await sleep(400);
    expect(await outboxWorker.runDue()).toBe(1);
    expect((await job(id)).status).toBe('done');
  });

  it('gives up after max_attempts: the job is dead', async () => {
    const { worker: outboxWorker, entries } = worker({
      broken: async () => {
        throw new TypeError('cannot read the order');
      },
    });
    const id = await add('broken', {}, 3);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await outboxWorker.runDue()).toBe(1);
      await makeDue();
    }
    const row = await job(id);
    expect(row).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'TypeError: cannot read the order',
    });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(await outboxWorker.runDue()).toBe(0);
    expect(entries.some((entry) => entry.level === 'error' && /dead/.test(entry.message))).toBe(
      true,
    );
  });

  it('a PermanentJobError is dead at once', async () => {
    const { worker: outboxWorker } = worker({
      hopeless: async () => {
        throw new PermanentJobError('order WEB-1 does not exist');
      },
    });
    const id = await add('hopeless');
    expect(await outboxWorker.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'PermanentJobError: order WEB-1 does not exist',
    });
  });

  it('an unknown kind is dead with a clear error, and the rest still run', async () => {
    let ran = 0;
    const { worker: outboxWorker } = worker({ known: async () => void (ran += 1) });
    const unknown = await add('no-such-kind');
    const known = await add('known');
    expect(await outboxWorker.runDue()).toBe(2);
    expect(await job(unknown)).toMatchObject({
      status: 'dead',
      lastError: "PermanentJobError: No handler for outbox job kind 'no-such-kind'",
    });
    expect((await job(known)).status).toBe('done');
    expect(ran).toBe(1);
  });

  it('truncates a very long error', async () => {
    const { worker: outboxWorker } = worker({
      loud: async () => {
        throw new Error('x'.repeat(10_000));
      },
    });
    const id = await add('loud');
    await outboxWorker.runDue();
    expect((await job(id)).lastError?.length).toBe(2000);
  });

  it('takes over a job whose worker died (lease expired), but not one still leased', async () => {
    const runs: number[] = [];
    const { worker: outboxWorker } = worker({
      resume: async (_payload, row) => void runs.push(row.id),
    });
    const [expired, leased] = await database.db
      .insert(outbox)
      .values([
        {
          kind: 'resume',
          payload: {},
          status: 'running',
          attempts: 1,
          lockedBy: 'crashed-worker',
          lockedUntil: sql`now() - interval '1 minute'`,
          runAt: sql`now() - interval '10 minutes'`,
        },
        {
          kind: 'resume',
          payload: {},
          status: 'running',
          attempts: 1,
          lockedBy: 'busy-worker',
          lockedUntil: sql`now() + interval '5 minutes'`,
          runAt: sql`now() - interval '10 minutes'`,
        },
      ])
      .returning({ id: outbox.id });
    if (!expired || !leased) throw new Error('insert returned nothing');

    expect(await outboxWorker.runDue()).toBe(1);
    expect(runs).toEqual([expired.id]);
    expect(await job(expired.id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(await job(leased.id)).toMatchObject({ status: 'running', lockedBy: 'busy-worker' });
  });

  it('a lease-expired job already at max_attempts is dead, not run again', async () => {
    let runs = 0;
    const { worker: outboxWorker } = worker({ resume: async () => void (runs += 1) });
    const [row] = await database.db
      .insert(outbox)
      .values({
        kind: 'resume',
        payload: {},
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedBy: 'crashed-worker',
        lockedUntil: sql`now() - interval '1 minute'`,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('insert returned nothing');
    expect(await outboxWorker.runDue()).toBe(1);
    expect(runs).toBe(0);
    expect((await job(row.id)).status).toBe('dead');
  });

  it('a worker that lost its lease does not overwrite the new owner', async () => {
    const { worker: slow, entries } = worker(
      {
        slow: async (_payload, row) => {
          // Meanwhile the lease expires and another worker takes the job.
          await database.db
            .update(outbox)
            .set({ lockedBy: 'other-worker', attempts: row.attempts + 1 })
            .where(eq(outbox.id, row.id));
        },
      },
      { workerId: 'slow-worker' },
    );
    const id = await add('slow');
    await slow.runDue();
    expect(await job(id)).toMatchObject({ status: 'running', lockedBy: 'other-worker' });
    expect(entries.some((entry) => /lease was lost/.test(entry.message))).toBe(true);
  });

  it('two workers running side by side run each of 20 jobs exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handlerFor =
      (name: string): OutboxHandlers['count'] =>
      async (_payload, row) => {
        runs.set(row.id, [...(runs.get(row.id) ?? []), name]);
        // Let the other worker's claim interleave with this one's work.
        await sleep(2);
      };
    const ids: number[] = [];
    for (let n = 0; n < 20; n += 1) ids.push(await add('count', { n }));

    const a = worker({ count: handlerFor('a') }, { workerId: 'worker-a', batchSize: 3 });
    const b = worker({ count: handlerFor('b') }, { workerId: 'worker-b', batchSize: 3 });
    const [ranA, ranB] = await Promise.all([a.worker.runDue(), b.worker.runDue()]);

    expect(ranA + ranB).toBe(20);
    // Both really worked: the claims interleaved.
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const workers of runs.values()) expect(workers).toHaveLength(1);
    const rows = await database.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('start() polls until stop(); a handler error does not stop it', async () => {
    const done: string[] = [];
    const { worker: outboxWorker } = worker({
      note: async (payload) => {
        if (payload.fail) throw new Error('boom');
        done.push(String(payload.text));
      },
    });
    outboxWorker.start();
    await enqueue(database.db, { kind: 'note', payload: { fail: true } });
    await enqueue(database.db, { kind: 'note', payload: { text: 'hello' } });
    for (let waited = 0; done.length === 0 && waited < 5000; waited += 20) await sleep(20);
    await outboxWorker.stop();
    expect(done).toEqual(['hello']);

    // Stopped: a new job stays pending.
    await enqueue(database.db, { kind: 'note', payload: { text: 'after stop' } });
    await sleep(config.pollMs * 3);
    expect(done).toEqual(['hello']);
  });

  it('start() does nothing when the worker is disabled', async () => {
    let runs = 0;
    const { log } = testLog();
    const disabled = createOutboxWorker({
      db: database.db,
      handlers: { note: async () => void (runs += 1) },
      config: { ...config, enabled: false },
      log,
    });
    disabled.start();
    await enqueue(database.db, { kind: 'note', payload: {} });
    await sleep(config.pollMs * 3);
    await disabled.stop();
    expect(runs).toBe(0);
    // runDue still works by hand.
    expect(await disabled.runDue()).toBe(1);
  });
});

describe('enqueue and requeueJob', () => {
  it('adds a job once per dedupe key, also inside a transaction', async () => {
    expect(
      await enqueue(database.db, {
        kind: 'erp-order-sync',
        payload: { orderNumber: 'WEB-1' },
        dedupeKey: 'erp-order-sync:WEB-1',
      }),
    ).toBe(true);
    const again = await database.db.transaction((tx) =>
      enqueue(tx, {
        kind: 'erp-order-sync',
        payload: { orderNumber: 'WEB-1' },
        dedupeKey: 'erp-order-sync:WEB-1',
      }),
    );
    expect(again).toBe(false);
    const rows = await database.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, maxAttempts: 25 });
  });

  it('a job enqueued in a transaction that rolls back does not exist', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'note', payload: {}, dedupeKey: 'rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it('requeues a dead job with fresh attempts; leaves a done one alone', async () => {
    const { worker: outboxWorker } = worker({
      broken: async () => {
        throw new Error('down');
      },
      fine: async () => {},
    });
    await enqueue(database.db, { kind: 'broken', payload: {}, dedupeKey: 'b', maxAttempts: 1 });
    await enqueue(database.db, { kind: 'fine', payload: {}, dedupeKey: 'f' });
    await outboxWorker.runDue();

    expect(await requeueJob(database.db, 'b')).toBe(true);
    expect(await requeueJob(database.db, 'f')).toBe(false);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.dedupeKey, 'b'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: 'Error: down' });
    expect(await outboxWorker.runDue()).toBe(1);
  });
});

describe('priority', () => {
  it('bulk jobs yield: an order job queued after 30 newsletter batches runs in the first round', async () => {
    const order: string[] = [];
    const { worker: outboxWorker } = worker(
      {
        batch: async (payload) => {
          order.push(`batch ${String(payload.n)}`);
        },
        mail: async () => {
          order.push('mail');
        },
      },
      { batchSize: 5 },
    );
    await enqueueMany(
      database.db,
      Array.from({ length: 30 }, (_, n) => ({
        kind: 'batch',
        payload: { n },
        dedupeKey: `batch:${n}`,
        priority: OUTBOX_PRIORITY.bulk,
      })),
    );
    await enqueueMany(database.db, [{ kind: 'batch', payload: { n: 0 }, dedupeKey: 'batch:0' }]);
    await enqueue(database.db, { kind: 'mail', payload: {} });

    expect(await outboxWorker.runDue()).toBe(31);
    // In the first round of 5 although it was queued last (by age it would be the 31st);
    // the repeated dedupe key added nothing.
    expect(order.indexOf('mail')).toBeLessThan(5);
    expect(order.filter((entry) => entry === 'batch 0')).toHaveLength(1);
  });
});

describe('retryDelayMs', () => {
  const base = { retryBaseMs: 1000, retryMaxMs: 60_000 };
  it('doubles from the base and stops at the cap, with +-20% jitter', () => {
    expect(retryDelayMs(1, base, () => 0.5)).toBe(1000);
    expect(retryDelayMs(2, base, () => 0.5)).toBe(2000);
    expect(retryDelayMs(5, base, () => 0.5)).toBe(16_000);
    expect(retryDelayMs(7, base, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(2000, base, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(1, base, () => 0)).toBe(800);
    expect(retryDelayMs(1, base, () => 1)).toBe(1200);
  });
});
