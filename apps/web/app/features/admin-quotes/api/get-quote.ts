import type { Quote } from '@labshop/shared/schemas/quotes';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { quoteKeys } from './keys.ts';

/** GET /api/admin/quotes/{number}; a missing quote is an ApiError with status 404. */
export function getQuote(number: string, signal?: AbortSignal): Promise<Quote> {
  return apiJson<Quote>(`/api/admin/quotes/${encodeURIComponent(number)}`, { signal });
}

export function useQuote(number: string) {
  return useQuery({
    queryKey: quoteKeys.detail(number),
    queryFn: ({ signal }) => getQuote(number, signal),
    // The lab may accept or decline while the editor is open: a visit shows what is there now.
    staleTime: 0,
  });
}
