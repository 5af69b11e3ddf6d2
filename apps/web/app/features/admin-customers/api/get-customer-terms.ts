import type {
  CustomerTermsAnswer,
  CustomerTermsEntry,
} from '@labshop/shared/schemas/payment-terms';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { customerKeys } from './keys.ts';

/**
 * GET /api/admin/customer-terms?email=a&email=b (issue 37; asked like the cards' order counts):
 * whether each customer may pay on account, and what the ERP and the staff say, in that order.
 */
export function getCustomerTerms(
  emails: readonly string[],
  signal?: AbortSignal,
): Promise<CustomerTermsAnswer> {
  const query = new URLSearchParams(emails.map((email): [string, string] => ['email', email]));
  return apiJson<CustomerTermsAnswer>(`/api/admin/customer-terms?${query}`, { signal });
}

/**
 * The shown cards' pay-on-account terms, by lower-case e-mail; empty while loading or when the
 * call failed (the cards then say nothing about it).
 */
export function useCustomerTerms(emails: readonly string[]): Map<string, CustomerTermsEntry> {
  const asked = [...new Set(emails.map((email) => email.toLowerCase()))].sort();
  const answer = useQuery({
    queryKey: [...customerKeys.terms, asked],
    queryFn: ({ signal }) => getCustomerTerms(asked, signal),
    enabled: asked.length > 0,
  });
  return new Map(
    (answer.data?.customers ?? []).map((customer) => [customer.email.toLowerCase(), customer]),
  );
}
