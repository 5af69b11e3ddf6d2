import type { SubscribersAnswer } from '@labshop/shared/schemas/newsletter';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { newsletterKeys } from './keys.ts';

export interface SubscriberListParams {
  /** A case-insensitive part of the name or the e-mail; '' for all. */
  search: string;
  /** 1-based. */
  page: number;
  limit: number;
}

/** GET /api/newsletter-subscribers: one page of subscribers, newest first, and the total. */
export function getSubscribers(
  params: SubscriberListParams,
  signal?: AbortSignal,
): Promise<SubscribersAnswer> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.search) query.set('search', params.search);
  return apiJson<SubscribersAnswer>(`/api/newsletter-subscribers?${query}`, { signal });
}

export function subscribersQueryOptions(params: SubscriberListParams) {
  return queryOptions({
    queryKey: newsletterKeys.subscriberList(params),
    queryFn: ({ signal }) => getSubscribers(params, signal),
    // Sign-ups and unsubscribes arrive from the storefront: a visit shows the list as it is.
    staleTime: 0,
  });
}

export function useSubscribers(params: SubscriberListParams) {
  // The previous page stays on screen while the next search or page loads.
  return useQuery({ ...subscribersQueryOptions(params), placeholderData: keepPreviousData });
}
