import type {
  AddSubscriberInput,
  SubscriberChange,
  SubscriberDto,
  SubscribersAnswer,
} from '@labshop/shared/schemas/newsletter';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { newsletterKeys } from './keys.ts';

/**
 * POST /api/unsubscribe (SPEC.md's call, as a POST: a GET must change nothing): subscribed
 * becomes false. 404 when the address is not on the list.
 */
export function unsubscribe(email: string): Promise<SubscriberChange> {
  return apiJson<SubscriberChange>('/api/unsubscribe', jsonRequest('POST', { email }));
}

/** POST /api/subscribe: subscribed becomes true again. 404 when the address is not on the list. */
export function subscribe(email: string): Promise<SubscriberChange> {
  return apiJson<SubscriberChange>('/api/subscribe', jsonRequest('POST', { email }));
}

/** POST /api/add-subscriber: 201 with the new row; 409 when the address is already listed. */
export function addSubscriber(input: AddSubscriberInput): Promise<SubscriberChange> {
  return apiJson<SubscriberChange>('/api/add-subscriber', jsonRequest('POST', input));
}

/** Puts the changed subscriber in its place on every cached page that shows it. */
export function replaceCachedSubscriber(queryClient: QueryClient, changed: SubscriberDto): void {
  queryClient.setQueriesData<SubscribersAnswer>(
    { queryKey: newsletterKeys.subscriberLists },
    (answer) =>
      answer?.subscribers.some((row) => row._id === changed._id)
        ? {
            ...answer,
            subscribers: answer.subscribers.map((row) => (row._id === changed._id ? changed : row)),
          }
        : answer,
  );
}

export type SubscriptionChange = { action: 'unsubscribe' | 'subscribe'; email: string };

/**
 * Unsubscribe or subscribe one address (the row's button and the unsubscribe form): on success
 * its row changes in place at once (SPEC.md: "The row updates in place after success"), then
 * the pages are read again.
 */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, email }: SubscriptionChange) =>
      action === 'unsubscribe' ? unsubscribe(email) : subscribe(email),
    onSuccess: (answer) => {
      replaceCachedSubscriber(queryClient, answer.subscriber);
      // Not awaited: the row and the message show now; the server's pages follow.
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.subscriberLists });
    },
  });
}

export function useAddSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubscriber,
    // Newest first: the new row opens page 1.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.subscriberLists }),
  });
}
