import { pageCount } from '@labshop/shared/schemas/paging';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';

/** The page an admin list's address asks for (?page=N); 1 when missing or not a number. */
export function pageInAddress(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * ', page 2 of 5' after a list's count, or nothing when it has one page; a page past the end
 * (while the list moves to its last page) counts as the last.
 */
export function pageOfPages(page: number, pages: number): string {
  return pages > 1 ? `, page ${Math.min(page, pages)} of ${pages}` : '';
}

/**
 * An admin list's address: its parameters that have a value (a search, a filter), and the page
 * when past the first, so the first page's address is the bare screen.
 */
export function listAddress(
  values: Record<string, string | null | undefined>,
  page: number,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * Shows an admin list for a new search or new filters: from its first page, in place of the
 * history entry (one entry per pause in typing), the scroll kept.
 */
export function useListFilter() {
  const [, setSearchParams] = useSearchParams();
  return (values: Record<string, string | null | undefined>) =>
    setSearchParams(listAddress(values, 1), { replace: true, preventScrollReset: true });
}

/**
 * The number of pages of an admin list whose page is in the address, the move to another page
 * (the scroll kept), and the move to the last page when the address asks for one past it (an
 * old link, a search with fewer matches, the last row of the last page deleted). It waits for
 * the list's own answer: a placeholder from the previous page does not count.
 */
export function useListPages({
  list,
  total,
  pageSize,
  page,
  addressOfPage,
}: {
  list: { isSuccess: boolean; isPlaceholderData: boolean };
  total: number;
  pageSize: number;
  page: number;
  /** The list's address at another page, its other parameters (search, filters) kept. */
  addressOfPage: (page: number) => string | URLSearchParams;
}): { pages: number; goToPage: (page: number) => void } {
  const [, setSearchParams] = useSearchParams();
  const pages = pageCount(total, pageSize);
  const pastTheEnd = list.isSuccess && !list.isPlaceholderData && page > pages;
  const goToLastPage = useEffectEvent((last: number) =>
    setSearchParams(addressOfPage(last), { replace: true }),
  );
  useEffect(() => {
    if (pastTheEnd) goToLastPage(pages);
  }, [pastTheEnd, pages]);
  const goToPage = (next: number) => {
    setSearchParams(addressOfPage(next), { preventScrollReset: true });
  };
  return { pages, goToPage };
}
