import {
  cartHas,
  parseCartCookie,
  serializeCartCookie,
  type CartCookieEntry,
} from '@labshop/shared/cart-cookie';
import { CART_COUNT_REFRESH_MS, COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { writeCookie } from '../../lib/write-cookie.ts';

/** What the cart needs to know of a product: its number, and its title for object entries. */
export interface CartProduct {
  number: string;
  title: string;
}

// The cookie is the store. Pages re-read it when this tab adds, and every 500 ms like the
// header count, so a change in another tab or on the cart page shows up too.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const timer = window.setInterval(listener, CART_COUNT_REFRESH_MS);
  return () => {
    listeners.delete(listener);
    window.clearInterval(timer);
  };
}

function readRawCartCookie(): string {
  return readCookie(COOKIES.cart) ?? '';
}

/** The raw `_cart__rf` value of a request, for loaders: pages render 'In Cart' on the server. */
export function readRequestCartCookie(request: Request): string {
  return readCookie(COOKIES.cart, request.headers.get('cookie')) ?? '';
}

/** Appends the product's number to the cart cookie unless the cart already holds it. */
export function addToCartCookie(product: CartProduct): void {
  const entries: CartCookieEntry[] = parseCartCookie(readRawCartCookie());
  if (cartHas(entries, product)) return;
  writeCookie(
    COOKIES.cart,
    serializeCartCookie([...entries, product.number]),
    COOKIE_MAX_AGE_SECONDS.cart,
  );
  for (const listener of listeners) listener();
}

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
 * (readRequestCartCookie in the loader), so the first HTML and hydration agree.
 */
export function useCart(serverCartCookie: string): Cart {
  const rawCookie = useSyncExternalStore(subscribe, readRawCartCookie, () => serverCartCookie);
  const entries = useMemo(() => parseCartCookie(rawCookie), [rawCookie]);
  const [noticeOpen, setNoticeOpen] = useState(false);

  const has = useCallback((product: CartProduct) => cartHas(entries, product), [entries]);
  const add = useCallback((product: CartProduct) => {
    addToCartCookie(product);
    if (claimAddToCartNotice()) setNoticeOpen(true);
  }, []);
  const closeNotice = useCallback(() => setNoticeOpen(false), []);

  return { has, add, noticeOpen, closeNotice };
}
