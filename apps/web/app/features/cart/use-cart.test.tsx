import { COOKIES } from '@labshop/shared/constants';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/cookies.ts';
import { useCart } from './use-cart.ts';

function clearCookies() {
  for (const name of [COOKIES.cart, COOKIES.addToCartNotice]) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  clearCookies();
});

const grinder = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };
const lathe = { number: 'PL-30', title: 'Polishing Lathe' };

describe('the cart of a selling page', () => {
  it('appends the product number to the cart cookie and knows it is in the cart', () => {
    document.cookie = `${COOKIES.cart}=${encodeURIComponent('["VB-12"]')}; Path=/`;
    const { result } = renderHook(() => useCart(''));
    expect(result.current.has(grinder)).toBe(false);
    act(() => result.current.add(grinder));
    expect(result.current.has(grinder)).toBe(true);
    expect(JSON.parse(decodeURIComponent(readCookie(COOKIES.cart) ?? ''))).toEqual([
      'VB-12',
      'AG-210',
    ]);
    // Adding again does not duplicate it.
    act(() => result.current.add(grinder));
    expect(JSON.parse(decodeURIComponent(readCookie(COOKIES.cart) ?? ''))).toHaveLength(2);
  });

  it('shows the added-to-cart alert once, then suppresses it with its cookie', () => {
    const { result } = renderHook(() => useCart(''));
    act(() => result.current.add(grinder));
    expect(result.current.noticeOpen).toBe(true);
    expect(readCookie(COOKIES.addToCartNotice)).toBeTruthy();
    act(() => result.current.closeNotice());
    act(() => result.current.add(lathe));
    expect(result.current.noticeOpen).toBe(false);
  });
});
