import { MAIL_LOG_PAGE_SIZE } from '@labshop/shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailLogService } from './service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { pageField } from '@labshop/shared/schemas/paging';

/** The admin mail log: GET /api/admin/mail?page= and GET /api/admin/mail/{id}. */

const entry = {
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['kept', 'queued', 'sent', 'failed']),
  transport: z.enum(['database', 'smtp']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  relatedTo: z.string().nullable(),
};

const MailLogPageSchema = z.object({ mails: z.array(z.object(entry)), total: z.number().int() });
const MailLogMessageSchema = z.object({
  ...entry,
  from: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
});

const MailLogQuery = z.object({
  page: pageField(),
});

const MailIdParams = z.object({ id: z.string() });

export async function mailRoutes(fastify: FastifyInstance, options: { mail: MailLogService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = adminErrorResponses;

  app.get(
    '/api/admin/mail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `The mail log, newest first, ${MAIL_LOG_PAGE_SIZE} per page`,
        querystring: MailLogQuery,
        response: { 200: MailLogPageSchema, ...errors },
      },
    },
    async (request) => {
      return options.mail.page(request.query.page);
    },
  );

  app.get(
    '/api/admin/mail/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One mail with its text',
        params: MailIdParams,
        response: { 200: MailLogMessageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      return options.mail.message(request.params.id);
    },
  );
}
