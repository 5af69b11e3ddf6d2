import nodemailer from 'nodemailer';
import type { MailLogWriter } from './log.ts';
import { MailError, safeMessage, type Mailer } from './port.ts';

export interface SmtpOptions {
  /** Longest wait for the connection, the greeting, and each exchange with the server. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The URL without its password, for messages and logs. */
export function redactSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    parsed.search = '';
    return parsed.href;
  } catch {
    return 'SMTP_URL';
  }
}

/**
 * Mail over SMTP with nodemailer (SMTP_URL: smtp://user:pass@host:587 with STARTTLS when the
 * server offers it, smtps://…:465 for TLS from the start). Each mail is logged 'queued' first,
 * then 'sent' with the server's message id, or 'failed' with the reason.
 */
export function createSmtpMailer(
  url: string,
  from: string,
  log: MailLogWriter,
  options: SmtpOptions = {},
): Mailer & { close(): void } {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const where = redactSmtpUrl(url);

  return {
    transport: 'smtp',
    from,
    async send(message) {
      const safe = safeMessage(message);
      const logId = await log.insert(from, safe, 'queued', 'smtp');
      try {
        const info = await transporter.sendMail({
          from,
          to: safe.toList,
          subject: safe.subject,
          text: safe.text,
          ...(safe.html ? { html: safe.html } : {}),
          ...(safe.replyTo
            ? {
                replyTo: safe.replyTo.name
                  ? { name: safe.replyTo.name, address: safe.replyTo.address }
                  : safe.replyTo.address,
              }
            : {}),
          headers: safe.headers,
        });
        const messageId = typeof info.messageId === 'string' ? info.messageId : null;
        await log.sent(logId, messageId);
        return { logId, status: 'sent', messageId };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const text = `SMTP ${where}: could not send: ${reason}`;
        await log.failed(logId, text);
        throw new MailError(text, logId, { cause: error });
      }
    },
    close() {
      transporter.close();
    },
  };
}
