import {
  FreightEstimateAnswerSchema,
  FreightEstimateQuery,
  FreightTableAnswerSchema,
  FreightTableSchema,
} from '@labshop/shared/schemas/freight-dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../../http/audit-context.ts';
import { adminErrorResponses, ErrorSchema } from '../../http/errors.ts';
import type { FreightService } from './service.ts';

/** Freight (issue 37): the estimate for a cart (anyone), and the staff's table (administrators). */
export async function freightRoutes(
  fastify: FastifyInstance,
  options: { freight: FreightService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { freight } = options;

  app.get(
    '/api/freight-estimate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "The freight a cart pays to a US state, from the shop's freight table",
        description:
          "item: NUMBER:QUANTITY, once per cart line (?item=AG-210:2&item=VB-12:1). freight is dollars, or null with the reason where no rate applies (then the order says 'Price does not include freight charges'). The checkout charges the same freight, priced again on the server.",
        querystring: FreightEstimateQuery,
        response: { 200: FreightEstimateAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request) =>
      freight.estimate(
        { country: request.query.country, state: request.query.state },
        request.query.item,
      ),
  );

  app.get(
    '/api/admin/freight',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['checkout'],
        summary: 'The freight table: US zones with a flat rate or rates by weight band',
        response: { 200: FreightTableAnswerSchema, ...adminErrorResponses },
      },
    },
    async () => freight.table(),
  );

  app.put(
    '/api/admin/freight',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['checkout'],
        summary: 'Replace the freight table',
        description:
          'The whole table: each zone its name, states and bands (upToLb null: no upper weight; one such band alone is a flat rate). A state is in one zone at most. Audited (freight.update).',
        body: FreightTableSchema,
        response: { 200: FreightTableAnswerSchema, ...adminErrorResponses },
      },
    },
    async (request) => freight.update(request.body, await auditContextOf(request)),
  );
}
