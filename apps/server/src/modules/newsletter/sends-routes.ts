import {
  NEWSLETTER_FAILURES_LISTED,
  NEWSLETTER_SENDS_PAGE_SIZE,
  NewsletterInput,
  NewsletterPreviewSchema,
  NewsletterQueuedSchema,
  NewsletterSendSchema,
  NewsletterSendsAnswerSchema,
} from '@labshop/shared/schemas/newsletter';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewsletterSendsService } from './sends-service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { pageField } from '@labshop/shared/schemas/paging';

/**
 * Sending newsletters (SPEC.md POST /api/newsletter) and their progress (ours: the list of
 * sends and one send, the preview and the test copy to oneself). Admin only.
 */

const errors = adminErrorResponses;

const SendsQuery = z.object({
  page: pageField(),
});

/** Any text: an id that is not a send's (not even a UUID) is 404, like an unknown one. */
const SendParams = z.object({ id: z.string() });

/** The admin who sends, as the list names them: e-mail, else name, else subject. */
async function whoIs(request: FastifyRequest): Promise<string> {
  const user = await request.currentUser();
  return user?.email || user?.name || user?.subject || 'unknown';
}

export async function newsletterSendRoutes(
  fastify: FastifyInstance,
  options: { sends: NewsletterSendsService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sends } = options;

  app.post(
    '/api/newsletter',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Sends a newsletter to every subscribed address (queued; answers at once)',
        description:
          'content is HTML, sanitised as text pages are (blank after that is 400). Every subscribed address at this moment gets one mail, sent in batches by the job worker; GET /api/newsletters/{id} shows the progress. 409 when nobody is subscribed, or when the same subject and content is still being sent or was sent in the last 10 minutes.',
        body: NewsletterInput,
        response: { 202: NewsletterQueuedSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const queued = await sends.queue(
        request.body,
        await whoIs(request),
        await auditContextOf(request),
      );
      return reply.code(202).send(queued);
    },
  );

  app.post(
    '/api/newsletter/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'The newsletter as a recipient gets it, for the signed-in admin; nothing is sent',
        description:
          'The content sanitised as a send stores it, in the mail layout with the footer and an unsubscribe link for the admin. Show html in a sandboxed frame.',
        body: NewsletterInput,
        response: { 200: NewsletterPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return sends.preview(request.body, user?.email || 'you@example.com');
    },
  );

  app.post(
    '/api/newsletter/test',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: "Sends one test copy to the signed-in admin's e-mail",
        description:
          "Through the shop's mailer (it shows in the mail log), the subject starting with [Test]. Nothing is queued and no newsletter is marked sent. 400 when the admin's account has no e-mail; 503 when the mailer refuses it.",
        body: NewsletterInput,
        response: { 200: z.object({ message: z.string() }), ...errors, 503: ErrorSchema },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return sends.sendTest(request.body, user?.email || null);
    },
  );

  app.get(
    '/api/newsletters',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: `The newsletters sent, newest first, ${NEWSLETTER_SENDS_PAGE_SIZE} per page, with their progress`,
        querystring: SendsQuery,
        response: { 200: NewsletterSendsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      return sends.list(request.query.page);
    },
  );

  app.get(
    '/api/newsletters/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'One newsletter send: its status and how many were sent, failed, skipped or left',
        description: `skipped: unsubscribed after the send was queued. unknown: the server stopped while the mail was being handed over; it is not sent again. failures lists the first ${NEWSLETTER_FAILURES_LISTED} failed addresses with the reason.`,
        params: SendParams,
        response: { 200: NewsletterSendSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      return sends.detail(request.params.id);
    },
  );
}
