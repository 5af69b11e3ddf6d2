import { QUOTE_MESSAGES } from '@labshop/shared/schemas/quotes';
import {
  AccountQuotesQuery,
  AdminQuotesAnswerSchema,
  AdminQuotesQuery,
  QuoteParams,
  QuoteRequestInput,
  QuoteSchema,
  QuotesAnswerSchema,
  QuoteUpdateInput,
} from '@labshop/shared/schemas/quotes-dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../../http/audit-context.ts';
import { adminErrorResponses, ErrorSchema } from '../../http/errors.ts';
import { perClientLimit } from '../../http/rate-limits.ts';
import { callerOf } from '../../http/access.ts';
import type { QuotesService } from './service.ts';

/**
 * Quotes (issue 37, beyond SPEC.md): the lab's side under /api/account/quotes (signed-in users,
 * each lab seeing only its own: another's is a 404, as if it did not exist) and the staff's
 * under /api/admin/quotes (administrators).
 */

const userErrors = { 400: ErrorSchema, 401: ErrorSchema };

export async function quotesRoutes(
  fastify: FastifyInstance,
  options: { quotes: QuotesService; requestLimit: { max: number; windowMs: number } },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { quotes } = options;

  app.get(
    '/api/account/quotes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: "A page of the lab's quotes, newest first",
        description:
          "The user's own quotes and those of their lab (the ERP customer of their verified e-mail). status expired: sent or accepted and unpaid, past its validity day.",
        querystring: AccountQuotesQuery,
        response: { 200: QuotesAnswerSchema, ...userErrors },
      },
    },
    async (request) => quotes.list(await callerOf(request), request.query.page),
  );

  app.post(
    '/api/account/quotes',
    {
      config: {
        access: 'user',
        // Each request mails the staff: a lab asks for a few a day, a burst is a script.
        rateLimit: perClientLimit({
          ...options.requestLimit,
          message: 'Too many quote requests. Please wait a few minutes and try again.',
        }),
      },
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a quote: lines, where to ship, a PO number and a message',
        description:
          "Lines are priced at today's wholesale prices for reference; the staff set the quoted prices. The staff are mailed. Limited per client IP (QUOTE_REQUEST_RATE_LIMIT_MAX in 10 minutes, 429).",
        body: QuoteRequestInput,
        response: { 201: QuoteSchema, 429: ErrorSchema, ...userErrors },
      },
    },
    async (request, reply) => {
      const quote = await quotes.request(await callerOf(request), request.body);
      return reply.code(201).send(quote);
    },
  );

  app.get(
    '/api/account/quotes/:number',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: "One of the lab's quotes",
        params: QuoteParams,
        response: { 200: QuoteSchema, 404: ErrorSchema, ...userErrors },
      },
    },
    async (request) => quotes.quote(await callerOf(request), request.params.number),
  );

  for (const verb of ['accept', 'decline'] as const) {
    app.post(
      `/api/account/quotes/:number/${verb}`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['quotes'],
          summary: `${verb === 'accept' ? 'Accept' : 'Decline'} a sent quote while it is valid`,
          description: `409 when the quote is not waiting for an answer or has expired${verb === 'accept' ? '. An accepted quote is paid at the checkout (process-payment with quoteNumber)' : ''}.`,
          params: QuoteParams,
          response: { 200: QuoteSchema, 404: ErrorSchema, 409: ErrorSchema, ...userErrors },
        },
      },
      async (request) => {
        const user = await callerOf(request);
        return verb === 'accept'
          ? quotes.accept(user, request.params.number)
          : quotes.decline(user, request.params.number);
      },
    );
  }

  app.get(
    '/api/admin/quotes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['quotes'],
        summary: 'A page of quotes, newest first, with a count per status',
        description:
          'search matches the quote number, e-mail, customer name, customer number and PO number; status filters by what the quote is now.',
        querystring: AdminQuotesQuery,
        response: { 200: AdminQuotesAnswerSchema, ...adminErrorResponses },
      },
    },
    async (request) => quotes.adminList(request.query),
  );

  app.get(
    '/api/admin/quotes/:number',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['quotes'],
        summary: 'One quote',
        params: QuoteParams,
        response: { 200: QuoteSchema, 404: ErrorSchema, ...adminErrorResponses },
      },
    },
    async (request) => quotes.adminQuote(request.params.number),
  );

  app.put(
    '/api/admin/quotes/:number',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['quotes'],
        summary: "Set a quote's lines, prices, freight, validity and note",
        description: `The whole quote: lines left out are removed, new product numbers added. Audited. ${QUOTE_MESSAGES.closed} (409).`,
        params: QuoteParams,
        body: QuoteUpdateInput,
        response: {
          200: QuoteSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) =>
      quotes.update(request.params.number, request.body, await auditContextOf(request)),
  );

  app.post(
    '/api/admin/quotes/:number/send',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['quotes'],
        summary: 'Send the quote to the lab (again): a mail with its link',
        description:
          'Needs a validity date from today on. 409 for an accepted or declined quote. Audited.',
        params: QuoteParams,
        response: {
          200: QuoteSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => quotes.send(request.params.number, await auditContextOf(request)),
  );
}
