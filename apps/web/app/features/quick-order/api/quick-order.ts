import type { QuickOrderAnswer } from '@labshop/shared/quick-order';
import { formResultOf } from '../../../lib/post-public-form.ts';
import { QUICK_ORDER_PAGE_MESSAGES } from '../quick-order-form-fields.ts';

/** What POST /api/quick-order gave: the resolved lines, or the error to show and its status. */
export type QuickOrderResult =
  { answer: QuickOrderAnswer; error: null } | { answer: null; error: string; status: number };

/**
 * POST /api/quick-order through `fetchApi`: the browser's fetch as the visitor types, or the
 * action's `context.apiFetch` (in-process, as the visitor) for a form posted before or without
 * the page's code. A failure without the API's message says QUICK_ORDER_PAGE_MESSAGES.failed; an
 * aborted request (the visitor typed on) rejects.
 */
export async function postQuickOrder(
  fetchApi: (path: string, init: RequestInit) => Promise<Response>,
  text: string,
  signal?: AbortSignal,
): Promise<QuickOrderResult> {
  const failed = { answer: null, error: QUICK_ORDER_PAGE_MESSAGES.failed } as const;
  let response: Response;
  try {
    response = await fetchApi('/api/quick-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ text }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('The quick order failed:', error);
    return { ...failed, status: 503 };
  }
  if (response.ok) {
    try {
      return { answer: (await response.json()) as QuickOrderAnswer, error: null };
    } catch (error) {
      if (signal?.aborted) throw error;
      console.error('The quick order answer could not be read:', error);
      return { ...failed, status: 502 };
    }
  }
  const result = await formResultOf(response, { sent: failed.error, failed: failed.error });
  return { answer: null, error: result.ok ? failed.error : result.error, status: response.status };
}
