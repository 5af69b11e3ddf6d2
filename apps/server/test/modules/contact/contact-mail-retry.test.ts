import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailLog, outbox } from '../../../src/db/schema/index.ts';
import { freePort, startTestApp, type TestApp } from '../../support/helper.ts';

/**
 * A contact message whose mail fails is not lost: the outbox sends it again, with backoff,
 * until the SMTP server takes it, and then never again.
 */

let shop: TestApp;
let smtpPort: number;
let smtp: SMTPServer | undefined;
const delivered: string[] = [];

beforeAll(async () => {
  smtpPort = await freePort();
  shop = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SHOP_MAIL_TO: 'inbox@labshop.example',
    OUTBOX_POLL_SECONDS: '0.05',
    OUTBOX_RETRY_BASE_SECONDS: '0.05',
    OUTBOX_RETRY_MAX_SECONDS: '0.2',
  });
});
afterAll(async () => {
  await shop.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
}

async function mailsFor(relatedTo: string) {
  return shop.database.db.select().from(mailLog).where(eq(mailLog.relatedTo, relatedTo));
}

describe('a contact mail that failed', () => {
  it('is sent again from the outbox once the SMTP server is back, exactly once', async () => {
    const response = await fetch(`${shop.origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Maria Delgado',
        email: 'maria@brightline.example',
        phone: '+1 (419) 555-0199',
        inquiryType: 'sales',
        message: 'Do you ship the AG-210 to Canada?',
        companyFax: '',
      }),
    });
    expect(response.status).toBe(200);
    const [message] = await shop.database.db.select().from(contactMessages);
    const relatedTo = `contact:${message!.id}`;
    const [failed] = await mailsFor(relatedTo);
    expect(failed).toMatchObject({ status: 'failed', toAddress: 'inbox@labshop.example' });

    await startSmtp();
    const deadline = Date.now() + 15_000;
    while (!(await mailsFor(relatedTo)).some((mail) => mail.status === 'sent')) {
      if (Date.now() > deadline) throw new Error('the contact mail was never sent again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A few more polls: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const mails = await mailsFor(relatedTo);
    expect(mails.filter((mail) => mail.status === 'sent')).toHaveLength(1);
    expect(delivered).toEqual(['inbox@labshop.example']);
    const [job] = await shop.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'contact-mail'), eq(outbox.dedupeKey, `contact-mail:${message!.id}`)),
      );
    expect(job?.status).toBe('done');
  });
});
