import { cartHas, parseCartCookie } from '@labshop/shared/cart-cookie';
import { COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import { useCallback, useMemo, useState } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { writeCookie } from '../../lib/write-cookie.ts';
import { addToCartCookie, useRawCartCookie, type CartProduct } from './cart-store.ts';
import { useForgetJustAdded, type JustAdded } from './cart-forms.ts';

// The cart store (the cookie) lives in cart-store.ts; the selling pages and the checkout use
// it from here or from there.
export {
  addToCartCookie,
  cartLineOf,
  cleanCartCookie,
  clearCart,
  readCartLines,
  readRequestCartCookie,
  removeCartItem,
  setCartItemQuantity,
  useCartLines,
  type CartCookieLine,
  type CartProduct,
} from './cart-store.ts';

/**
 * Claims the one-time 'Item added successfully to cart' alert: true the first time, then false
 * for 30 days (SPEC.md sections 4 and 9).
 */
export function claimAddToCartNotice(): boolean {
  if (readCookie(COOKIES.addToCartNotice)) return false;
  writeCookie(COOKIES.addToCartNotice, '1', COOKIE_MAX_AGE_SECONDS.addToCartNotice);
  return true;
}

export interface Cart {
  has(product: CartProduct): boolean;
  add(product: CartProduct): void;
  /** Whether the one-time added-to-cart alert is showing. */
  noticeOpen: boolean;
  closeNotice(): void;
}

/**
 * The visitor's cart for a page that sells. `serverCartCookie` is the request's cookie value
 * (readRequestCartCookie and cartCookieWithJustAdded in the loader), so the first HTML and
 * hydration agree; `justAdded` is what the page's URL says its Add to Cart form just added
 * (justAddedFrom in the loader).
 */
export function useCart(serverCartCookie: string, justAdded: JustAdded | null = null): Cart {
  const rawCookie = useRawCartCookie(serverCartCookie);
  const entries = useMemo(() => parseCartCookie(rawCookie), [rawCookie]);
  const [noticeOpen, setNoticeOpen] = useState(justAdded?.notice ?? false);
  useForgetJustAdded(justAdded);

  const has = useCallback((product: CartProduct) => cartHas(entries, product), [entries]);
  const add = useCallback((product: CartProduct) => {
    addToCartCookie(product);
    if (claimAddToCartNotice()) setNoticeOpen(true);
  }, []);
  const closeNotice = useCallback(() => setNoticeOpen(false), []);

  return { has, add, noticeOpen, closeNotice };
}
