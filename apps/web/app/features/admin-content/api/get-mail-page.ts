import type { MailLogFilter, MailLogPageDto } from '@labshop/shared/schemas/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { listAddress } from '../../admin/components/list-pages.ts';
import { contentKeys } from './keys.ts';

/**
 * GET /api/admin/mail?page=N&search=&status=&kind= (page 1-based): one page of the matching
 * mails, newest first.
 */
export function getMailPage(
  page: number,
  filter: MailLogFilter,
  signal?: AbortSignal,
): Promise<MailLogPageDto> {
  const query = listAddress({ ...filter }, 1);
  query.set('page', String(page));
  return apiJson<MailLogPageDto>(`/api/admin/mail?${query.toString()}`, { signal });
}

export function mailPageQueryOptions(page: number, filter: MailLogFilter) {
  return queryOptions({
    queryKey: contentKeys.mailPage(page, filter),
    queryFn: ({ signal }) => getMailPage(page, filter, signal),
    // New mail arrives while the screen is open; a visit shows what is there now.
    staleTime: 0,
  });
}

export function useMailPage(page: number, filter: MailLogFilter) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...mailPageQueryOptions(page, filter), placeholderData: keepPreviousData });
}
