import type { MailLogPageDto } from '@labshop/shared/schemas/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/admin/mail?page=N (1-based): one page of the mail log, newest first. */
export function getMailPage(page: number, signal?: AbortSignal): Promise<MailLogPageDto> {
  return apiJson<MailLogPageDto>(`/api/admin/mail?page=${page}`, { signal });
}

export function mailPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.mailPage(page),
    queryFn: ({ signal }) => getMailPage(page, signal),
    // New mail arrives while the screen is open; a visit shows what is there now.
    staleTime: 0,
  });
}

export function useMailPage(page: number) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...mailPageQueryOptions(page), placeholderData: keepPreviousData });
}
