import type { SubscriberListParams } from './get-subscribers.ts';

/**
 * Query keys of the Newsletter screen. A change to one subscriber updates the cached pages in
 * place (setQueriesData on `subscriberLists`) and then invalidates them; a send's own key is
 * `send(id)`, which is polled while it runs.
 */
export const newsletterKeys = {
  all: ['admin-newsletter'] as const,
  subscriberLists: ['admin-newsletter', 'subscribers'] as const,
  subscriberList: (params: SubscriberListParams) =>
    ['admin-newsletter', 'subscribers', params] as const,
  sends: ['admin-newsletter', 'sends'] as const,
  sendList: ['admin-newsletter', 'sends', 'list'] as const,
  send: (id: string) => ['admin-newsletter', 'sends', 'detail', id] as const,
};
