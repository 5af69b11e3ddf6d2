import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  NEWSLETTER_FAILURES_LISTED,
  type DeliveryStatus,
} from '@labshop/shared/schemas/newsletter';
import type { Database } from '../../db/client.ts';
import { enqueue, enqueueMany, OUTBOX_PRIORITY } from '../../jobs/outbox.ts';
import {
  mailLog,
  newsletterDeliveries,
  newsletters,
  newsletterSubscribers,
} from '../../db/schema/index.ts';

/** The newsletter sends: `newsletters`, one `newsletter_deliveries` row per recipient. */

export type NewsletterRow = typeof newsletters.$inferSelect;
export type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

/** The outbox job that mails one batch of a send (payload {newsletterId, batch}). */
export const NEWSLETTER_BATCH_JOB = 'newsletter-batch';

/** Serialises queueing, so two identical sends clicked together cannot both pass the check. */
const QUEUE_LOCK_KEY = 727_281;
export type QueueResult =
  { kind: 'queued'; row: NewsletterRow } | { kind: 'duplicate' } | { kind: 'noRecipients' };

export type DeliveryCounts = Record<DeliveryStatus, number>;

export interface DeliveryFailure {
  email: string;
  error: string;
}

/** A row left 'sending' by a run that stopped, with what the mail log knows of its mail. */
export interface InterruptedDelivery {
  id: number;
  attempts: number;
  logId: string | null;
  logStatus: (typeof mailLog.$inferSelect)['status'] | null;
  logError: string | null;
  logSentAt: Date | null;
  logCreatedAt: Date | null;
}

/** Rolls the queueing transaction back when nobody is subscribed. */
class NoRecipients extends Error {}

const emptyCounts = (): DeliveryCounts => ({
  pending: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
});

/** The delivery's address matches a subscriber who is still subscribed. */
const stillSubscribed = sql`exists (
  select 1 from ${newsletterSubscribers}
  where lower(${newsletterSubscribers.email}) = lower(${newsletterDeliveries.email})
    and ${newsletterSubscribers.subscribed}
)`;

