import {
  MAIL_LOG_PAGE_SIZE,
  type MailLogFilter,
  type MailLogEntryDto,
  type MailLogMessageDto,
  type MailLogPageDto,
} from '@labshop/shared/schemas/content';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import type { MailLogRepo, MailLogRow } from './repo.ts';

export const MAIL_LOG_MESSAGES = {
  notFound: 'There is no mail with this id.',
} as const;

function toEntry(row: MailLogRow): MailLogEntryDto {
  return {
    _id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    relatedTo: row.relatedTo,
  };
}

/** The admin's Mail screen: every mail the shop sent or, in embedded mode, kept. */
export function createMailLogService(repo: MailLogRepo) {
  return {
    /** A page of the mails matching `filter` (recipient or subject, status, kind). */
    async page(page: number, filter: MailLogFilter): Promise<MailLogPageDto> {
      const { rows, total } = await repo.page(
        filter,
        (page - 1) * MAIL_LOG_PAGE_SIZE,
        MAIL_LOG_PAGE_SIZE,
      );
      return { mails: rows.map(toEntry), total };
    },

    async message(id: string): Promise<MailLogMessageDto> {
      const row = isUuid(id) ? await repo.byId(id) : null;
      if (!row) throw new AppError('not_found', MAIL_LOG_MESSAGES.notFound);
      return {
        ...toEntry(row),
        from: row.fromAddress,
        textBody: row.textBody,
        htmlBody: row.htmlBody,
      };
    },
  };
}

export type MailLogService = ReturnType<typeof createMailLogService>;
