import type {
  CustomerTermsAnswer,
  CustomerTermsEntry,
} from '@labshop/shared/schemas/payment-terms';
import type { CustomerTermsInput } from '@labshop/shared/schemas/payment-terms-dto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { customerKeys } from './keys.ts';

/**
 * PUT /api/admin/customer-terms: the staff's say on paying on account for the customer with this
 * e-mail. 400 with the reason for a bad value, 404 when no customer has the e-mail.
 */
export function updateCustomerTerms(input: CustomerTermsInput): Promise<CustomerTermsEntry> {
  return apiJson<CustomerTermsEntry>('/api/admin/customer-terms', jsonRequest('PUT', input));
}

/** Saves, shows the answer on the card at once, then reads the shown cards' terms again. */
export function useUpdateCustomerTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerTerms,
    onSuccess: (saved) => {
      const email = saved.email.toLowerCase();
      queryClient.setQueriesData<CustomerTermsAnswer>({ queryKey: customerKeys.terms }, (old) =>
        old
          ? {
              customers: old.customers.map((entry) =>
                entry.email.toLowerCase() === email ? saved : entry,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: customerKeys.terms });
    },
  });
}
