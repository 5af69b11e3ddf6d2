import type { MailLogWriter } from './log.ts';
import { safeMessage, type Mailer } from './port.ts';

/**
 * Embedded mode (no SMTP_URL): nothing leaves the machine. Each mail is kept in mail_log with
 * status 'kept', where the admin's Mail screen shows what would have been sent.
 */
export function createDatabaseMailer(log: MailLogWriter, from: string): Mailer {
  return {
    transport: 'database',
    from,
    async send(message) {
      const safe = safeMessage(message);
      const logId = await log.insert(from, safe, 'kept', 'database');
      return { logId, status: 'kept', messageId: null };
    },
  };
}
