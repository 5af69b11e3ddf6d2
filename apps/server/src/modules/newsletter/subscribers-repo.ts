import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { newsletterSubscribers, type SUBSCRIBER_SOURCES } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/outbox.ts';

/** The outbox job that mails a public sign-up its confirmation link. */
export const SIGNUP_MAIL_JOB = 'newsletter-confirm-mail';
/** One confirmation mail per address per this long, however often the form is sent. */
const SIGNUP_MAIL_BUCKET_MS = 60 * 60 * 1000;

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

export interface NewSubscriber {
  displayName: string;
  email: string;
  source: SubscriberSource;
}

function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(newsletterSubscribers.displayName, pattern),
    ilike(newsletterSubscribers.email, pattern),
  );
}

/** Addresses are one subscriber whatever their case (the unique index is on lower(email)). */
const sameEmail = (email: string) =>
  eq(sql`lower(${newsletterSubscribers.email})`, email.trim().toLowerCase());

/** Newest first; the id only makes the order of equal times stable. */
const newestFirst = [desc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id)];

/** The newsletter_subscribers table, and the sign-up's confirmation mail job. */
export function createSubscribersRepo(db: Database) {
  async function byEmail(email: string): Promise<SubscriberRow | null> {
    const [row] = await db.select().from(newsletterSubscribers).where(sameEmail(email)).limit(1);
    return row ?? null;
  }

  return {
    byEmail,

    /** A page of the subscribers matching `search` (name or e-mail) and how many match. */
    async page(
      search: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: SubscriberRow[]; total: number; subscribed: number }> {
      const where = searchWhere(search);
      const rows = await db
        .select()
        .from(newsletterSubscribers)
        .where(where)
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset);
      // A short first page holds every match: it tells both counts without counting.
      if (page.offset === 0 && rows.length < page.limit) {
        return {
          rows,
          total: rows.length,
          subscribed: rows.filter((row) => row.subscribed).length,
        };
      }
      const [counts] = await db
        .select({
          total: count(),
          subscribed:
            sql<number>`count(*) filter (where ${newsletterSubscribers.subscribed})`.mapWith(
              Number,
            ),
        })
        .from(newsletterSubscribers)
        .where(where);
      return { rows, total: counts?.total ?? 0, subscribed: counts?.subscribed ?? 0 };
    },

    /**
     * Every subscriber matching `search`, in the list's order, for the CSV. One statement, so
     * the file is one consistent snapshot; a row is four short fields, so even a list of
     * 100,000 addresses is a few megabytes.
     */
    async all(search: string): Promise<SubscriberRow[]> {
      return db
        .select()
        .from(newsletterSubscribers)
        .where(searchWhere(search))
        .orderBy(...newestFirst);
    },

    /**
     * Adds a subscribed address; null when the address is already on the list, in any case. The unique
     * index decides, so two requests racing for one address make one row, never two.
     */
    async insert(values: NewSubscriber): Promise<SubscriberRow | null> {
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ ...values, subscribed: true })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /**
     * Subscribes or unsubscribes the address; answers the row as it is now, or null when the
     * address is not on the list. Only a real change is written, so unsubscribed_at keeps the
     * moment the address first left.
     */
    async setSubscribed(email: string, subscribed: boolean): Promise<SubscriberRow | null> {
      const [changed] = await db
        .update(newsletterSubscribers)
        .set({ subscribed, unsubscribedAt: subscribed ? null : sql`now()` })
        .where(and(sameEmail(email), eq(newsletterSubscribers.subscribed, !subscribed)))
        .returning();
      return changed ?? byEmail(email);
    },

    /**
     * Queues the confirmation mail of a public sign-up. At most one per address per hour: the
     * form cannot be used to flood someone's inbox.
     */
    async queueSignupMail(email: string, displayName: string, now = Date.now()): Promise<boolean> {
      const address = email.trim().toLowerCase();
      const bucket = Math.floor(now / SIGNUP_MAIL_BUCKET_MS);
      return enqueue(db, {
        kind: SIGNUP_MAIL_JOB,
        payload: { email: email.trim(), displayName },
        dedupeKey: `${SIGNUP_MAIL_JOB}:${address}:${bucket}`,
      });
    },
  };
}

export type SubscribersRepo = ReturnType<typeof createSubscribersRepo>;
