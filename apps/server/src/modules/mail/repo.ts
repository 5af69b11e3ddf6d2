import type { MailLogFilter } from '@labshop/shared/schemas/content';
import { and, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern, startsWithPattern } from '../../db/like.ts';
import { mailLog } from '../../db/schema/index.ts';

export type MailLogRow = typeof mailLog.$inferSelect;

function filterWhere(filter: MailLogFilter): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return and(
    pattern ? or(ilike(mailLog.toAddress, pattern), ilike(mailLog.subject, pattern)) : undefined,
    filter.status ? eq(mailLog.status, filter.status) : undefined,
    // 'newsletter:' does not take in 'newsletter-test:' or 'newsletter-signup:'.
    filter.kind ? like(mailLog.relatedTo, startsWithPattern(`${filter.kind}:`)) : undefined,
  );
}

/** Reads the mail log (integrations/mail writes it). */
export function createMailLogRepo(db: Database) {
  return {
    /** One page of the matching mails, newest first; ties broken by id so pages never overlap. */
    async page(
      filter: MailLogFilter,
      offset: number,
      limit: number,
    ): Promise<{ rows: MailLogRow[]; total: number }> {
      const where = filterWhere(filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(mailLog)
          .where(where)
          .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(mailLog).where(where),
      ]);
      return { rows, total: totals[0]?.value ?? 0 };
    },

    async byId(id: string): Promise<MailLogRow | null> {
      const [row] = await db.select().from(mailLog).where(eq(mailLog.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type MailLogRepo = ReturnType<typeof createMailLogRepo>;
