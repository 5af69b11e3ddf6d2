import formbody from '@fastify/formbody';
import {
  AddSubscriberInput,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  NewsletterConfirmInput,
  NewsletterSignupInput,
  SUBSCRIBERS_DEFAULT_LIMIT,
  SUBSCRIBERS_MAX_LIMIT,
  SubscriberChangeSchema,
  SubscriberEmailInput,
  SubscribersAnswerSchema,
  SubscribersQuery,
} from '@labshop/shared/schemas/newsletter';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv.ts';
import { perClientLimit, exportLimit } from '../../http/rate-limits.ts';
import { SUBSCRIBERS_CSV_FILENAME, type SubscribersService } from './subscribers-service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { auditContextOf } from '../../http/audit-context.ts';

/**
 * The newsletter's subscribers: SPEC.md's GET /api/newsletter-subscribers,
 * GET /api/export-subscribers, unsubscribe and POST /api/add-subscriber (admin), our
 * POST /api/subscribe (admin), and the public sign-up, its confirmation and the signed
 * unsubscribe link (POST /api/newsletter/signup, /confirm, /unsubscribe). SPEC.md's unsubscribe
 * is a GET with the address in the query; a GET changes nothing here (a link or an image on
 * another site could send it with the session cookie), so the change is POST /api/unsubscribe
 * and the GET answers 405 saying so.
 */

const adminErrors = adminErrorResponses;
const MessageSchema = z.object({ message: z.string() });

/** Ours: the sign-up form's answer when one client sends it too often. */
export const SIGNUP_TOO_MANY =
  'Too many sign-ups from your network. Please try again in a few minutes.';
/** Ours: the confirmation page's answer when one client confirms too often. */
export const CONFIRM_TOO_MANY =
  'Too many confirmations from your network. Please try again in a few minutes.';

/** Ours: the answer to SPEC.md's GET /api/unsubscribe, which would change data on a GET. */
export const UNSUBSCRIBE_IS_POST =
  'Unsubscribing is not done on GET. Send POST /api/unsubscribe with the address as JSON: { "email": "..." }.';

const SEARCH_MESSAGE = `The search must be at most ${NEWSLETTER_LIMITS.search} characters.`;
const search = z
  .string({ error: 'search must be given once, as text.' })
  .trim()
  .max(NEWSLETTER_LIMITS.search, SEARCH_MESSAGE)
  .default('');

/** SubscribersQuery with a message a person can act on for each bad value. */
const ListQuery = SubscribersQuery.extend({ search });

const ExportQuery = z.object({ search });

/**
 * The signed link's query. Both are plain text here: a link with either missing or altered is
 * refused as not valid (403), whatever is wrong with it.
 */
const SignedLinkQuery = z.object({
  email: z.string().max(NEWSLETTER_LIMITS.email).optional().default(''),
  sig: z.string().max(200).optional().default(''),
});

