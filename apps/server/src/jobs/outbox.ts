import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxConfig } from '../config/index.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export type OutboxJob = typeof outbox.$inferSelect;
export type OutboxPayload = Record<string, unknown>;
/** Runs one job. Throwing means "try again later" (or never, for a PermanentJobError). */
export type OutboxHandler = (payload: OutboxPayload, job: OutboxJob) => Promise<void>;
export type OutboxHandlers = Record<string, OutboxHandler>;
export type OutboxLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A job that can never succeed (bad payload, the order is gone): dead at once, no retries. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface OutboxWorkerOptions {
  db: Database;
  handlers: OutboxHandlers;
  config: OutboxConfig;
  log: OutboxLog;
  /** Names this process in locked_by; default host:pid:random. */
  workerId?: string;
  /** Jobs claimed (and run side by side) per round. */
  batchSize?: number;
  /**
   * How long a claimed job is ours. A worker that dies mid-job leaves it 'running'; once the
   * lease has passed another worker takes it again. Longer than any handler should take.
   */
  leaseMs?: number;
  /** 0..1, for the backoff's jitter (tests pin it). */
  random?: () => number;
}

export interface OutboxWorker {
  readonly workerId: string;
  /** Polls every config.pollMs; does nothing when config.enabled is false. */
  start(): void;
  /** Stops polling and waits for the round that is running. */
  stop(): Promise<void>;
  /** Runs every job due now, each at most once; answers how many ran. */
  runDue(): Promise<number>;
}

const DEFAULT_BATCH_SIZE = 10;
const DEFAULT_LEASE_MS = 5 * 60_000;
const LAST_ERROR_MAX_CHARS = 2000;

/** The backoff before attempt `attempts + 1`: base * 2^(attempts-1), capped, +-20% jitter. */
export function retryDelayMs(
  attempts: number,
  config: Pick<OutboxConfig, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows to Infinity long after the cap; min() handles that.
  const delay = Math.min(config.retryBaseMs * 2 ** exponent, config.retryMaxMs);
  return Math.max(0, Math.round(delay * (0.8 + 0.4 * random())));
}

function errorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;
  return text.length > LAST_ERROR_MAX_CHARS ? `${text.slice(0, LAST_ERROR_MAX_CHARS - 1)}…` : text;
}

const millis = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * The durable job worker. Jobs are rows in `outbox`, written in the same transaction as the
 * change that causes them (see enqueue). Any number of workers, in any number of processes,
 * share the table: a job is claimed with FOR UPDATE SKIP LOCKED and a lease, so each due job
 * runs on one worker at a time; a failed job waits with exponential backoff and is dead after
 * max_attempts. Handlers must be idempotent: a job whose worker died is run again.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, handlers, config, log } = options;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const random = options.random ?? Math.random;

  let polling = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;

  /**
   * Claims up to `limit` due jobs: pending ones whose run_at has come, and running ones whose
   * lease expired (their worker died); urgent ones first (OUTBOX_PRIORITY), then the oldest.
   * ARRAY(...) evaluates the locking subquery exactly once.
   */
  async function claim(limit: number, skip: number[]): Promise<OutboxJob[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          or(
            and(eq(outbox.status, 'pending'), lte(outbox.runAt, sql`now()`)),
            and(eq(outbox.status, 'running'), lt(outbox.lockedUntil, sql`now()`)),
          ),
          notInArray(outbox.id, skip),
        ),
      )
      .orderBy(asc(outbox.priority), asc(outbox.runAt), asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        status: 'running',
        attempts: sql`${outbox.attempts} + 1`,
        lockedUntil: sql`now() + ${millis(leaseMs)}`,
        lockedBy: workerId,
        updatedAt: sql`now()`,
      })
      .where(sql`${outbox.id} = any(array(${due}))`)
      .returning();
  }

  /** Only while the job is still ours: a worker that outlived its lease must not overwrite. */
  const stillOurs = (job: OutboxJob) =>
    and(
      eq(outbox.id, job.id),
      eq(outbox.status, 'running'),
      eq(outbox.lockedBy, workerId),
      eq(outbox.attempts, job.attempts),
    );

  async function markDone(job: OutboxJob): Promise<void> {
    const rows = await db
      .update(outbox)
      .set({
        status: 'done',
        finishedAt: sql`now()`,
        lockedUntil: null,
        lockedBy: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(stillOurs(job))
      .returning({ id: outbox.id });
    if (rows.length === 0) {
      log.warn({ job: job.id, kind: job.kind }, 'outbox job finished after its lease was lost');
    }
  }

  async function markFailed(job: OutboxJob, error: unknown, permanent: boolean): Promise<void> {
    const dead = permanent || job.attempts >= job.maxAttempts;
    const lastError = errorText(error);
    const delayMs = retryDelayMs(job.attempts, config, random);
    await db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        lastError,
        ...(dead ? { finishedAt: sql`now()` } : { runAt: sql`now() + ${millis(delayMs)}` }),
        lockedUntil: null,
        lockedBy: null,
        updatedAt: sql`now()`,
      })
      .where(stillOurs(job));
    const context = { job: job.id, kind: job.kind, attempts: job.attempts, err: error };
    if (dead) log.error(context, 'outbox job is dead; it will not be retried');
    else log.warn({ ...context, retryInMs: delayMs }, 'outbox job failed; retrying later');
  }

  /** Runs one claimed job; never throws (a failure is recorded on the job and logged). */
  async function runJob(job: OutboxJob): Promise<void> {
    try {
      if (job.attempts > job.maxAttempts) {
        // Its worker died during the last attempt; running it again would exceed the limit.
        await markFailed(
          job,
          new PermanentJobError(job.lastError ?? 'The worker stopped during the last attempt'),
          true,
        );
        return;
      }
      const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
      if (!handler) {
        await markFailed(
          job,
          new PermanentJobError(`No handler for outbox job kind '${job.kind}'`),
          true,
        );
        return;
      }
      try {
        await handler(job.payload, job);
      } catch (error) {
        await markFailed(job, error, error instanceof PermanentJobError);
        return;
      }
      await markDone(job);
    } catch (error) {
      // The database itself failed: the job stays 'running' and is taken again after its lease.
      log.error({ err: error, job: job.id, kind: job.kind }, 'outbox job could not be recorded');
    }
  }

  async function drain(keepGoing: () => boolean): Promise<number> {
    const ran: number[] = [];
    while (keepGoing()) {
      // Jobs already run in this round are skipped, so a fast retry waits for the next round.
      const jobs = await claim(batchSize, ran);
      if (jobs.length === 0) break;
      await Promise.all(jobs.map(runJob));
      ran.push(...jobs.map((job) => job.id));
    }
    return ran.length;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      round = drain(() => polling)
        .catch((error: unknown) => log.error({ err: error }, 'outbox round failed'))
        .finally(() => {
          round = undefined;
          if (polling) schedule(config.pollMs);
        });
    }, delayMs);
    // The shutdown path is stop(); the timer alone never holds the process open.
    timer.unref();
  }

  return {
    workerId,
    start() {
      if (!config.enabled || polling) return;
      polling = true;
      schedule(0);
    },
    async stop() {
      polling = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
    },
    runDue: () => drain(() => true),
  };
}

