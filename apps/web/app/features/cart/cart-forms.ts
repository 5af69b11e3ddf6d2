import { parseCartCookie, cartHas, serializeCartCookie } from '@labshop/shared/cart-cookie';
import { useEffect } from 'react';

/**
 * The cart's forms work before, and without, the page's code (issue 33). Add to Cart submits a
 * plain form: the page's action puts the product in the cart cookie and sends the visitor back
 * to the same page with the just-added parameters, and the page shows what the code would have
 * shown. Each line of the cart page is a form too (cart-line-form.ts).
 */

/** The 'Add to Cart' form's field naming the product (its number). */
export const ADD_TO_CART_FIELD = 'product';

/** The product just added: its 'Add to Cart' shows 'In Cart'. */
export const ADDED_PARAM = 'added';
/** Present when that add claimed the one-time 'Item added successfully to cart' alert. */
export const NOTICE_PARAM = 'notice';

export interface JustAdded {
  number: string;
  /** Whether the page shows the one-time alert. */
  notice: boolean;
}

/** What a page's URL says was just added, if anything (for its loader). */
export function justAddedFrom(url: URL): JustAdded | null {
  const number = url.searchParams.get(ADDED_PARAM);
  if (!number || number.length > 100) return null;
  return { number, notice: url.searchParams.get(NOTICE_PARAM) === '1' };
}

/** The URL without the just-added parameters: where the page stays once they are shown. */
export function withoutJustAdded(url: URL): URL {
  const clean = new URL(url);
  clean.searchParams.delete(ADDED_PARAM);
  clean.searchParams.delete(NOTICE_PARAM);
  return clean;
}

/**
 * The cart cookie a page renders with: the request's (empty in the shared render, which is made
 * without cookies) plus the product just added, so the first HTML already says 'In Cart'.
 */
export function cartCookieWithJustAdded(cartCookie: string, justAdded: JustAdded | null): string {
  if (!justAdded) return cartCookie;
  const entries = parseCartCookie(cartCookie);
  const product = { number: justAdded.number, title: '' };
  return cartHas(entries, product)
    ? cartCookie
    : serializeCartCookie([...entries, justAdded.number]);
}

/**
 * Once the code runs, takes the just-added parameters out of the address bar, so a reload or a
 * shared link does not say again that something was added. React Router's history entry state
 * is kept; the loader's data already holds what the parameters said.
 */
export function useForgetJustAdded(justAdded: JustAdded | null): void {
  useEffect(() => {
    if (!justAdded) return;
    const clean = withoutJustAdded(new URL(window.location.href));
    window.history.replaceState(
      window.history.state,
      '',
      clean.pathname + clean.search + clean.hash,
    );
  }, [justAdded]);
}
