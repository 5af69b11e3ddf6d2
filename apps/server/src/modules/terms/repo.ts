import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerPaymentTerms } from '../../db/schema/index.ts';

/** The shop's say on paying on account per customer (issue 37): customer_payment_terms. */
export type CustomerTermsRow = typeof customerPaymentTerms.$inferSelect;

export function createTermsRepo(db: Database) {
  return {
    async byNumbers(numbers: readonly string[]): Promise<CustomerTermsRow[]> {
      if (numbers.length === 0) return [];
      return db
        .select()
        .from(customerPaymentTerms)
        .where(inArray(customerPaymentTerms.customerNumber, [...numbers]));
    },

    /** Sets the customer's row (null: removed, the ERP decides again); answers the one before. */
    async set(
      customerNumber: string,
      values: Pick<CustomerTermsRow, 'mode' | 'dueDays' | 'creditLimitCents'> | null,
    ): Promise<CustomerTermsRow | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(customerPaymentTerms)
          .where(eq(customerPaymentTerms.customerNumber, customerNumber))
          .for('update');
        if (values === null) {
          await tx
            .delete(customerPaymentTerms)
            .where(eq(customerPaymentTerms.customerNumber, customerNumber));
        } else {
          await tx
            .insert(customerPaymentTerms)
            .values({ customerNumber, ...values })
            .onConflictDoUpdate({
              target: customerPaymentTerms.customerNumber,
              set: { ...values, updatedAt: new Date() },
            });
        }
        return before ?? null;
      });
    },
  };
}

export type TermsRepo = ReturnType<typeof createTermsRepo>;
