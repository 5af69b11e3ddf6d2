import {
  AccountPaymentTermsSchema,
  CustomerTermsAnswerSchema,
  CustomerTermsEntrySchema,
  CustomerTermsInput,
  CustomerTermsQuery,
} from '@labshop/shared/schemas/payment-terms-dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/access.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { adminErrorResponses, ErrorSchema } from '../../http/errors.ts';
import type { TermsService } from './service.ts';

/**
 * Paying on account (issue 37): the lab's own terms (signed-in users), and the staff's say per
 * customer on the List of Customers' cards (administrators).
 */
export async function termsRoutes(fastify: FastifyInstance, options: { terms: TermsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { terms } = options;

  app.get(
    '/api/account/payment-terms',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "Whether the user's lab may pay on account now, its terms and credit",
        description:
          "The lab is the ERP customer of the user's verified e-mail. onAccount is false without one, without terms, or when the shop turned it off. available is the credit limit less the lab's on-account orders not yet due (null: no limit).",
        response: { 200: AccountPaymentTermsSchema, 401: ErrorSchema },
      },
    },
    async (request) => terms.forUser(await callerOf(request)),
  );

  app.get(
    '/api/admin/customer-terms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: "Customers' paying on account, by e-mail (a page of the customer cards)",
        description:
          'email: one to 50 e-mails (?email=a&email=b, as customer-orders takes them); answered in that order, ignoring case. Each has the ERP terms, what the shop set and what applies.',
        querystring: CustomerTermsQuery,
        response: { 200: CustomerTermsAnswerSchema, ...adminErrorResponses },
      },
    },
    async (request) => terms.adminEntries(request.query.email),
  );

  app.put(
    '/api/admin/customer-terms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['erp'],
        summary: 'Set whether a customer may pay on account: as the ERP says, allowed, or off',
        description:
          'allowed takes the days to pay (default 30) and a credit limit in dollars (null: none). Audited (customer.payment-terms). 404 when no customer has the e-mail.',
        body: CustomerTermsInput,
        response: { 200: CustomerTermsEntrySchema, 404: ErrorSchema, ...adminErrorResponses },
      },
    },
    async (request) => terms.set(request.body, await auditContextOf(request)),
  );
}
