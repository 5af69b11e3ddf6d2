import {
  CONTACT_DATA_LIMITS,
  CONTACT_MESSAGES,
  ContactDataDtoSchema,
  ContactDataInput,
  ContactMessageInput,
  GeolocationEntrySchema,
} from '@labshop/shared/schemas/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClientLimit } from '../../http/rate-limits.ts';
import type { ContactService } from './service.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { adminErrorResponses, ErrorSchema } from '../../http/errors.ts';

/** SPEC.md section 7: /api/contact-data, /api/geolocation and the contact form /api/contact. */

const GeolocationQuery = z.object({
  address: z
    .string({ error: 'address is required.' })
    .trim()
    .min(1, 'address is required.')
    .max(
      CONTACT_DATA_LIMITS.address,
      `address must be at most ${CONTACT_DATA_LIMITS.address} characters.`,
    ),
});

export async function contactRoutes(
  fastify: FastifyInstance,
  options: { contact: ContactService; rateLimit: { max: number; windowMs: number } },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contact } = options;

  app.get(
    '/api/contact-data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: "The shop's address, phone and e-mail, with the map position of the address",
        response: { 200: ContactDataDtoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return contact.contactData();
    },
  );

  app.put(
    '/api/contact-data',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['contact'],
        summary: 'Change the contact data',
        description:
          'With GEOCODER=nominatim a changed address is geocoded once (cached); latitude and longitude are used when the geocoder finds nothing. Without a geocoder they are stored as given.',
        body: ContactDataInput,
        response: { 200: ContactDataDtoSchema, ...adminErrorResponses },
      },
    },
    async (request) => contact.updateContactData(request.body, await auditContextOf(request)),
  );

  app.get(
    '/api/geolocation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Where an address is on the map, from stored data only ([] when unknown)',
        querystring: GeolocationQuery,
        response: { 200: z.array(GeolocationEntrySchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return contact.geolocation(request.query.address);
    },
  );

  app.post(
    '/api/contact',
    {
      config: {
        access: 'public',
        rateLimit: perClientLimit({ ...options.rateLimit, message: CONTACT_MESSAGES.tooMany }),
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop (the contact form)',
        description:
          'Checked with the contact form rules; companyFax must stay empty; recaptcha_token2 is a reCAPTCHA v3 token for action contact_submit when the captcha is on. Limited per client IP (429 with Retry-After).',
        body: ContactMessageInput,
        response: {
          200: z.object({ message: z.string() }),
          400: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      await contact.sendMessage(request.body, { ip: request.ip });
      return { message: CONTACT_MESSAGES.sent };
    },
  );
}
