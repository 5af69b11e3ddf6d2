import type { MailConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { createDatabaseMailer } from './database.ts';
import { createMailLogWriter } from './log.ts';
import type { Mailer } from './port.ts';
import { createSmtpMailer } from './smtp.ts';

/** The configured mail: kept in the database (embedded), or sent over SMTP with SMTP_URL. */
export function createMailer(config: MailConfig, db: Database): Mailer & { close(): void } {
  const log = createMailLogWriter(db);
  switch (config.transport.kind) {
    case 'database':
      return { ...createDatabaseMailer(log, config.from), close() {} };
    case 'smtp':
      return createSmtpMailer(config.transport.url, config.from, log);
  }
}
