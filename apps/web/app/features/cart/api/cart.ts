import type { CartAnswer } from '@labshop/shared/schemas/checkout';
import type { AppLoadContext } from 'react-router';
import { getApiJson } from '../../../lib/api-json.ts';

/**
 * GET /api/cart: the visitor's cart cookie resolved to products at their tier. A failed load is
 * an answer too (`null`): the cart page says so in a line instead of failing as a page.
 */
export type CartLoad = { answer: CartAnswer } | { answer: null };

/** For the server loader: in-process, as the visitor (their cookie and session go along). */
export async function loadCart(context: AppLoadContext): Promise<CartLoad> {
  try {
    return { answer: await getApiJson<CartAnswer>(context, '/api/cart') };
  } catch (error) {
    console.error('Loading the cart failed:', error);
    return { answer: null };
  }
}

/** For client-side navigations: the browser asks itself, so the page can show its spinner. */
export async function loadCartInBrowser(signal?: AbortSignal): Promise<CartLoad> {
  try {
    const response = await fetch('/api/cart', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) throw new Error(`GET /api/cart answered ${response.status}`);
    return { answer: (await response.json()) as CartAnswer };
  } catch (error) {
    // A navigation that moved on aborts the request: nobody is waiting for an answer.
    if (signal?.aborted) return { answer: null };
    console.error('Loading the cart failed:', error);
    return { answer: null };
  }
}
