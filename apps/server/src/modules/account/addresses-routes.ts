import { ADDRESS_BOOK_LIMIT } from '@labshop/shared/schemas/address-book';
import {
  AddressBookAnswerSchema,
  AddressParams,
  SavedAddressSchema,
  ShippingAddressInput,
} from '@labshop/shared/schemas/address-book-dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../http/errors.ts';
import type { AddressesService } from './addresses-service.ts';
import { callerOf } from '../../http/access.ts';

/**
 * The lab account's address book (issue 36): signed-in users only, each seeing and changing
 * only their own addresses; another user's is answered 404, as if it did not exist.
 */

const errors = { 400: ErrorSchema, 401: ErrorSchema };

export async function addressBookRoutes(
  fastify: FastifyInstance,
  options: { addresses: AddressesService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { addresses } = options;

  app.get(
    '/api/account/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "The user's saved shipping addresses, and their lab's address as the default",
        description:
          "labAddress is the address of the ERP customer with the user's verified e-mail (null without one, or without a street address), labelled with the lab's name; addresses are the user's own, oldest first.",
        response: { 200: AddressBookAnswerSchema, ...errors },
      },
    },
    async (request) => addresses.list(await callerOf(request)),
  );

  app.post(
    '/api/account/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Save a shipping address',
        description: `Checked by the checkout's billing rules. At most ${ADDRESS_BOOK_LIMIT} per user: 409 when full.`,
        body: ShippingAddressInput,
        response: { 201: SavedAddressSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await addresses.create(await callerOf(request), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/api/account/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Change one of the saved addresses (every field)',
        params: AddressParams,
        body: ShippingAddressInput,
        response: { 200: SavedAddressSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => addresses.update(await callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/account/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Delete one of the saved addresses',
        params: AddressParams,
        response: { 204: z.null(), 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await addresses.remove(await callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
