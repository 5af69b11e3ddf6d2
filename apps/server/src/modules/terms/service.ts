import { centsToDollars, dollarsToCents, formatCents } from '@labshop/shared/money';
import {
  DEFAULT_DUE_DAYS,
  PAYMENT_TERMS_MESSAGES,
  type TermsMode,
} from '@labshop/shared/schemas/payment-terms';
import type {
  AccountPaymentTerms,
  CustomerTermsAnswer,
  CustomerTermsEntry,
  CustomerTermsInput,
} from '@labshop/shared/schemas/payment-terms-dto';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { LabOrdersOwner, OrderRepo } from '../../db/orders-repo.ts';
import type { RequestUser } from '../../http/access.ts';
import type { AuditContext, AuditLog } from '../audit/service.ts';
import type { CustomersService } from '../erp/customers-service.ts';
import { dayIn, plusDays } from '../../core/shop-days.ts';
import type { CustomerTermsRow, TermsRepo } from './repo.ts';

type TermsFields = z.output<typeof CustomerTermsInput>;
/** A customer of the ERP copy, whole, as the ERP module answers it. */
type CustomerRow = NonNullable<Awaited<ReturnType<CustomersService['customerRecordByNumber']>>>;

/** The terms an order on account is placed under. */
export interface OnAccountTerms {
  customerNumber: string;
  /** 'NET30' from the ERP, or the shop's 'NET45'. */
  terms: string;
  dueDays: number;
  /** YYYY-MM-DD in the shop's time zone. */
  dueOn: string;
}

/** What applies to a customer: the shop's say over the ERP's terms. */
interface Effective {
  terms: string;
  dueDays: number;
  creditLimitCents: number | null;
}

