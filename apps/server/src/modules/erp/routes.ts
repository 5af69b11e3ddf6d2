import {
  CUSTOMER_SEARCH_MAX_LENGTH,
  CustomersAnswerSchema,
  ERP_SYNC_KINDS,
  ERP_SYNCS_PAGE_SIZE,
  ErpSyncDetailSchema,
  ErpSyncListSchema,
  ErpSyncSummarySchema,
  PricePreviewSchema,
  PriceSyncRequestSchema,
  PriceSyncResultSchema,
} from '@labshop/shared/schemas/erp';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportLimit } from '../../http/rate-limits.ts';
import { sendCsv } from '../../http/csv.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { CUSTOMERS_CSV_FILENAME, type CustomersService } from './customers-service.ts';
import type { SyncLedger } from './ledger.ts';
import type { PriceSyncService } from './price-sync-service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { pageField } from '@labshop/shared/schemas/paging';

/**
 * The business system as the admin sees it: SPEC.md's customers call and price sync
 * (POST /api/products/update-prices), plus ours: the customer copy's refresh and CSV export,
 * the price sync's preview, and the sync ledger. Admin only.
 */

const errors = adminErrorResponses;

const KIND_MESSAGE = `kind must be one of: ${ERP_SYNC_KINDS.join(', ')}.`;
const kind = z.enum(ERP_SYNC_KINDS, { error: KIND_MESSAGE });

const SyncsQuery = z.object({
  kind: kind.optional(),
  page: pageField(),
});

const CurrentQuery = z.object({ kind: kind.default('prices') });

/** Any text: an id that is not a sync's (not even a UUID) is 404, like an unknown one. */
const SyncParams = z.object({ id: z.string() });

const SEARCH_MESSAGE = `The search must be at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters.`;
const ExportQuery = z.object({
  search: z
    .string({ error: 'search must be given once, as text.' })
    .max(CUSTOMER_SEARCH_MAX_LENGTH, SEARCH_MESSAGE)
    .default(''),
});

/** The admin who starts a sync, as the ledger names them: e-mail, else name, else subject. */
async function whoIs(request: FastifyRequest): Promise<string> {
  const user = await request.currentUser();
  return user?.email || user?.name || user?.subject || 'unknown';
}

export async function erpRoutes(
  fastify: FastifyInstance,
  options: { customers: CustomersService; prices: PriceSyncService; ledger: SyncLedger },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { customers, prices, ledger } = options;

  app.get(
    '/api/customers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: "The ERP's customers (the ten fields in value), from our copy",
        description:
          'Answers at once from the copy in our database; refreshedAt says when it was last refreshed from the ERP and refreshError why the last refresh failed, when it failed after that.',
        response: { 200: CustomersAnswerSchema, ...errors },
      },
    },
    async () => {
      return customers.list();
    },
  );

  app.post(
    '/api/customers/refresh',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: 'Refreshes the customer copy from the ERP and answers it (as GET /api/customers)',
        description:
          'Every ERP customer replaces the copy in one transaction; recorded in the sync ledger (kind customers). 409 while another refresh runs; 503 when the ERP cannot be reached (the copy is kept).',
        response: {
          200: CustomersAnswerSchema,
          ...errors,
          409: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      return customers.refresh(await whoIs(request), await auditContextOf(request));
    },
  );

  app.get(
    '/api/customers/export',
    {
      config: { access: 'admin', rateLimit: exportLimit() },
      schema: {
        tags: ['erp'],
        summary: `Downloads ${CUSTOMERS_CSV_FILENAME}: the ten fields of every customer matching search`,
        description:
          "RFC 4180 CSV with CRLF line ends; a cell starting with =, +, -, @, tab or CR is prefixed with ' so spreadsheets show it as text. search matches any of the ten fields, case-insensitively (as the screen does).",
        querystring: ExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        CUSTOMERS_CSV_FILENAME,
        await customers.exportCsv(request.query.search, await auditContextOf(request)),
      ),
  );

  app.post(
    '/api/products/update-prices',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp', 'catalogue'],
        summary: 'Updates every product\'s prices from the ERP ("Sync All Prices from BC")',
        description:
          "Empty body (the spec's call), or { confirmation } from the preview the admin confirmed: then nothing is written, and the answer is 409, unless the sync would make exactly that preview's changes. Each product takes the mapped prices of the ERP item with the same number (ERP_PRICE_* settings), in its own transaction; failures lists each product that was not updated with its reason. Recorded in the sync ledger (kind prices), whose progress GET /api/erp-syncs/current shows while it runs. 409 while another sync runs; 503 when the ERP's items cannot be read.",
        body: PriceSyncRequestSchema,
        response: {
          200: PriceSyncResultSchema,
          ...errors,
          409: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      return prices.sync(
        await whoIs(request),
        await auditContextOf(request),
        request.body?.confirmation,
      );
    },
  );

  app.post(
    '/api/products/update-prices/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp', 'catalogue'],
        summary: 'What a price sync would change now (a dry run; nothing is written)',
        description:
          'The products whose prices would change (before and after), how many would stay, the products that would fail with the reason, ERP items the shop has no product for, and the confirmation that POST /api/products/update-prices takes to make exactly these changes. 503 when the ERP cannot be reached.',
        response: { 200: PricePreviewSchema, ...errors, 503: ErrorSchema },
      },
    },
    async () => {
      return prices.preview();
    },
  );

  app.get(
    '/api/erp-syncs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: `The sync ledger: price syncs and customer refreshes, newest first, ${ERP_SYNCS_PAGE_SIZE} per page`,
        querystring: SyncsQuery,
        response: { 200: ErpSyncListSchema, ...errors },
      },
    },
    async (request) => {
      return ledger.list(request.query.kind ?? null, request.query.page);
    },
  );

  app.get(
    '/api/erp-syncs/current',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: 'The running sync of a kind (default prices) with its progress, or null',
        querystring: CurrentQuery,
        response: { 200: z.object({ sync: ErpSyncSummarySchema.nullable() }), ...errors },
      },
    },
    async (request) => {
      return ledger.current(request.query.kind);
    },
  );

  app.get(
    '/api/erp-syncs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: "One sync with each item's result (before, after, error) in order",
        params: SyncParams,
        response: { 200: ErpSyncDetailSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      return ledger.detail(request.params.id);
    },
  );
}
