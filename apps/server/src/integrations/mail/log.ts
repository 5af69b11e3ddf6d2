import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailLog } from '../../db/schema/index.ts';
import { startsWithPattern } from '../../db/like.ts';
import { formatReplyTo, type MailMessage } from './port.ts';

/** Writes the mail_log rows the admin's Mail screen reads (modules/mail). */
export function createMailLogWriter(db: Database) {
  return {
    async insert(
      from: string,
      message: MailMessage,
      status: 'kept' | 'queued',
      transport: 'database' | 'smtp',
    ): Promise<string> {
      const replyTo = formatReplyTo(message.replyTo);
      const [row] = await db
        .insert(mailLog)
        .values({
          toAddress: message.to,
          fromAddress: from,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          headers: { ...(message.headers ?? {}), ...(replyTo ? { 'Reply-To': replyTo } : {}) },
          status,
          transport,
          relatedTo: message.relatedTo ?? null,
          newsletterId: message.newsletterId ?? null,
        })
        .returning({ id: mailLog.id });
      if (!row) throw new Error('mail_log insert returned no row');
      return row.id;
    },
    async sent(id: string, messageId: string | null): Promise<void> {
      await db
        .update(mailLog)
        .set({ status: 'sent', messageId, sentAt: new Date(), error: null })
        .where(eq(mailLog.id, id));
    },
    async failed(id: string, error: string): Promise<void> {
      await db.update(mailLog).set({ status: 'failed', error }).where(eq(mailLog.id, id));
    },
  };
}

export type MailLogWriter = ReturnType<typeof createMailLogWriter>;

/**
 * Whether a mail about `relatedTo` whose subject starts with `subjectPrefix` is in the log as
 * kept or sent: how a job that mails once (the order confirmation) knows it already did.
 */
export async function mailLogged(
  db: Database,
  relatedTo: string,
  subjectPrefix: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mailLog.id })
    .from(mailLog)
    .where(
      and(
        eq(mailLog.relatedTo, relatedTo),
        inArray(mailLog.status, ['kept', 'sent']),
        like(mailLog.subject, startsWithPattern(subjectPrefix)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
