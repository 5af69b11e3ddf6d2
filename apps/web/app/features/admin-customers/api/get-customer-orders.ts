import type { CustomerOrdersAnswer } from '@labshop/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { customerKeys } from './keys.ts';

/** GET /api/admin/customer-orders: paid orders in the shop per customer e-mail. */
export function getCustomerOrders(
  emails: readonly string[],
  signal?: AbortSignal,
): Promise<CustomerOrdersAnswer> {
  const query = new URLSearchParams(emails.map((email): [string, string] => ['email', email]));
  return apiJson<CustomerOrdersAnswer>(`/api/admin/customer-orders?${query}`, { signal });
}

/**
 * The shown cards' order counts, by lower-case e-mail; empty while loading or when the call
 * failed (the cards then show their plain link).
 */
export function useCustomerOrders(emails: readonly string[]) {
  const asked = [...new Set(emails.map((email) => email.toLowerCase()))].sort();
  const answer = useQuery({
    queryKey: [...customerKeys.orders, asked],
    queryFn: ({ signal }) => getCustomerOrders(asked, signal),
    enabled: asked.length > 0,
  });
  return new Map(
    (answer.data?.customers ?? []).map((customer) => [customer.email.toLowerCase(), customer]),
  );
}
