import { cartCookieLines, parseCartCookie } from '@labshop/shared/cart-cookie';
import { COOKIES } from '@labshop/shared/constants';
import { useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { subscribeToCart } from './cart-store.ts';

/**
 * Items in the cart cookie: the sum of its lines' quantities, the figure the cart's summary
 * shows (AG-210 x2 and VB-12 x1 are 3). On the server pass the request's Cookie header.
 */
export function readCartCount(cookieHeader?: string | null): number {
  return cartCookieLines(parseCartCookie(readCookie(COOKIES.cart, cookieHeader))).reduce(
    (items, line) => items + line.quantity,
    0,
  );
}

/**
 * The header's cart count: the server's figure first (null when the server could not know it),
 * then the cookie's, re-read when this tab changes the cart and every 500 ms (SPEC.md section 9),
 * so changes from another tab show up too.
 */
export function useCartCount(serverCount: number | null): number | null {
  return useSyncExternalStore<number | null>(
    subscribeToCart,
    () => readCartCount(),
    () => serverCount,
  );
}
