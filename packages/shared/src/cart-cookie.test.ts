import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_COOKIE_MAX_ENTRIES,
  cartCookieLines,
  cartHas,
  parseCartCookie,
  removeFromCart,
  serializeCartCookie,
  setCartQuantity,
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

  it('drops entries with control characters or overlong titles (they name no product)', () => {
    const raw = JSON.stringify([
      'AG-210',
      'VB\u000012',
      { title: 'Brush\u0000' },
      { title: 't'.repeat(301) },
      { title: 'Belt', number: 'LB\n1' },
      { title: 'Belt', number: 'LB-1', quantity: 2 },
    ]);
    expect(parseCartCookie(raw)).toEqual([
      'AG-210',
      { title: 'Belt', number: 'LB-1', quantity: 2 },
    ]);
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

const grinder = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };
const belt = { number: 'LB-1', title: 'Lathe Belt' };

describe('cartCookieLines', () => {
  it('reads a number as one of it and an object with its quantity', () => {
    expect(
      cartCookieLines(['AG-210', { number: 'LB-1', title: 'Lathe Belt', quantity: 4 }]),
    ).toEqual([
      { number: 'AG-210', title: null, quantity: 1 },
      { number: 'LB-1', title: 'Lathe Belt', quantity: 4 },
    ]);
  });

  it('reads an object without a number by its title, quantity 1 when it has none', () => {
    expect(cartCookieLines([{ title: 'Lathe Belt' }])).toEqual([
      { number: null, title: 'Lathe Belt', quantity: 1 },
    ]);
  });

  it('normalises quantities: invalid ones are 1, large ones 999', () => {
    const quantities = [0, -2, 2.5, '3', 'x', null, 5000].map(
      (quantity, index) =>
        cartCookieLines([{ number: `P-${index}`, title: `P ${index}`, quantity }])[0]?.quantity,
    );
    expect(quantities).toEqual([1, 1, 1, 3, 1, 1, 999]);
  });

  it('counts a repeated product once, with its first entry', () => {
    expect(
      cartCookieLines([
        'AG-210',
        { number: 'AG-210', title: 'Grinder', quantity: 5 },
        { title: 'Brush' },
        { title: 'Brush', quantity: 2 },
      ]),
    ).toEqual([
      { number: 'AG-210', title: null, quantity: 1 },
      { number: null, title: 'Brush', quantity: 1 },
    ]);
  });
});

describe('setCartQuantity', () => {
  it('turns a number entry into an object with the quantity, in place', () => {
    expect(setCartQuantity(['VB-12', 'AG-210', 'LB-1'], grinder, 3)).toEqual([
      'VB-12',
      { number: 'AG-210', title: grinder.title, quantity: 3 },
      'LB-1',
    ]);
  });

  it('writes quantity 1 back as the plain number', () => {
    const entries = [{ number: 'AG-210', title: grinder.title, quantity: 3 }];
    expect(setCartQuantity(entries, grinder, 1)).toEqual(['AG-210']);
  });

  it('never goes below 1 or above 999', () => {
    expect(setCartQuantity(['AG-210'], grinder, 0)).toEqual(['AG-210']);
    expect(setCartQuantity(['AG-210'], grinder, -4)).toEqual(['AG-210']);
    expect(setCartQuantity(['AG-210'], grinder, 12_000)).toEqual([
      { number: 'AG-210', title: grinder.title, quantity: 999 },
    ]);
  });

  it('finds a title-only entry by its title', () => {
    expect(setCartQuantity([{ title: 'Lathe Belt' }], belt, 2)).toEqual([
      { number: 'LB-1', title: 'Lathe Belt', quantity: 2 },
    ]);
  });

  it('adds a product that is not in the cart, and leaves the input as it was', () => {
    const entries = ['VB-12'];
    expect(setCartQuantity(entries, grinder, 2)).toEqual([
      'VB-12',
      { number: 'AG-210', title: grinder.title, quantity: 2 },
    ]);
    expect(entries).toEqual(['VB-12']);
  });

  it('keeps the quantity through the cookie', () => {
    const raw = serializeCartCookie(setCartQuantity(['AG-210', 'LB-1'], belt, 7));
    expect(cartCookieLines(parseCartCookie(raw)).map((line) => line.quantity)).toEqual([1, 7]);
  });
});

describe('removeFromCart', () => {
  it('removes the first entry matching by value or title', () => {
    expect(removeFromCart(['VB-12', 'AG-210', 'AG-210'], grinder)).toEqual(['VB-12', 'AG-210']);
    expect(removeFromCart([{ title: 'Lathe Belt' }, 'VB-12'], belt)).toEqual(['VB-12']);
    expect(
      removeFromCart([{ number: 'AG-210', title: grinder.title, quantity: 4 }], grinder),
    ).toEqual([]);
  });

  it('leaves a cart without the product as it is', () => {
    const entries = ['VB-12'];
    const result = removeFromCart(entries, grinder);
    expect(result).toEqual(['VB-12']);
    expect(result).not.toBe(entries);
  });
});

describe('addToCart', () => {
  const grinder = { number: 'AG-210', title: 'Alloy grinder' };
  const wheel = { number: 'W-8', title: 'Grinding wheel' };

  it('appends new products with their quantities, in order', () => {
    expect(
      addToCart(
        [],
        [
          { ...grinder, quantity: 1 },
          { ...wheel, quantity: 3 },
        ],
      ),
    ).toEqual(['AG-210', { number: 'W-8', title: 'Grinding wheel', quantity: 3 }]);
  });

  it('adds to the quantity of a product the cart holds, by number or title, up to 999', () => {
    const entries = ['AG-210', { title: 'Grinding wheel', quantity: 998 }];
    expect(
      addToCart(entries, [
        { ...grinder, quantity: 2 },
        { ...wheel, quantity: 5 },
      ]),
    ).toEqual([
      { number: 'AG-210', title: 'Alloy grinder', quantity: 3 },
      { number: 'W-8', title: 'Grinding wheel', quantity: 999 },
    ]);
  });
});