export async function subscribersRoutes(
  fastify: FastifyInstance,
  options: {
    subscribers: SubscribersService;
    signupRateLimit: { max: number; windowMs: number };
    confirmRateLimit: { max: number; windowMs: number };
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { subscribers } = options;

  app.get(
    '/api/newsletter-subscribers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'A page of the newsletter subscribers, newest first, with the number of matches',
        description: `page (default 1) and limit (default ${SUBSCRIBERS_DEFAULT_LIMIT}, at most ${SUBSCRIBERS_MAX_LIMIT}); search matches part of the name or the e-mail, ignoring case (% and _ are plain characters). total counts every match; subscribed, the matches that receive the newsletter.`,
        querystring: ListQuery,
        response: { 200: SubscribersAnswerSchema, ...adminErrors },
      },
    },
    async (request) => {
      return subscribers.list(request.query);
    },
  );

  app.get(
    '/api/export-subscribers',
    {
      config: { access: 'admin', rateLimit: exportLimit() },
      schema: {
        tags: ['newsletter'],
        summary: `Downloads ${SUBSCRIBERS_CSV_FILENAME}: every subscriber matching search`,
        description:
          "Columns displayName, email, subscribed, createdAt; every match, not one page, newest first. RFC 4180 CSV with CRLF line ends; a cell starting with =, +, -, @, tab or CR is prefixed with ' so spreadsheets show it as text.",
        querystring: ExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...adminErrors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        SUBSCRIBERS_CSV_FILENAME,
        await subscribers.exportCsv(request.query.search, await auditContextOf(request)),
      ),
  );

  app.get(
    '/api/unsubscribe',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Changes nothing: unsubscribing is POST /api/unsubscribe',
        description:
          "SPEC.md's call, kept so that a caller learns where the change went: always 405 with Allow: POST. Unsubscribing is POST /api/unsubscribe with { email }.",
        response: { 405: ErrorSchema, ...adminErrors },
      },
    },
    async (_request, reply) =>
      reply.code(405).header('allow', 'POST').send({ error: UNSUBSCRIBE_IS_POST }),
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary:
          'Unsubscribes an address (the admin\'s "Unsubscribe" form and the table\'s button)',
        description:
          'Answers the message and the subscriber as it is now; an address already unsubscribed stays so (200). 404 when the address is not on the list.',
        body: SubscriberEmailInput,
        response: { 200: SubscriberChangeSchema, ...adminErrors, 404: ErrorSchema },
      },
    },
    async (request) => {
      return subscribers.unsubscribe(request.body.email, await auditContextOf(request));
    },
  );

  app.post(
    '/api/subscribe',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribes an address on the list again (the table\'s "Subscribe")',
        description:
          'Answers the message and the subscriber as it is now; an address already subscribed stays so (200). 404 when the address is not on the list.',
        body: SubscriberEmailInput,
        response: { 200: SubscriberChangeSchema, ...adminErrors, 404: ErrorSchema },
      },
    },
    async (request) => {
      return subscribers.subscribe(request.body.email, await auditContextOf(request));
    },
  );

  app.post(
    '/api/add-subscriber',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Adds a subscriber (the admin\'s "Add subscriber" form)',
        description:
          'displayName and a valid e-mail. 409 when the address is already on the list, in any letter case, subscribed or not: never a second row.',
        body: AddSubscriberInput,
        response: { 201: SubscriberChangeSchema, ...adminErrors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      return reply
        .code(201)
        .send(await subscribers.add(request.body, await auditContextOf(request)));
    },
  );

  app.post(
    '/api/newsletter/signup',
    {
      config: {
        access: 'public',
        rateLimit: perClientLimit({ ...options.signupRateLimit, message: SIGNUP_TOO_MANY }),
      },
      schema: {
        tags: ['newsletter'],
        summary: 'Signs up for the newsletter (the footer form): sends a confirmation link',
        description:
          'Always 202 with the same message, so the form never tells who is on the list. The address is mailed a signed confirmation link (at most one an hour; none when it is already subscribed) and is subscribed only once the link is used. companyFax is the hidden trap field: filled, nothing is sent. Limited per client IP (429 with Retry-After).',
        body: NewsletterSignupInput,
        response: { 202: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await subscribers.signup(request.body, { ip: request.ip });
      return reply.code(202).send({ message: NEWSLETTER_MESSAGES.signupThanks });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      config: {
        access: 'public',
        rateLimit: perClientLimit({ ...options.confirmRateLimit, message: CONFIRM_TOO_MANY }),
      },
      schema: {
        tags: ['newsletter'],
        summary: "Confirms a sign-up with the confirmation link's fields",
        description:
          'email, name, expires and sig exactly as in the link. Subscribes the address (again); confirming twice changes nothing. 403 when the signature does not match, 410 when the link has expired. Limited per client IP (429 with Retry-After).',
        body: NewsletterConfirmInput,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          410: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      await subscribers.confirm(request.body);
      return { message: NEWSLETTER_MESSAGES.signupConfirmed };
    },
  );

  // Its own scope: only this route reads form bodies (mail providers' one-click unsubscribe).
  await app.register(async (scope) => {
    // RFC 8058 sends `List-Unsubscribe=One-Click` as a form; the body is not needed, so small.
    await scope.register(formbody, { bodyLimit: 1024 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/newsletter/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['newsletter'],
          summary: "Unsubscribes through a newsletter's signed link",
          description:
            'email and sig from the link. Takes no body, a JSON body, or the one-click form body List-Unsubscribe=One-Click (RFC 8058, sent by mail providers); the body is not read. A valid signature always answers 200, whether or not the address is on the list; a missing or wrong one is 403 and changes nothing.',
          querystring: SignedLinkQuery,
          response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        await subscribers.unsubscribeBySignedLink(request.query.email, request.query.sig);
        return { message: NEWSLETTER_MESSAGES.unsubscribedPage };
      },
    );
  });
}
