import type { Quote } from '@labshop/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { quoteChanged, quoteRefused } from './update-quote.ts';

/** POST /api/admin/quotes/{number}/send: mails the lab a link; answers the quote, now sent. */
export function sendQuote(number: string): Promise<Quote> {
  return apiJson<Quote>(`/api/admin/quotes/${encodeURIComponent(number)}/send`, {
    method: 'POST',
  });
}

export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuote,
    onSuccess: (quote) => quoteChanged(queryClient, quote),
    onError: (error, number) => quoteRefused(queryClient, number, error),
  });
}
