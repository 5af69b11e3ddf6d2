import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { CartAnswer } from '@labshop/shared/schemas/checkout';
import { COOKIES } from '@labshop/shared/constants';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/cookies.ts';
import { readCartCount, useCartCount } from './cart-count.ts';
import { priceCartItems } from './cart-items.ts';
import {
  cleanCartCookie,
  clearCart,
  readCartLines,
  removeCartItem,
  setCartItemQuantity,
  useCartLines,
} from './cart-store.ts';

function setRawCookie(value: string) {
  document.cookie = `${COOKIES.cart}=${value}; Path=/`;
}
function cookieEntries(): unknown {
  const raw = readCookie(COOKIES.cart);
  return raw ? JSON.parse(decodeURIComponent(raw)) : null;
}
function clearCookies() {
  document.cookie = `${COOKIES.cart}=; Max-Age=0; Path=/`;
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  clearCookies();
});

const grinder = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };
const lathe = { number: 'PL-30', title: 'Polishing Lathe' };

describe('the cart store', () => {
  it('sets quantities and removes lines in the cookie', () => {
    setRawCookie(encodeURIComponent('["AG-210","PL-30"]'));
    setCartItemQuantity(lathe, 4);
    expect(cookieEntries()).toEqual([
      'AG-210',
      { number: 'PL-30', title: lathe.title, quantity: 4 },
    ]);
    expect(readCartLines().map((line) => line.quantity)).toEqual([1, 4]);
    removeCartItem(grinder);
    expect(cookieEntries()).toEqual([{ number: 'PL-30', title: lathe.title, quantity: 4 }]);
    removeCartItem(lathe);
    // The last line gone: the cookie is deleted, not left as '[]'.
    expect(readCookie(COOKIES.cart)).toBeUndefined();
  });

  it('clears the cart', () => {
    setRawCookie(encodeURIComponent('["AG-210"]'));
    clearCart();
    expect(readCookie(COOKIES.cart)).toBeUndefined();
    expect(readCartLines()).toEqual([]);
  });

  it('tells its hooks at once, and the header counts items (the quantities), not lines', () => {
    setRawCookie(encodeURIComponent('["AG-210"]'));
    const lines = renderHook(() => useCartLines(''));
    const count = renderHook(() => useCartCount(0));
    expect(count.result.current).toBe(1);
    act(() => setCartItemQuantity(lathe, 3));
    expect(lines.result.current).toEqual([
      { number: 'AG-210', title: null, quantity: 1 },
      { number: 'PL-30', title: lathe.title, quantity: 3 },
    ]);
    expect(count.result.current).toBe(4);
    // A repeated entry is one line of quantity 1, as the cart page shows it.
    expect(readCartCount(`${COOKIES.cart}=${encodeURIComponent('["A","A","B"]')}`)).toBe(2);
    const twoAndOne = JSON.stringify([
      { number: 'AG-210', title: 'Grinder', quantity: 2 },
      'VB-12',
    ]);
    expect(readCartCount(`${COOKIES.cart}=${encodeURIComponent(twoAndOne)}`)).toBe(3);
  });

  it('cleans entries naming no live product, and whatever is not a cart entry', () => {
    setRawCookie(
      encodeURIComponent(JSON.stringify(['AG-210', 7, 'GONE-1', { title: 'Old Brush' }, 'PL-30'])),
    );
    cleanCartCookie([
      { number: 'GONE-1', title: null },
      { number: null, title: 'Old Brush' },
    ]);
    expect(cookieEntries()).toEqual(['AG-210', 'PL-30']);
  });

  it('deletes a malformed cookie, and one that names nothing live', () => {
    setRawCookie('not-json');
    cleanCartCookie([]);
    expect(readCookie(COOKIES.cart)).toBeUndefined();
    setRawCookie(encodeURIComponent('["GONE-1"]'));
    cleanCartCookie([{ number: 'GONE-1', title: null }]);
    expect(readCookie(COOKIES.cart)).toBeUndefined();
  });

  it('writes nothing when the cookie is already clean', () => {
    const raw = encodeURIComponent('["AG-210"]');
    setRawCookie(raw);
    cleanCartCookie([]);
    expect(readCookie(COOKIES.cart)).toBe(raw);
  });
});

function product(overrides: Partial<ProductDto>): ProductDto {
  return {
    _id: overrides.number ?? 'id',
    number: 'P-1',
    title: 'Product',
    description: '',
    category: 'Parts',
    images: [],
    newPrice: 10,
    oldPrice: null,
    wholesalePrice: null,
    partnerPricex3: null,
    brochure: null,
    shippingWeightLb: null,
    brochureUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    guid: 'g',
    ...overrides,
  };
}

describe('priceCartItems', () => {
  const lathePrices = product({
    number: 'PL-30',
    title: lathe.title,
    newPrice: 100.1,
    wholesalePrice: 80.05,
    partnerPricex3: 70.33,
  });
  const brush = product({ number: 'BR-1', title: 'Brush', newPrice: 0.1 });

  it('prices retail for anonymous visitors with the cookie quantities', () => {
    const answer: CartAnswer = {
      tier: 'retail',
      items: [
        { product: lathePrices, quantity: 1 },
        { product: brush, quantity: 1 },
      ],
      removed: [],
    };
    const priced = priceCartItems(answer, [
      { number: 'PL-30', title: null, quantity: 3 },
      { number: 'BR-1', title: null, quantity: 3 },
    ]);
    expect(priced.items.map((item) => [item.unitPriceCents, item.lineTotalCents])).toEqual([
      [10010, 30030],
      [10, 30],
    ]);
    expect(priced.totalCents).toBe(30060);
  });

  it('gives signed-in users wholesale, and the partner price from quantity 3', () => {
    const answer: CartAnswer = {
      tier: 'wholesale',
      items: [{ product: lathePrices, quantity: 1 }],
      removed: [],
    };
    const at = (quantity: number) =>
      priceCartItems(answer, [{ number: 'PL-30', title: null, quantity }]).items[0];
    expect(at(2)?.unitPriceCents).toBe(8005);
    expect(at(3)?.unitPriceCents).toBe(7033);
    expect(at(3)?.lineTotalCents).toBe(21099);
  });

  it('leaves out products whose line left the cookie; finds title-only lines', () => {
    const answer: CartAnswer = {
      tier: 'retail',
      items: [
        { product: lathePrices, quantity: 1 },
        { product: brush, quantity: 2 },
      ],
      removed: [],
    };
    const priced = priceCartItems(answer, [{ number: null, title: 'Brush', quantity: 2 }]);
    expect(priced.items.map((item) => item.product.number)).toEqual(['BR-1']);
    expect(priced.totalCents).toBe(20);
  });
});
