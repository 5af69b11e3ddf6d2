import {
  isSendRunning,
  type NewsletterInput,
  type NewsletterPreview,
  type NewsletterQueued,
  type NewsletterSendDto,
  type NewsletterSendsAnswer,
} from '@labshop/shared/schemas/newsletter';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { newsletterKeys } from './keys.ts';

/** How often a running send's progress is read again. */
export const SEND_POLL_MS = 1000;

/** POST /api/newsletter: 202 with the queued send; the outbox sends it in batches. */
export function sendNewsletter(input: NewsletterInput): Promise<NewsletterQueued> {
  return apiJson<NewsletterQueued>('/api/newsletter', jsonRequest('POST', input));
}

/** POST /api/newsletter/preview: the mail as a recipient gets it; nothing is sent. */
export function previewNewsletter(input: NewsletterInput): Promise<NewsletterPreview> {
  return apiJson<NewsletterPreview>('/api/newsletter/preview', jsonRequest('POST', input));
}

/** POST /api/newsletter/test: one [Test] copy to the signed-in admin; no send is made. */
export function sendTestNewsletter(input: NewsletterInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/newsletter/test', jsonRequest('POST', input));
}

/** GET /api/newsletters: the first page of sends, newest first. */
export function getSends(signal?: AbortSignal): Promise<NewsletterSendsAnswer> {
  return apiJson<NewsletterSendsAnswer>('/api/newsletters', { signal });
}

/** GET /api/newsletters/{id}: one send and how far it is. */
export function getSend(id: string, signal?: AbortSignal): Promise<NewsletterSendDto> {
  return apiJson<NewsletterSendDto>(`/api/newsletters/${encodeURIComponent(id)}`, { signal });
}

export function useSends() {
  return useQuery({
    queryKey: newsletterKeys.sendList,
    queryFn: ({ signal }) => getSends(signal),
    staleTime: 0,
  });
}

export function sendQueryOptions(id: string) {
  return queryOptions({
    queryKey: newsletterKeys.send(id),
    queryFn: ({ signal }) => getSend(id, signal),
    staleTime: 0,
    // Read again every second while the send has work left, then no more (nor after a failed
    // read: the panel says it could not be loaded).
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      return query.state.data && !isSendRunning(query.state.data) ? false : SEND_POLL_MS;
    },
  });
}

/** One send, polled while it runs; nothing while `id` is null. */
export function useSend(id: string | null) {
  return useQuery({ ...sendQueryOptions(id ?? ''), enabled: id !== null });
}

export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletter,
    onSuccess: async ({ newsletter }) => {
      // The progress starts from the answer, not from an empty panel.
      queryClient.setQueryData(newsletterKeys.send(newsletter.id), newsletter);
      await queryClient.invalidateQueries({ queryKey: newsletterKeys.sendList });
    },
  });
}
