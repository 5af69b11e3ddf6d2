import { parseCartCookie } from '@labshop/shared/cart-cookie';
import { CART_COUNT_REFRESH_MS, COOKIES } from '@labshop/shared/constants';
import { useEffect, useState } from 'react';
import { readCookie } from '../../lib/cookies.ts';

/** Items in the cart cookie; on the server pass the request's Cookie header. */
export function readCartCount(cookieHeader?: string | null): number {
  return parseCartCookie(readCookie(COOKIES.cart, cookieHeader)).length;
}

/**
 * The header's cart count: the server's figure first, then re-read from the cookie every
 * 500 ms (SPEC.md section 9), so changes from another tab show up too.
 */
export function useCartCount(serverCount: number): number {
  const [count, setCount] = useState(serverCount);
  useEffect(() => {
    const refresh = () => setCount(readCartCount());
    refresh();
    const timer = window.setInterval(refresh, CART_COUNT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return count;
}