function effectiveOf(customer: CustomerRow, own: CustomerTermsRow | undefined): Effective | null {
  if (own?.mode === 'off') return null;
  if (own?.mode === 'allowed') {
    const dueDays = own.dueDays ?? DEFAULT_DUE_DAYS;
    return { terms: `NET${dueDays}`, dueDays, creditLimitCents: own.creditLimitCents };
  }
  if (customer.paymentTermsCode && customer.paymentTermsDays && customer.paymentTermsDays > 0) {
    return {
      terms: customer.paymentTermsCode,
      dueDays: customer.paymentTermsDays,
      creditLimitCents: customer.creditLimitCents || null,
    };
  }
  return null;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/**
 * Paying on account (issue 37): a lab whose ERP customer has payment terms, or that the staff
 * allow, may order without a card up to its credit limit; the staff can turn it off per
 * customer. What the lab owes is its on-account orders not yet due (the shop does not see
 * payments; the ERP does).
 */
export function createTermsService(deps: {
  repo: TermsRepo;
  customers: Pick<CustomersService, 'customerRecordByNumber' | 'customersByEmails'>;
  orders: Pick<OrderRepo, 'openOnAccountCents'>;
  account: { owner(user: RequestUser): Promise<LabOrdersOwner> };
  /** The staff's change is written with its audit entry, in one transaction (repoOf(tx)). */
  audit: Pick<AuditLog, 'transaction'>;
  repoOf: (tx: Database) => TermsRepo;
  timeZone: string;
}) {
  const { repo, customers, orders, account, audit, repoOf } = deps;
  const today = () => dayIn(deps.timeZone);

  async function labTerms(user: RequestUser) {
    const { customerNumber } = await account.owner(user);
    if (!customerNumber) return null;
    const [customer, [own]] = await Promise.all([
      customers.customerRecordByNumber(customerNumber),
      repo.byNumbers([customerNumber]),
    ]);
    const effective = customer ? effectiveOf(customer, own) : null;
    return effective ? { customerNumber, ...effective } : null;
  }

  function entryOf(
    email: string,
    customer: CustomerRow | undefined,
    own: CustomerTermsRow | undefined,
  ): CustomerTermsEntry {
    const effective = customer ? effectiveOf(customer, own) : null;
    return {
      email,
      customerNumber: customer?.number ?? null,
      erp: {
        terms: customer?.paymentTermsCode ?? null,
        dueDays: customer?.paymentTermsDays ?? null,
        creditLimit: customer?.creditLimitCents ? centsToDollars(customer.creditLimitCents) : null,
      },
      mode: (own?.mode ?? 'erp') as TermsMode,
      dueDays: own?.dueDays ?? null,
      creditLimit: dollarsOrNull(own?.creditLimitCents ?? null),
      onAccount: effective !== null,
      terms: effective?.terms ?? null,
      effectiveDueDays: effective?.dueDays ?? null,
      effectiveCreditLimit: dollarsOrNull(effective?.creditLimitCents ?? null),
    };
  }

  async function entries(emails: readonly string[]): Promise<CustomerTermsEntry[]> {
    const rows = await customers.customersByEmails(emails);
    const byEmail = new Map<string, CustomerRow>();
    // The oldest customer of an e-mail links it, as for the lab's account.
    for (const row of rows)
      if (!byEmail.has(row.email.toLowerCase())) byEmail.set(row.email.toLowerCase(), row);
    const own = new Map(
      (await repo.byNumbers([...byEmail.values()].map((row) => row.number))).map((row) => [
        row.customerNumber,
        row,
      ]),
    );
    return emails.map((email) => {
      const customer = byEmail.get(email.toLowerCase());
      return entryOf(email, customer, customer ? own.get(customer.number) : undefined);
    });
  }

  return {
    /** GET /api/account/payment-terms: whether the user's lab may pay on account now. */
    async forUser(user: RequestUser): Promise<AccountPaymentTerms> {
      const terms = await labTerms(user);
      if (!terms) {
        return {
          onAccount: false,
          terms: null,
          dueDays: null,
          dueOn: null,
          creditLimit: null,
          openOnAccount: 0,
          available: null,
        };
      }
      const day = today();
      const open = await orders.openOnAccountCents(terms.customerNumber, day);
      return {
        onAccount: true,
        terms: terms.terms,
        dueDays: terms.dueDays,
        dueOn: plusDays(day, terms.dueDays),
        creditLimit: dollarsOrNull(terms.creditLimitCents),
        openOnAccount: centsToDollars(open),
        available:
          terms.creditLimitCents === null
            ? null
            : centsToDollars(Math.max(0, terms.creditLimitCents - open)),
      };
    },

    /**
     * The checkout's gate: the user's lab has terms and `amountCents` fits its credit. 403 for
     * anyone else, however the request is made; 409 over the limit.
     */
    async requireOnAccount(user: RequestUser | null, amountCents: number): Promise<OnAccountTerms> {
      if (!user) throw new AppError('forbidden', PAYMENT_TERMS_MESSAGES.signIn);
      const terms = await labTerms(user);
      if (!terms) throw new AppError('forbidden', PAYMENT_TERMS_MESSAGES.notAllowed);
      const day = today();
      if (terms.creditLimitCents !== null) {
        const open = await orders.openOnAccountCents(terms.customerNumber, day);
        if (open + amountCents > terms.creditLimitCents) {
          throw new AppError(
            'conflict',
            PAYMENT_TERMS_MESSAGES.creditLimit(
              formatCents(Math.max(0, terms.creditLimitCents - open)),
            ),
          );
        }
      }
      return {
        customerNumber: terms.customerNumber,
        terms: terms.terms,
        dueDays: terms.dueDays,
        dueOn: plusDays(day, terms.dueDays),
      };
    },

    /** GET /api/admin/customer-terms: the cards' terms, in the order asked. */
    async adminEntries(emails: readonly string[]): Promise<CustomerTermsAnswer> {
      return { customers: await entries(emails) };
    },

    /** PUT /api/admin/customer-terms: the staff's say; 'erp' removes it. Audited. */
    async set(input: TermsFields, context: AuditContext): Promise<CustomerTermsEntry> {
      const [customer] = await customers.customersByEmails([input.email]);
      if (!customer) throw new AppError('not_found', PAYMENT_TERMS_MESSAGES.customerNotFound);
      const values =
        input.mode === 'erp'
          ? null
          : input.mode === 'off'
            ? { mode: 'off' as const, dueDays: null, creditLimitCents: null }
            : {
                mode: 'allowed' as const,
                dueDays: input.dueDays ?? DEFAULT_DUE_DAYS,
                creditLimitCents:
                  input.creditLimit === null ? null : dollarsToCents(input.creditLimit),
              };
      await audit.transaction(context, async (tx, record) => {
        const before = await repoOf(tx).set(customer.number, values);
        record({
          action: 'customer.payment-terms',
          entityType: 'customer',
          entityId: customer.number,
          before: before
            ? {
                mode: before.mode,
                dueDays: before.dueDays,
                creditLimitCents: before.creditLimitCents,
              }
            : { mode: 'erp' },
          after: values ?? { mode: 'erp' },
        });
      });
      const [entry] = await entries([input.email]);
      if (!entry) throw new Error('no terms entry for a known customer');
      return entry;
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
