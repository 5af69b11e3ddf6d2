import {
  MAIL_KIND_VALUES,
  MAIL_LOG_PAGE_SIZE,
  MAIL_LOG_SEARCH_MAX_LENGTH,
  MAIL_STATUSES,
  MailLogMessageDtoSchema,
  MailLogPageDtoSchema,
} from '@labshop/shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailLogService } from './service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { pageField } from '@labshop/shared/schemas/paging';

/**
 * The admin mail log: GET /api/admin/mail?page=&search=&status=&kind= and
 * GET /api/admin/mail/{id}.
 */

const MailLogQuery = z.object({
  page: pageField(),
  search: z
    .string({ error: 'search must be given once, as text.' })
    .trim()
    .max(
      MAIL_LOG_SEARCH_MAX_LENGTH,
      `The search must be at most ${MAIL_LOG_SEARCH_MAX_LENGTH} characters.`,
    )
    .default(''),
  status: z
    .enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}.` })
    .optional(),
  kind: z
    .enum(MAIL_KIND_VALUES, { error: `kind must be one of ${MAIL_KIND_VALUES.join(', ')}.` })
    .optional(),
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
        description:
          'search matches part of the recipient or the subject, ignoring case; status and kind (what the mail was about) filter; total counts every match.',
        querystring: MailLogQuery,
        response: { 200: MailLogPageDtoSchema, ...errors },
      },
    },
    async (request) => {
      const { page, search, status, kind } = request.query;
      return options.mail.page(page, { search, status: status ?? '', kind: kind ?? '' });
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
        response: { 200: MailLogMessageDtoSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      return options.mail.message(request.params.id);
    },
  );
}
