import type { AdminQuotesAnswer, QuoteStatus } from '@labshop/shared/schemas/quotes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { quoteKeys } from './keys.ts';

/**
 * GET /api/admin/quotes?page=&search=&status=: newest first (QUOTES_PAGE_SIZE a page), with
 * the count of every match and a count per status for the filter.
 */
export function getQuotes(
  page: number,
  search: string,
  status: QuoteStatus | null,
  signal?: AbortSignal,
): Promise<AdminQuotesAnswer> {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  return apiJson<AdminQuotesAnswer>(`/api/admin/quotes?${params}`, { signal });
}

export function useQuotes(page: number, search: string, status: QuoteStatus | null) {
  return useQuery({
    queryKey: quoteKeys.list(page, search, status),
    queryFn: ({ signal }) => getQuotes(page, search, status, signal),
    // Labs request and accept quotes while the screen is open: a visit shows what is there now.
    staleTime: 0,
    // The previous page (or filter) stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
