import {
  CustomerOrdersAnswerSchema,
  CustomerOrdersQuery,
  ORDER_HISTORY_CSV_COLUMNS,
  OrderHistoryAnswerSchema,
  OrderHistoryEntrySchema,
  OrderHistoryExportQuery,
  OrderHistoryQuery,
} from '@labshop/shared/schemas/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportLimit } from '../../http/rate-limits.ts';
import { sendCsv } from '../../http/csv.ts';
import { ORDER_HISTORY_CSV_FILENAME, type OrdersService } from './service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { auditContextOf } from '../../http/audit-context.ts';

/**
 * SPEC.md's orders calls (GET /api/order-history and its CSV export), plus ours: one order and
 * the retry of its ERP sync. Admin only.
 */

const errors = adminErrorResponses;

const OrderNumberParams = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'An order number is required.')
    .max(40, 'The order number is too long.'),
});

const SEARCH_DESCRIPTION =
  'search matches the order number, customer number, customer name or e-mail, ignoring case.';

export async function ordersRoutes(fastify: FastifyInstance, options: { orders: OrdersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders } = options;

  app.get(
    '/api/order-history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Orders of every status with cart, shipping, payment and ERP sync, newest first',
        description: `Amounts are dollars; amount is as charged (after discount). total counts every match. ${SEARCH_DESCRIPTION}`,
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistoryAnswerSchema, ...errors },
      },
    },
    async (request) => {
      return orders.history(request.query);
    },
  );

  app.get(
    '/api/order-history/export',
    {
      config: { access: 'admin', rateLimit: exportLimit() },
      schema: {
        tags: ['orders'],
        summary: `Downloads ${ORDER_HISTORY_CSV_FILENAME}: every order matching search, newest first`,
        description: `RFC 4180 CSV with CRLF line ends and the ${ORDER_HISTORY_CSV_COLUMNS.length} columns ${ORDER_HISTORY_CSV_COLUMNS.join(', ')}. cart is "title x quantity @ price" per item joined by "; "; amount has two decimals; createdAt is ISO 8601 in UTC. A cell starting with =, +, -, @, tab or CR is prefixed with ' so spreadsheets show it as text. ${SEARCH_DESCRIPTION}`,
        querystring: OrderHistoryExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        ORDER_HISTORY_CSV_FILENAME,
        await orders.exportCsv(request.query.search, await auditContextOf(request)),
      ),
  );

  app.get(
    '/api/admin/customer-orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: "How many paid orders the shop has from each customer's e-mail",
        description:
          'For the Customers cards: one entry per email asked (repeat the parameter, at most 50), with the paid orders placed with it (ignoring case) and when the latest was paid.',
        querystring: CustomerOrdersQuery,
        response: { 200: CustomerOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => orders.customerOrders(request.query.email),
  );

  app.get(
    '/api/admin/orders/:number',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'One order as the order history shows it',
        params: OrderNumberParams,
        response: { 200: OrderHistoryEntrySchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      return orders.order(request.params.number);
    },
  );

  app.post(
    '/api/admin/orders/:number/retry-sync',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: "Runs a paid order's ERP sync again now (a waiting or dead job; fresh attempts)",
        description:
          'Answers the order as the history shows it, its sync pending again; a synced order is left as it is. 404 unknown order; 409 an order that is not paid.',
        params: OrderNumberParams,
        response: { 200: OrderHistoryEntrySchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      return orders.retrySync(request.params.number, await auditContextOf(request));
    },
  );

  for (const step of ['shipped', 'invoiced'] as const) {
    app.post(
      `/api/admin/orders/:number/mark-${step}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary: `Marks a synced order ${step} in the built-in ERP (embedded mode)`,
          description: `What posting ${step === 'shipped' ? 'a shipment' : 'an invoice'} is in Business Central: the whole order, numbered after its sales order; marking again changes nothing. Answers the order as the history shows it. 404 unknown order; 409 with Business Central (which posts them itself), an order not yet in the ERP${step === 'invoiced' ? ', or one not yet shipped' : ''}.`,
          params: OrderNumberParams,
          response: {
            200: OrderHistoryEntrySchema,
            404: ErrorSchema,
            409: ErrorSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const context = await auditContextOf(request);
        return step === 'shipped'
          ? orders.markShipped(request.params.number, context)
          : orders.markInvoiced(request.params.number, context);
      },
    );
  }
}