/** A database or a transaction: enqueue belongs inside the transaction of the change. */
export type OutboxWriter = Pick<Database, 'insert'>;

export interface NewOutboxJob {
  kind: string;
  payload: OutboxPayload;
  /** At most one job per key, ever: a second enqueue with the same key does nothing. */
  dedupeKey?: string | null;
  /** Default now. */
  runAt?: Date;
  /**
   * Due this long from now by the database's clock, as the worker's claim reads it; instead of
   * runAt.
   */
  delayMs?: number;
  /** Default the column's (25). */
  maxAttempts?: number;
  /** Default OUTBOX_PRIORITY.normal. */
  priority?: number;
}

/** Due jobs run in this order: lower first. */
export const OUTBOX_PRIORITY = {
  /** What a customer or the office waits for: order mails, ERP sync, payment checks. */
  normal: 0,
  /** Many jobs at once (a newsletter's batches): they yield to everything else. */
  bulk: 10,
} as const;

const outboxRow = (job: NewOutboxJob) => ({
  kind: job.kind,
  payload: job.payload,
  dedupeKey: job.dedupeKey ?? null,
  ...(job.runAt ? { runAt: job.runAt } : {}),
  ...(job.delayMs !== undefined
    ? { runAt: sql`now() + make_interval(secs => ${job.delayMs / 1000})` }
    : {}),
  ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
  ...(job.priority !== undefined ? { priority: job.priority } : {}),
});

/** Adds a job; answers false when a job with the same dedupe key already exists. */
export async function enqueue(db: OutboxWriter, job: NewOutboxJob): Promise<boolean> {
  const rows = await db
    .insert(outbox)
    .values(outboxRow(job))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

const ENQUEUE_CHUNK = 500;

/** Adds many jobs, a few hundred to a statement (a newsletter to a big list has thousands). */
export async function enqueueMany(db: OutboxWriter, jobs: readonly NewOutboxJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += ENQUEUE_CHUNK) {
    await db
      .insert(outbox)
      .values(jobs.slice(start, start + ENQUEUE_CHUNK).map(outboxRow))
      .onConflictDoNothing({ target: outbox.dedupeKey });
  }
}

/**
 * Runs a waiting or dead job again now, with a fresh attempt count (the admin's retry). A job
 * that is running or done is left alone; answers whether one was requeued.
 */
export async function requeueJob(
  db: Pick<Database, 'update'>,
  dedupeKey: string,
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      status: 'pending',
      attempts: 0,
      runAt: sql`now()`,
      finishedAt: null,
      lockedUntil: null,
      lockedBy: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(outbox.dedupeKey, dedupeKey), inArray(outbox.status, ['pending', 'dead'])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A job's state as a screen shows it (the admin's order history shows the ERP sync's). */
export type OutboxJobState = Pick<
  OutboxJob,
  'dedupeKey' | 'status' | 'attempts' | 'lastError' | 'finishedAt'
>;

/** The jobs with these dedupe keys, in one query. */
export async function jobsByKey(
  db: Pick<Database, 'select'>,
  dedupeKeys: readonly string[],
): Promise<OutboxJobState[]> {
  if (dedupeKeys.length === 0) return [];
  return db
    .select({
      dedupeKey: outbox.dedupeKey,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      finishedAt: outbox.finishedAt,
    })
    .from(outbox)
    .where(inArray(outbox.dedupeKey, [...dedupeKeys]));
}
