import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  discountOf,
  MAX_LINE_QUANTITY,
  normalizeCouponCode,
  normalizeQuantity,
  priceCart,
  pricesFromDollars,
  unitPriceCents,
  type ProductPrices,
} from './pricing.ts';

const grinder: ProductPrices = {
  newPriceCents: 129_900,
  wholesalePriceCents: 109_900,
  partnerPriceX3Cents: 99_900,
};
const brush: ProductPrices = {
  newPriceCents: 1_025,
  wholesalePriceCents: 875,
  partnerPriceX3Cents: null,
};

describe('unitPriceCents: the price by role (SPEC.md section 6)', () => {
  it('charges anonymous visitors retail at any quantity', () => {
    for (const quantity of [1, 3, 10]) {
      expect(unitPriceCents(grinder, 'retail', quantity)).toBe(129_900);
    }
  });

  it('charges signed-in users wholesale below 3', () => {
    expect(unitPriceCents(grinder, 'wholesale', 1)).toBe(109_900);
    expect(unitPriceCents(grinder, 'wholesale', 2)).toBe(109_900);
  });

  it('charges the partner x3 price from quantity 3 when it is set', () => {
    expect(unitPriceCents(grinder, 'wholesale', 3)).toBe(99_900);
    expect(unitPriceCents(grinder, 'wholesale', 50)).toBe(99_900);
  });

  it('keeps wholesale at quantity 3 when no partner price is set', () => {
    expect(unitPriceCents(brush, 'wholesale', 3)).toBe(875);
  });
});

describe('pricesFromDollars', () => {
  it('converts the API dollars to cents without float drift', () => {
    expect(
      pricesFromDollars({ newPrice: 19.99, wholesalePrice: 16.9, partnerPricex3: 0.29 }),
    ).toEqual({ newPriceCents: 1999, wholesalePriceCents: 1690, partnerPriceX3Cents: 29 });
  });

  it('falls back to retail when the wholesale price is hidden (anonymous answers)', () => {
    expect(pricesFromDollars({ newPrice: 10, wholesalePrice: null, partnerPricex3: null })).toEqual(
      {
        newPriceCents: 1000,
        wholesalePriceCents: 1000,
        partnerPriceX3Cents: null,
      },
    );
  });
});

describe('normalizeQuantity: never below 1 (SPEC.md section 4)', () => {
  it('keeps whole numbers from 1', () => {
    expect(normalizeQuantity(1)).toBe(1);
    expect(normalizeQuantity(7)).toBe(7);
    expect(normalizeQuantity(' 12 ')).toBe(12);
  });

  it('resets empty, zero, negative, fractional and non-numeric values to 1', () => {
    for (const value of ['', '  ', 0, -3, '0', '-1', 2.5, '2.5', 'abc', NaN, null, undefined, {}]) {
      expect(normalizeQuantity(value)).toBe(1);
    }
  });

  it('caps a line at the maximum', () => {
    expect(normalizeQuantity(MAX_LINE_QUANTITY + 1)).toBe(MAX_LINE_QUANTITY);
    expect(normalizeQuantity('100000')).toBe(MAX_LINE_QUANTITY);
  });
});

describe('discountOf: coupon percent rounded half up to a cent', () => {
  it('rounds half a cent up', () => {
    // 2% of $10.25 is 20.5 cents.
    expect(discountOf(1025, 2)).toBe(21);
    // 10% of $0.05 is 0.5 cents.
    expect(discountOf(5, 10)).toBe(1);
  });

  it('rounds below half down', () => {
    // 2% of $10.20 is 20.4 cents.
    expect(discountOf(1020, 2)).toBe(20);
    expect(discountOf(4, 10)).toBe(0);
  });

  it('is exact on large amounts (no floating-point error)', () => {
    // 10% of $12,345,678.95.
    expect(discountOf(1_234_567_895, 10)).toBe(123_456_790);
    expect(discountOf(1_234_567_894, 10)).toBe(123_456_789);
  });

  it('is 0 without a percent and never more than the amount', () => {
    expect(discountOf(5000, 0)).toBe(0);
    expect(discountOf(5000, 100)).toBe(5000);
  });
});

describe('priceCart', () => {
  const lines = [
    { number: 'AG-1', title: 'Alloy Grinder', quantity: 3, prices: grinder },
    { number: 'BR-2', title: 'Brush', quantity: 2, prices: brush },
  ];

  it('totals retail lines for anonymous visitors', () => {
    const cart = priceCart(lines, 'retail');
    expect(cart.lines).toEqual([
      {
        number: 'AG-1',
        title: 'Alloy Grinder',
        quantity: 3,
        unitPriceCents: 129_900,
        lineTotalCents: 389_700,
      },
      { number: 'BR-2', title: 'Brush', quantity: 2, unitPriceCents: 1_025, lineTotalCents: 2_050 },
    ]);
    expect(cart).toMatchObject({
      subtotalCents: 391_750,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 391_750,
    });
  });

  it('applies partner x3 per line for signed-in users', () => {
    const cart = priceCart(lines, 'wholesale');
    expect(cart.lines.map((line) => line.unitPriceCents)).toEqual([99_900, 875]);
    expect(cart.totalCents).toBe(3 * 99_900 + 2 * 875);
  });

  it('takes Black10 (10%) off the subtotal, rounded to a cent', () => {
    const cart = priceCart(
      [{ number: 'BR-2', title: 'Brush', quantity: 3, prices: brush }],
      'retail',
      10,
    );
    // 3 x $10.25 = $30.75; 10% = 307.5 cents -> 308.
    expect(cart).toMatchObject({ subtotalCents: 3075, discountCents: 308, totalCents: 2767 });
  });

  it('takes WELCOME2 (2%) off', () => {
    const cart = priceCart(
      [{ number: 'AG-1', title: 'Alloy Grinder', quantity: 1, prices: grinder }],
      'retail',
      2,
    );
    expect(cart).toMatchObject({ discountCents: 2598, totalCents: 127_302 });
  });

  it('normalises a bad quantity to 1 rather than pricing it', () => {
    const cart = priceCart(
      [{ number: 'BR-2', title: 'Brush', quantity: 0, prices: brush }],
      'retail',
    );
    expect(cart.lines[0]?.quantity).toBe(1);
    expect(cart.totalCents).toBe(1_025);
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart([], 'wholesale', 10)).toMatchObject({
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
    });
  });
});

describe('coupon codes and the minimum amount', () => {
  it('matches coupon codes case-insensitively', () => {
    expect(normalizeCouponCode(' Black10 ')).toBe(normalizeCouponCode('BLACK10'));
    expect(normalizeCouponCode('welcome2')).toBe(normalizeCouponCode('WELCOME2'));
  });

  it('refuses zero and negative amounts first, then anything under 300 cents', () => {
    expect(amountProblem(0)).toBe('not-positive');
    expect(amountProblem(-5)).toBe('not-positive');
    expect(amountProblem(Number.NaN)).toBe('not-positive');
    expect(amountProblem(1)).toBe('below-minimum');
    expect(amountProblem(299)).toBe('below-minimum');
    expect(amountProblem(300)).toBeNull();
    expect(amountProblem(389_700)).toBeNull();
  });
});
