import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { mailLog } from '../../../src/db/schema/index.ts';
import { createDatabaseMailer } from '../../../src/integrations/mail/database.ts';
import { createMailer } from '../../../src/integrations/mail/index.ts';
import { createMailLogWriter } from '../../../src/integrations/mail/log.ts';
import { MailError } from '../../../src/integrations/mail/port.ts';
import { createSmtpMailer } from '../../../src/integrations/mail/smtp.ts';
import { freePort, openTestDatabase } from '../../support/helper.ts';

/** The SMTP adapter against a real local SMTP server (smtp-server), and the embedded mail log. */
const FROM = 'labshop <no-reply@shop.labshop.example>';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
  user: string | undefined;
}

let database: DatabaseHandle;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  port = await freePort();
  smtp = new SMTPServer({
    // Plain SMTP on localhost: no certificate to trust in the test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await database.close();
});
beforeEach(async () => {
  received.length = 0;
  await database.db.delete(mailLog);
});

const smtpUrl = () => `smtp://shop:s3cret@127.0.0.1:${port}`;
const log = () => createMailLogWriter(database.db);

async function logRow(id: string) {
  const [row] = await database.db.select().from(mailLog).where(eq(mailLog.id, id));
  return row;
}

/** The unfolded value of one header in a raw message. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1];
}

describe('SMTP mailer', () => {
  it('delivers the mail with its from, to, subject, body and reply-to, and logs it as sent', async () => {
    const mailer = createSmtpMailer(smtpUrl(), FROM, log());
    try {
      const receipt = await mailer.send({
        to: 'sales@labshop.example',
        subject: 'Contact form: Sales from Maria Delgado',
        text: 'Name: Maria Delgado\nPlease call me about the AG-210.',
        replyTo: { name: 'Maria Delgado', address: 'maria@brightline.example' },
        relatedTo: 'contact:123',
        headers: { 'X-Labshop-Form': 'contact' },
      });

      expect(receipt.status).toBe('sent');
      expect(receipt.messageId).toMatch(/^<.+@.+>$/);
      expect(received).toHaveLength(1);
      const mail = received[0];
      expect(mail?.user).toBe('shop');
      expect(mail?.from).toBe('no-reply@shop.labshop.example');
      expect(mail?.to).toEqual(['sales@labshop.example']);
      expect(header(mail?.raw ?? '', 'From')).toBe('labshop <no-reply@shop.labshop.example>');
      expect(header(mail?.raw ?? '', 'To')).toBe('sales@labshop.example');
      expect(header(mail?.raw ?? '', 'Subject')).toBe('Contact form: Sales from Maria Delgado');
      expect(header(mail?.raw ?? '', 'Reply-To')).toBe('Maria Delgado <maria@brightline.example>');
      expect(header(mail?.raw ?? '', 'X-Labshop-Form')).toBe('contact');
      expect(header(mail?.raw ?? '', 'Message-ID')).toBe(receipt.messageId);
      expect(mail?.raw).toContain('Please call me about the AG-210.');

      const row = await logRow(receipt.logId);
      expect(row).toMatchObject({
        status: 'sent',
        transport: 'smtp',
        toAddress: 'sales@labshop.example',
        fromAddress: FROM,
        subject: 'Contact form: Sales from Maria Delgado',
        messageId: receipt.messageId,
        relatedTo: 'contact:123',
        error: null,
      });
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.headers).toMatchObject({
        'Reply-To': '"Maria Delgado" <maria@brightline.example>',
      });
    } finally {
      mailer.close();
    }
  });

  it('cannot be made to add headers or recipients through the subject or a name', async () => {
    const mailer = createSmtpMailer(smtpUrl(), FROM, log());
    try {
      await mailer.send({
        to: 'sales@labshop.example',
        subject: 'Hello\r\nBcc: victim@elsewhere.example',
        text: 'Body',
        replyTo: { name: 'Eve\r\nBcc: victim@elsewhere.example', address: 'eve@evil.example' },
        headers: { 'X-Note': 'one\r\nBcc: victim@elsewhere.example' },
      });
      const raw = received[0]?.raw ?? '';
      expect(received[0]?.to).toEqual(['sales@labshop.example']);
      expect(raw).not.toMatch(/^Bcc:/im);
      expect(header(raw, 'Subject')).toBe('Hello Bcc: victim@elsewhere.example');

      await expect(
        mailer.send({
          to: 'sales@labshop.example\r\nBcc: victim@elsewhere.example',
          subject: 'x',
          text: 'x',
        }),
      ).rejects.toBeInstanceOf(MailError);
      await expect(
        mailer.send({
          to: 'sales@labshop.example',
          subject: 'x',
          text: 'x',
          headers: { 'Bcc\r\nX': 'victim@elsewhere.example' },
        }),
      ).rejects.toThrow(/Header name not allowed/);
      expect(received).toHaveLength(1);
    } finally {
      mailer.close();
    }
  });

  it('logs a mail it could not send as failed, with a clear reason and no password', async () => {
    const downPort = await freePort();
    const mailer = createSmtpMailer(`smtp://shop:s3cret@127.0.0.1:${downPort}`, FROM, log(), {
      timeoutMs: 1000,
    });
    try {
      const attempt = mailer.send({ to: 'sales@labshop.example', subject: 'Down', text: 'x' });
      await expect(attempt).rejects.toBeInstanceOf(MailError);
      const error = (await attempt.catch((failure: unknown) => failure)) as MailError;
      expect(error.message).toMatch(
        new RegExp(
          `^SMTP smtp://shop:\\*\\*\\*@127\\.0\\.0\\.1:${downPort}: could not send: .*ECONNREFUSED`,
        ),
      );
      expect(error.message).not.toContain('s3cret');
      const row = await logRow(error.logId ?? '');
      expect(row).toMatchObject({
        status: 'failed',
        transport: 'smtp',
        subject: 'Down',
        sentAt: null,
      });
      expect(row?.error).toBe(error.message);
    } finally {
      mailer.close();
    }
  });

  it('logs a refused login as failed', async () => {
    const mailer = createSmtpMailer(`smtp://shop:wrong@127.0.0.1:${port}`, FROM, log());
    try {
      const error = (await mailer
        .send({ to: 'sales@labshop.example', subject: 'Auth', text: 'x' })
        .catch((failure: unknown) => failure)) as MailError;
      expect(error).toBeInstanceOf(MailError);
      expect(error.message).toMatch(/Invalid (login|username or password)/);
      expect((await logRow(error.logId ?? ''))?.status).toBe('failed');
      expect(received).toHaveLength(0);
    } finally {
      mailer.close();
    }
  });
});

describe('database mailer (embedded mode)', () => {
  it('keeps each mail in the mail log and sends nothing', async () => {
    const mailer = createDatabaseMailer(log(), FROM);
    const receipt = await mailer.send({
      to: 'sales@labshop.example',
      subject: 'Kept\nhere',
      text: 'Body text',
      html: '<p>Body text</p>',
      relatedTo: 'contact:9',
    });
    expect(receipt).toMatchObject({ status: 'kept', messageId: null });
    expect(await logRow(receipt.logId)).toMatchObject({
      status: 'kept',
      transport: 'database',
      fromAddress: FROM,
      subject: 'Kept here',
      textBody: 'Body text',
      htmlBody: '<p>Body text</p>',
      relatedTo: 'contact:9',
    });
    expect(received).toHaveLength(0);
  });

  it('is chosen by configuration: SMTP_URL sends, none keeps', async () => {
    const kept = createMailer(
      { from: FROM, shopTo: null, transport: { kind: 'database' } },
      database.db,
    );
    expect(kept.transport).toBe('database');
    const smtpMailer = createMailer(
      { from: FROM, shopTo: null, transport: { kind: 'smtp', url: smtpUrl() } },
      database.db,
    );
    try {
      expect(smtpMailer.transport).toBe('smtp');
      await smtpMailer.send({ to: 'a@b.example', subject: 's', text: 't' });
      expect(received).toHaveLength(1);
    } finally {
      smtpMailer.close();
    }
  });
});
