import {
  BROCHURE_FILE_FIELD,
  CategoryDtoSchema,
  CATEGORY_MESSAGES,
  CategoryInput,
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORTS,
  PRODUCT_LIST_LIMITS,
  ProductDtoSchema,
  SEARCH_COUNT_CAP,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@labshop/shared/schemas/catalog';
import {
  QuickOrderAnswerSchema,
  QuickOrderRequestSchema,
} from '@labshop/shared/schemas/quick-order-dto';
import { QUICK_ORDER_MAX_LINES } from '@labshop/shared/quick-order';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm, type UploadedFile } from '../../http/uploads.ts';
import { parseFormFields, requireFile } from '../../http/validation.ts';
import type { Viewer } from './answers.ts';
import {
  CategoryCreateForm,
  ProductCreateForm,
  ProductFields,
  ProductUpdateFields,
  ProductUpdateForm,
} from './forms.ts';
import type { ImageUpload } from './images.ts';
import type { ProductUploads } from './products-service.ts';
import type { CatalogService } from './service.ts';
import { ErrorSchema } from '../../http/errors.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { limitField, pageField } from '@labshop/shared/schemas/paging';

/** SPEC.md section 7, catalogue calls: /api/products and /api/categories; ours: the quick order. */

/**
 * Sends JSON text that the service already serialised. Fastify passes a string with a JSON
 * content type through untouched; the route's response schema still documents the shape, and
 * the service's productDto is typed by that schema.
 */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const text = (label: string, maxLength: number) =>
  z
    .string({ error: `${label} must be given once, as text.` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

const ProductListQuery = z.object({
  category: text('category', 100),
  q: text('The search', PRODUCT_LIST_LIMITS.maxQueryLength),
  number: text('number', 50),
  sort: z
    .enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}.` })
    .default(DEFAULT_PRODUCT_SORT)
    .describe('A field, ascending, or with a leading - descending; newest first by default'),
  page: pageField(PRODUCT_LIST_LIMITS.maxPage),
  limit: limitField(PRODUCT_LIST_LIMITS.maxLimit, PRODUCT_LIST_LIMITS.defaultLimit),
});

const idParams = (label: string) =>
  z.object({
    id: z.string().trim().min(1, `A ${label} is required.`).max(100, `The ${label} is too long.`),
  });
const ProductIdParams = idParams('product number or id');
const CategoryIdParams = idParams('category id');

async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  return { seesPartnerPrices: (await request.currentUser()) !== null };
}

/**
 * Prices depend on who asks, so answers are never shared between visitors by a cache; a
 * signed-in caller's show wholesale prices, which no cache may keep at all (issue 31). Anonymous
 * answers may be kept and revalidated with their ETag.
 */
function noSharedCache(reply: FastifyReply, viewer: Viewer): void {
  reply.header(
    'cache-control',
    viewer.seesPartnerPrices ? 'private, no-store' : 'private, no-cache',
  );
}

function imageUploads(files: UploadedFile[], field: string): ImageUpload[] {
  return files
    .filter((file) => file.field === field)
    .map((file) => ({ filename: file.filename, data: file.data }));
}

/** A product form's pictures (in `imageField`) and its brochure PDF, if one was sent. */
function productUploads(files: UploadedFile[], imageField: string): ProductUploads {
  const [brochure] = imageUploads(files, BROCHURE_FILE_FIELD);
  return { images: imageUploads(files, imageField), ...(brochure ? { brochure } : {}) };
}

export async function catalogRoutes(
  fastify: FastifyInstance,
  options: { catalog: CatalogService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog } = options;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary:
          'Products, filtered by category name, search (title or number) or number, and sorted',
        description: `The total number of matches is in the ${TOTAL_COUNT_HEADER} header; for a search matching more than ${SEARCH_COUNT_CAP} products it says ${SEARCH_COUNT_CAP} and ${TOTAL_COUNT_CAPPED_HEADER} is true.`,
        querystring: ProductListQuery,
        response: { 200: z.array(ProductDtoSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { category, q, number, sort, page, limit } = request.query;
      const viewer = await viewerOf(request);
      const result = await catalog.listProducts(
        { categoryName: category, search: q, numberContains: number },
        { page, limit },
        viewer,
        sort,
      );
      noSharedCache(reply, viewer);
      reply.header(TOTAL_COUNT_HEADER, String(result.total));
      if (result.totalCapped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
      // Already serialised (and cached) by the service: sent as it is.
      return sendJsonText(reply, result.json);
    },
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product, by number or _id',
        params: ProductIdParams,
        response: { 200: ProductDtoSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const json = await catalog.getProductJson(request.params.id, viewer);
      noSharedCache(reply, viewer);
      return sendJsonText(reply, json);
    },
  );

  app.post(
    '/api/products',
    {
      config: { access: 'admin', multipartForm: ProductCreateForm },
      schema: {
        tags: ['catalogue'],
        summary:
          'Create a product (multipart: the form fields, JPEG files in `images`, an optional brochure PDF)',
        consumes: ['multipart/form-data'],
        response: {
          201: ProductDtoSchema,
          ...errors,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['images', BROCHURE_FILE_FIELD]);
      const product = await catalog.createProduct(
        parseFormFields(ProductFields, form.fields),
        productUploads(form.files, 'images'),
        await auditContextOf(request),
      );
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/api/products/:id',
    {
      config: { access: 'admin', multipartForm: ProductUpdateForm },
      schema: {
        tags: ['catalogue'],
        summary:
          'Update a product (multipart: the form fields, existingImages as JSON, new JPEG files in `newImages`)',
        consumes: ['multipart/form-data'],
        params: ProductIdParams,
        response: {
          200: ProductDtoSchema,
          ...errors,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, ['newImages', BROCHURE_FILE_FIELD]);
      return catalog.updateProduct(
        request.params.id,
        parseFormFields(ProductUpdateFields, form.fields),
        productUploads(form.files, 'newImages'),
        await auditContextOf(request),
      );
    },
  );

  app.delete(
    '/api/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: 'Delete a product (by number or _id)',
        params: ProductIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalog.deleteProduct(request.params.id, await auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/quick-order',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Lines of product number and quantity resolved to products and prices',
        description: `Each line: a product number, then a quantity (1 when missing), separated by spaces, tabs, commas or semicolons; blank lines and a header line are skipped, CSV quotes allowed. Answers each line with its product and price at the caller's tier (wholesale when signed in), or its error; lines naming one product are merged. At most ${QUICK_ORDER_MAX_LINES} lines (else 400).`,
        body: QuickOrderRequestSchema,
        response: { 200: QuickOrderAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      // Prices depend on who asks, and a partner's may not be kept anywhere.
      reply.header('cache-control', 'private, no-store');
      return catalog.quickOrder(request.body.text, viewer);
    },
  );

  app.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Categories in display order',
        response: { 200: z.array(CategoryDtoSchema) },
      },
    },
    async () => catalog.listCategories(),
  );

  app.post(
    '/api/categories',
    {
      config: { access: 'admin', multipartForm: CategoryCreateForm },
      schema: {
        tags: ['catalogue'],
        summary: 'Create a category (multipart: name and a JPEG `thumbnail`)',
        consumes: ['multipart/form-data'],
        response: {
          201: CategoryDtoSchema,
          ...errors,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, ['thumbnail']);
      // The form's order: the name, then the thumbnail.
      const input = parseFormFields(CategoryInput, form.fields);
      const thumbnail = requireFile(form, 'thumbnail', CATEGORY_MESSAGES.thumbnailRequired);
      return reply
        .code(201)
        .send(await catalog.createCategory(input, thumbnail, await auditContextOf(request)));
    },
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalogue'],
        summary: 'Delete a category that no product is in',
        params: CategoryIdParams,
        response: { 204: z.null(), ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await catalog.deleteCategory(request.params.id, await auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
