import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodObject } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart form a route reads itself (readMultipartForm in uploads.ts): its text
     * fields and files (z.file()), for the OpenAPI document only; the route's handler checks
     * them (validation.ts).
     */
    multipartForm?: ZodObject;
  }
}

/** The OpenAPI 3.1 document, generated from the route schemas, browsable at /api/docs. */
export const openApi = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'labshop API',
          description:
            'The storefront and back-office API of labshop. Errors answer { "error": "message" }.',
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
      },
      // A multipart route's form is documented as its request body (never validated as one:
      // Fastify has no parsed body for multipart requests).
      transform: (input) => {
        const form = input.route.config?.multipartForm;
        return jsonSchemaTransform(
          form ? { ...input, schema: { ...input.schema, body: form } } : input,
        );
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