export function createSendsRepo(db: Database) {
  /** Each send's deliveries by status, in one GROUP BY. */
  async function counts(ids: string[]): Promise<Map<string, DeliveryCounts>> {
    const result = new Map(ids.map((id) => [id, emptyCounts()]));
    if (ids.length === 0) return result;
    const rows = await db
      .select({
        newsletterId: newsletterDeliveries.newsletterId,
        status: newsletterDeliveries.status,
        count: count(),
      })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.newsletterId, ids))
      .groupBy(newsletterDeliveries.newsletterId, newsletterDeliveries.status);
    for (const row of rows) {
      const entry = result.get(row.newsletterId);
      if (entry) entry[row.status] = row.count;
    }
    return result;
  }

  return {
    /**
     * In one transaction: the send, a delivery row for every subscribed address (numbered into
     * batches in address order), and one outbox job per batch. An identical subject and content
     * still queued or sending, or sent in the last 10 minutes, is a duplicate.
     */
    async queue(input: {
      subject: string;
      content: string;
      createdBy: string;
      batchSize: number;
      /** Runs in the queueing transaction once the send is queued (its audit entry). */
      onQueued?: (tx: Database, row: NewsletterRow) => Promise<void>;
    }): Promise<QueueResult> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_KEY})`);
          const [duplicate] = await tx
            .select({ id: newsletters.id })
            .from(newsletters)
            .where(
              and(
                eq(newsletters.subject, input.subject),
                eq(newsletters.content, input.content),
                or(
                  inArray(newsletters.status, ['queued', 'sending']),
                  and(
                    eq(newsletters.status, 'sent'),
                    gte(
                      sql`coalesce(${newsletters.finishedAt}, ${newsletters.createdAt})`,
                      sql`now() - interval '10 minutes'`,
                    ),
                  ),
                ),
              ),
            )
            .limit(1);
          if (duplicate) return { kind: 'duplicate' } as const;

          const [created] = await tx
            .insert(newsletters)
            .values({ subject: input.subject, content: input.content, createdBy: input.createdBy })
            .returning();
          if (!created) throw new Error('newsletters insert returned no row');
          await tx.execute(sql`
            insert into ${newsletterDeliveries} (newsletter_id, subscriber_id, email, display_name, batch)
            select ${created.id}::uuid, s.id, s.email, s.display_name,
                   (row_number() over (order by lower(s.email), s.id) - 1) / ${input.batchSize}::int
            from ${newsletterSubscribers} s
            where s.subscribed
          `);
          const [added] = await tx
            .select({
              total: count(),
              lastBatch: sql<number>`coalesce(max(${newsletterDeliveries.batch}), -1)`.mapWith(
                Number,
              ),
            })
            .from(newsletterDeliveries)
            .where(eq(newsletterDeliveries.newsletterId, created.id));
          const total = added?.total ?? 0;
          if (total === 0) throw new NoRecipients();

          const [row] = await tx
            .update(newsletters)
            .set({ recipientsTotal: total })
            .where(eq(newsletters.id, created.id))
            .returning();
          if (!row) throw new Error('newsletters update returned no row');
          await enqueueMany(
            tx,
            Array.from({ length: (added?.lastBatch ?? -1) + 1 }, (_, batch) => ({
              kind: NEWSLETTER_BATCH_JOB,
              payload: { newsletterId: row.id, batch },
              dedupeKey: `newsletter:${row.id}:${batch}`,
              priority: OUTBOX_PRIORITY.bulk,
            })),
          );
          await input.onQueued?.(tx, row);
          return { kind: 'queued', row } as const;
        });
      } catch (error) {
        if (error instanceof NoRecipients) return { kind: 'noRecipients' };
        throw error;
      }
    },

    /** A batch that could not finish in one run goes on in another job, due after `delayMs`. */
    async enqueueContinuation(
      newsletterId: string,
      batch: number,
      afterJobId: number,
      delayMs: number,
    ): Promise<void> {
      await enqueue(db, {
        kind: NEWSLETTER_BATCH_JOB,
        payload: { newsletterId, batch },
        dedupeKey: `newsletter:${newsletterId}:${batch}:after-${afterJobId}`,
        delayMs,
        priority: OUTBOX_PRIORITY.bulk,
      });
    },

    async byId(id: string): Promise<NewsletterRow | null> {
      const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
      return row ?? null;
    },

    async page(offset: number, limit: number): Promise<{ rows: NewsletterRow[]; total: number }> {
      const rows = await db
        .select()
        .from(newsletters)
        .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ total: count() }).from(newsletters);
      return { rows, total: counted?.total ?? 0 };
    },

    counts,

    /** Each send's first NEWSLETTER_FAILURES_LISTED failures, in address order. */
    async failures(ids: string[]): Promise<Map<string, DeliveryFailure[]>> {
      const result = new Map<string, DeliveryFailure[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return result;
      const ranked = db
        .select({
          newsletterId: newsletterDeliveries.newsletterId,
          email: newsletterDeliveries.email,
          error: newsletterDeliveries.error,
          rank: sql<number>`row_number() over (
            partition by ${newsletterDeliveries.newsletterId}
            order by ${newsletterDeliveries.id}
          )`.as('rank'),
        })
        .from(newsletterDeliveries)
        .where(
          and(
            inArray(newsletterDeliveries.newsletterId, ids),
            eq(newsletterDeliveries.status, 'failed'),
          ),
        )
        .as('ranked');
      const rows = await db
        .select()
        .from(ranked)
        .where(lte(ranked.rank, NEWSLETTER_FAILURES_LISTED))
        .orderBy(asc(ranked.rank));
      for (const row of rows) {
        result.get(row.newsletterId)?.push({ email: row.email, error: row.error ?? '' });
      }
      return result;
    },

    /** 'queued' becomes 'sending' when its first batch starts. */
    async markSending(id: string): Promise<void> {
      await db
        .update(newsletters)
        .set({ status: 'sending' })
        .where(and(eq(newsletters.id, id), eq(newsletters.status, 'queued')));
    },

    /** The batch's rows a stopped run left 'sending', with their mail-log rows (if any). */
    async interrupted(newsletterId: string, batch: number): Promise<InterruptedDelivery[]> {
      return db
        .select({
          id: newsletterDeliveries.id,
          attempts: newsletterDeliveries.attempts,
          logId: mailLog.id,
          logStatus: mailLog.status,
          logError: mailLog.error,
          logSentAt: mailLog.sentAt,
          logCreatedAt: mailLog.createdAt,
        })
        .from(newsletterDeliveries)
        .leftJoin(
          mailLog,
          and(
            eq(mailLog.newsletterId, newsletterDeliveries.newsletterId),
            sql`lower(${mailLog.toAddress}) = lower(${newsletterDeliveries.email})`,
          ),
        )
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, newsletterId),
            eq(newsletterDeliveries.batch, batch),
            eq(newsletterDeliveries.status, 'sending'),
          ),
        );
    },

    /** Pending rows of the batch whose address is no longer subscribed: never mailed. */
    async skipUnsubscribed(newsletterId: string, batch: number): Promise<number> {
      const rows = await db
        .update(newsletterDeliveries)
        .set({ status: 'skipped', error: null })
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, newsletterId),
            eq(newsletterDeliveries.batch, batch),
            eq(newsletterDeliveries.status, 'pending'),
            sql`not ${stillSubscribed}`,
          ),
        )
        .returning({ id: newsletterDeliveries.id });
      return rows.length;
    },

    async pendingIds(newsletterId: string, batch: number): Promise<number[]> {
      const rows = await db
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, newsletterId),
            eq(newsletterDeliveries.batch, batch),
            eq(newsletterDeliveries.status, 'pending'),
          ),
        )
        .orderBy(sql`lower(${newsletterDeliveries.email})`, asc(newsletterDeliveries.id));
      return rows.map((row) => row.id);
    },

    /**
     * Takes a pending row for sending, only while its address is still subscribed. Null when
     * it is no longer pending (another run has it) or was unsubscribed (then it is 'skipped').
     */
    async claim(id: number): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(newsletterDeliveries)
        .set({
          status: 'sending',
          claimedAt: sql`now()`,
          attempts: sql`${newsletterDeliveries.attempts} + 1`,
        })
        .where(
          and(
            eq(newsletterDeliveries.id, id),
            eq(newsletterDeliveries.status, 'pending'),
            stillSubscribed,
          ),
        )
        .returning();
      if (row) return row;
      await db
        .update(newsletterDeliveries)
        .set({ status: 'skipped', error: null })
        .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.status, 'pending')));
      return null;
    },

    /**
     * Records a sent mail. Only for the claim that sent it (same attempt); an 'unknown' verdict
     * a later run gave while this mail was still on its way is corrected.
     */
    async markSent(
      row: Pick<DeliveryRow, 'id' | 'attempts'>,
      mailLogId: string,
      sentAt?: Date,
    ): Promise<void> {
      await db
        .update(newsletterDeliveries)
        .set({ status: 'sent', sentAt: sentAt ?? sql`now()`, mailLogId, error: null })
        .where(
          and(
            eq(newsletterDeliveries.id, row.id),
            eq(newsletterDeliveries.attempts, row.attempts),
            inArray(newsletterDeliveries.status, ['sending', 'unknown']),
          ),
        );
    },

    /** Ends a claim as 'failed' or 'unknown' (never mailed again), with the reason. */
    async markFinal(
      row: Pick<DeliveryRow, 'id' | 'attempts'>,
      status: 'failed' | 'unknown',
      error: string,
      mailLogId: string | null,
    ): Promise<void> {
      await db
        .update(newsletterDeliveries)
        .set({ status, error, mailLogId })
        .where(
          and(
            eq(newsletterDeliveries.id, row.id),
            eq(newsletterDeliveries.attempts, row.attempts),
            eq(newsletterDeliveries.status, 'sending'),
          ),
        );
    },

    /**
     * Puts a claim back to 'pending' to be tried again. The failed attempt's mail-log row stays
     * in the log (related to the send) but no longer holds the send's one-mail-per-address
     * index, so the next attempt can be logged: it failed, so nothing went out.
     */
    async markRetry(
      row: Pick<DeliveryRow, 'id' | 'attempts'>,
      error: string,
      failedLogId: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (failedLogId) {
          await tx
            .update(mailLog)
            .set({ newsletterId: null })
            .where(and(eq(mailLog.id, failedLogId), eq(mailLog.status, 'failed')));
        }
        await tx
          .update(newsletterDeliveries)
          .set({ status: 'pending', error })
          .where(
            and(
              eq(newsletterDeliveries.id, row.id),
              eq(newsletterDeliveries.attempts, row.attempts),
              eq(newsletterDeliveries.status, 'sending'),
            ),
          );
      });
    },

    /** A row left 'sending' whose mail never reached the mail log: nothing went out. */
    async releaseInterrupted(id: number): Promise<void> {
      await db
        .update(newsletterDeliveries)
        .set({ status: 'pending' })
        .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.status, 'sending')));
    },

    /** Whether any row of the send is still to be handled. */
    async hasRemaining(newsletterId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, newsletterId),
            inArray(newsletterDeliveries.status, ['pending', 'sending']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The send is done: 'sent', or 'failed' when nothing was sent and some failed. */
    async finish(newsletterId: string): Promise<NewsletterRow | null> {
      const counted = (await counts([newsletterId])).get(newsletterId) ?? emptyCounts();
      const status = counted.sent === 0 && counted.failed > 0 ? 'failed' : 'sent';
      const [row] = await db
        .update(newsletters)
        .set({ status, recipientsSent: counted.sent, finishedAt: sql`now()` })
        .where(
          and(
            eq(newsletters.id, newsletterId),
            inArray(newsletters.status, ['queued', 'sending']),
            isNull(newsletters.finishedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type SendsRepo = ReturnType<typeof createSendsRepo>;
