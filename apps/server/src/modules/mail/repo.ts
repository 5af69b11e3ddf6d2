import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailLog } from '../../db/schema/index.ts';

export type MailLogRow = typeof mailLog.$inferSelect;

/** Reads the mail log (integrations/mail writes it). */
export function createMailLogRepo(db: Database) {
  return {
    /** One page, newest first; ties broken by id so pages never overlap. */
    async page(offset: number, limit: number): Promise<{ rows: MailLogRow[]; total: number }> {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(mailLog)
          .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(mailLog),
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
