import {
  AccountAnswerSchema,
  AccountOrderParams,
  AccountOrderSchema,
  AccountOrdersAnswerSchema,
  AccountOrdersQuery,
  ReorderAnswerSchema,
} from '@labshop/shared/schemas/account-dto';
import { ACCOUNT_ORDERS_PAGE_SIZE } from '@labshop/shared/schemas/account';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../http/errors.ts';
import { documentLimit } from '../../http/rate-limits.ts';
import { callerOf } from '../../http/access.ts';
import type { AccountService } from './service.ts';

/**
 * The lab's account (issue 36): for signed-in users only, each answering with the caller's own
 * lab's data; another lab's order is answered 404, as if it did not exist.
 */

const errors = { 400: ErrorSchema, 401: ErrorSchema };

export async function accountRoutes(
  fastify: FastifyInstance,
  options: { account: AccountService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { account } = options;

  app.get(
    '/api/account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          "The signed-in user and their lab (the ERP customer with the user's verified e-mail)",
        response: { 200: AccountAnswerSchema, ...errors },
      },
    },
    async (request) => account.account(await callerOf(request)),
  );

  app.get(
    '/api/account/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "The lab's placed orders, newest first, a page at a time",
        description: `Orders the user placed, placed with their verified e-mail, or of their lab's customer number; ${ACCOUNT_ORDERS_PAGE_SIZE} to a page. search matches the order number, the PO number or a product number of its lines, ignoring case.`,
        querystring: AccountOrdersQuery,
        response: { 200: AccountOrdersAnswerSchema, ...errors },
      },
    },
    async (request) =>
      account.orders(await callerOf(request), {
        ...request.query,
        pageSize: ACCOUNT_ORDERS_PAGE_SIZE,
      }),
  );

  app.get(
    '/api/account/orders/:number',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "One of the lab's orders: lines, prices paid, ship-to address and its timeline",
        params: AccountOrderParams,
        response: { 200: AccountOrderSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => account.order(await callerOf(request), request.params.number),
  );

  app.get(
    '/api/account/orders/:number/document.pdf',
    {
      config: { access: 'user', rateLimit: documentLimit() },
      schema: {
        tags: ['account'],
        summary: "The order's invoice, or before it is invoiced its receipt, as a PDF",
        description:
          "Business Central's own invoice document once the order is invoiced there; with the built-in ERP the shop's invoice; before the invoice, the shop's receipt of the payment. 503 when Business Central cannot be reached for its invoice; 429 past 60 downloads from one client in 10 minutes.",
        params: AccountOrderParams,
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('application/pdf'),
          404: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const document = await account.document(await callerOf(request), request.params.number);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${document.filename.replace(/[^\w.-]/g, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(document.bytes));
    },
  );

  app.get(
    '/api/account/orders/:number/reorder',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "What 'Buy again' puts in the cart, and what it leaves out and why",
        description:
          "The order's products still for sale with its quantities (the cart prices them at today's prices); deleted and 'Not Available' products are listed in leftOut. Changes nothing: the browser or the page's action writes the cart cookie.",
        params: AccountOrderParams,
        response: { 200: ReorderAnswerSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => account.reorder(await callerOf(request), request.params.number),
  );
}
