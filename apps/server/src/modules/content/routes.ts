import { TEXT_PAGE_NAMES } from '@labshop/shared/constants';
import {
  GALLERY_MESSAGES,
  GALLERY_PICTURE_FIELD,
  GalleryImageDtoSchema,
  GalleryInput,
  NotificationDtoSchema,
  NotificationInput,
  TestimonialDtoSchema,
  TestimonialInput,
  TextPageDtoSchema,
  TextPageInput,
} from '@labshop/shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../http/uploads.ts';
import { parseFormFields, requireFile } from '../../http/validation.ts';
import type { ContentService } from './service.ts';
import { ErrorSchema, adminErrorResponses } from '../../http/errors.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { limitField } from '@labshop/shared/schemas/paging';

/**
 * SPEC.md section 7, content calls: /api/testimonials, /api/gallery, /api/text_pages/{name}
 * and /api/notifications. Bodies are checked by the shared schemas (the first failing field's
 * message answers 400); unknown fields are dropped.
 */

/** Any text: a malformed id is simply not found (404), never a 400 or a server error. */
const IdParams = z.object({ id: z.string() });
const PageParams = z.object({
  name: z.string().describe(`One of: ${TEXT_PAGE_NAMES.join(', ')} (any case, URL-encoded)`),
});

export const NOTIFICATION_LIST_MAX = 200;
const NotificationListQuery = z.object({
  limit: limitField(NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_MAX),
});

export async function contentRoutes(
  fastify: FastifyInstance,
  options: { content: ContentService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { content } = options;
  const errors = adminErrorResponses;

  // --- Testimonials ---------------------------------------------------------------------------

  app.get(
    '/api/testimonials',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'Testimonials, newest first (the order the home page shows them in)',
        response: { 200: z.array(TestimonialDtoSchema) },
      },
    },
    async () => content.listTestimonials(),
  );

  app.post(
    '/api/testimonials',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Add a testimonial (imageUrl optional: an http(s) address or a path)',
        body: TestimonialInput,
        response: { 201: TestimonialDtoSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await content.createTestimonial(request.body, await auditContextOf(request))),
  );

  app.delete(
    '/api/testimonials/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Delete a testimonial',
        params: IdParams,
        response: { 204: z.null(), ...errors, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await content.deleteTestimonial(request.params.id, await auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  // --- Gallery --------------------------------------------------------------------------------

  app.get(
    '/api/gallery',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'Gallery pictures, newest first',
        response: { 200: z.array(GalleryImageDtoSchema) },
      },
    },
    async () => content.listGalleryImages(),
  );

  app.post(
    '/api/gallery',
    {
      config: {
        access: 'admin',
        multipartForm: GalleryInput.extend({
          [GALLERY_PICTURE_FIELD]: z.file().describe('The JPEG picture'),
        }),
      },
      schema: {
        tags: ['content'],
        summary: `Add a picture (multipart: a JPEG in \`${GALLERY_PICTURE_FIELD}\`, title, description)`,
        consumes: ['multipart/form-data'],
        response: { 201: GalleryImageDtoSchema, ...errors, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, [GALLERY_PICTURE_FIELD]);
      // The form's order: the picture, then title and description.
      const picture = requireFile(form, GALLERY_PICTURE_FIELD, GALLERY_MESSAGES.pictureRequired);
      const input = parseFormFields(GalleryInput, form.fields);
      const created = await content.createGalleryImage(
        input,
        picture,
        await auditContextOf(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/gallery/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Delete a picture (its stored image too)',
        params: IdParams,
        response: { 204: z.null(), ...errors, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await content.deleteGalleryImage(request.params.id, await auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  // --- Text pages -----------------------------------------------------------------------------

  app.get(
    '/api/text_pages/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: "A static text page's HTML ('' for a page nobody has written yet)",
        params: PageParams,
        response: { 200: TextPageDtoSchema, 404: ErrorSchema },
      },
    },
    async (request) => content.getTextPage(request.params.name),
  );

  app.put(
    '/api/text_pages/:name',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Save a text page; the HTML is sanitised (scripts, handlers, unsafe URLs removed)',
        params: PageParams,
        body: TextPageInput,
        response: { 200: TextPageDtoSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) =>
      content.saveTextPage(request.params.name, request.body, await auditContextOf(request)),
  );

  // --- Notifications --------------------------------------------------------------------------

  app.get(
    '/api/notifications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary: 'Notifications, newest first',
        querystring: NotificationListQuery,
        response: { 200: z.array(NotificationDtoSchema), 400: ErrorSchema },
      },
    },
    async (request) => content.listNotifications(request.query.limit),
  );

  app.post(
    '/api/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Add a notification (dated by the server; dateTime and read are ignored)',
        body: NotificationInput,
        response: { 201: NotificationDtoSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await content.createNotification(request.body, await auditContextOf(request))),
  );

  app.delete(
    '/api/notifications/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Delete a notification',
        params: IdParams,
        response: { 204: z.null(), ...errors, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await content.deleteNotification(request.params.id, await auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
