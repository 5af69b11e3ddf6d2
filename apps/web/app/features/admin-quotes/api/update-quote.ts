import type { Quote } from '@labshop/shared/schemas/quotes';
import type { QuoteUpdateInput } from '@labshop/shared/schemas/quotes-dto';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, jsonRequest } from '../../admin/api/http.ts';
import { quoteKeys } from './keys.ts';

export interface UpdateQuoteVariables {
  number: string;
  body: QuoteUpdateInput;
}

/** PUT /api/admin/quotes/{number}: the whole quote as the staff set it; answers the quote. */
export function updateQuote({ number, body }: UpdateQuoteVariables): Promise<Quote> {
  return apiJson<Quote>(
    `/api/admin/quotes/${encodeURIComponent(number)}`,
    jsonRequest('PUT', body),
  );
}

/** A quote the server answered after a change: its editor shows it, the lists load again. */
export async function quoteChanged(queryClient: QueryClient, quote: Quote): Promise<void> {
  queryClient.setQueryData(quoteKeys.detail(quote.number), quote);
  await queryClient.invalidateQueries({ queryKey: quoteKeys.lists });
}

/**
 * A change the server refused as too late (409: the lab accepted or declined meanwhile): the
 * editor loads the quote again, which shows it as it now is.
 */
export async function quoteRefused(
  queryClient: QueryClient,
  number: string,
  error: unknown,
): Promise<void> {
  if (error instanceof ApiError && error.status === 409) {
    await queryClient.invalidateQueries({ queryKey: quoteKeys.detail(number) });
  }
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: (quote) => quoteChanged(queryClient, quote),
    onError: (error, { number }) => quoteRefused(queryClient, number, error),
  });
}
