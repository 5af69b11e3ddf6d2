import { describe, expect, it } from 'vitest';
import {
  CART_COOKIE_MAX_ENTRIES,
  cartHas,
  parseCartCookie,
  serializeCartCookie,
} from './cart-cookie.ts';

describe('parseCartCookie', () => {
  it('reads product numbers and titled objects, URI-encoded or not', () => {
    const cart = ['AG-210', { title: 'Polishing Lathe', number: 'PL-2' }];
    expect(parseCartCookie(encodeURIComponent(JSON.stringify(cart)))).toEqual(cart);
    expect(parseCartCookie(JSON.stringify(cart))).toEqual(cart);
  });

  it('reads a missing, malformed or non-list cookie as an empty cart', () => {
    for (const raw of [undefined, null, '', '%E0%A4%A', 'not json', '{"a":1}', '42', 'null']) {
      expect(parseCartCookie(raw)).toEqual([]);
    }
  });

  it('drops entries that are neither numbers nor titled objects', () => {
    const raw = JSON.stringify(['AG-210', 7, null, [], { number: 'X' }, '', { title: 'Brush' }]);
    expect(parseCartCookie(raw)).toEqual(['AG-210', { title: 'Brush' }]);
  });

  it('reads at most the bounded number of entries', () => {
    const raw = JSON.stringify(Array.from({ length: 5000 }, (_, index) => `P-${index}`));
    expect(parseCartCookie(raw)).toHaveLength(CART_COOKIE_MAX_ENTRIES);
  });
});

describe('cartHas and serializeCartCookie', () => {
  it('finds a product by number, or by title for object entries', () => {
    const entries = parseCartCookie(serializeCartCookie(['AG-210', { title: 'Lathe Belt' }]));
    expect(cartHas(entries, { number: 'AG-210', title: 'Alloy Grinder' })).toBe(true);
    expect(cartHas(entries, { number: 'LB-1', title: 'Lathe Belt' })).toBe(true);
    expect(cartHas(entries, { number: 'ag-210', title: 'Other' })).toBe(false);
  });
});
