import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactData, contactMessages } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/outbox.ts';

/** The outbox job that sends a contact message's mail again after a failed send. */
export const CONTACT_MAIL_JOB = 'contact-mail';

export type ContactDataRow = typeof contactData.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export interface ContactDataValues {
  address: string;
  phone: string;
  email: string;
  latitude: number | null;
  longitude: number | null;
  /** The address the coordinates belong to; null when there are none. */
  geocodedAddress: string | null;
}

export interface ContactMessageValues {
  name: string;
  email: string;
  phone: string;
  inquiryType: 'general' | 'sales' | 'support' | 'other';
  message: string;
}

/** The single contact_data row and the contact_messages table. */
export function createContactRepo(db: Database) {
  return {
    async contactData(): Promise<ContactDataRow | null> {
      const [row] = await db.select().from(contactData).where(eq(contactData.id, 1)).limit(1);
      return row ?? null;
    },

    async saveContactData(values: ContactDataValues): Promise<ContactDataRow> {
      const [row] = await db
        .insert(contactData)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: contactData.id, set: { ...values, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('contact_data upsert returned no row');
      return row;
    },

    async insertMessage(values: ContactMessageValues): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values(values)
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact_messages insert returned no row');
      return row.id;
    },

    async messageById(id: string): Promise<ContactMessageRow | null> {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row ?? null;
    },

    /** Queues the message's mail to be sent again, retried with backoff (once per message). */
    async queueMailRetry(id: string): Promise<void> {
      await enqueue(db, {
        kind: CONTACT_MAIL_JOB,
        payload: { contactMessageId: id },
        dedupeKey: `${CONTACT_MAIL_JOB}:${id}`,
      });
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
