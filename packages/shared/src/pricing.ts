import { PAYMENT } from './constants.ts';
import { dollarsToCents, type Cents } from './money.ts';
import type { PriceTier } from './auth.ts';

/**
 * What a customer pays (SPEC.md sections 6 and 9). The cart page, the checkout page and the
 * server's process-payment all price with these functions, so the amount the browser shows is
 * the amount the server recomputes and charges. Every amount is integer cents.
 */

/** The prices of one product in cents; `partnerPriceX3Cents` null when unset. */
export interface ProductPrices {
  newPriceCents: Cents;
  wholesalePriceCents: Cents;
  partnerPriceX3Cents: Cents | null;
}

/** Product prices as the API answers them (dollars); wholesale/partner null for anonymous. */
export interface ProductPriceDollars {
  newPrice: number;
  wholesalePrice: number | null;
  partnerPricex3: number | null;
}

/** Dollar prices from the API to cents; a missing wholesale price falls back to retail. */
export function pricesFromDollars(product: ProductPriceDollars): ProductPrices {
  const newPriceCents = dollarsToCents(product.newPrice);
  return {
    newPriceCents,
    wholesalePriceCents:
      product.wholesalePrice === null ? newPriceCents : dollarsToCents(product.wholesalePrice),
    partnerPriceX3Cents:
      product.partnerPricex3 === null ? null : dollarsToCents(product.partnerPricex3),
  };
}

/**
 * The unit price of a line: retail for anonymous visitors; for signed-in users the wholesale
 * price, or the partner x3 price when the line's quantity is 3 or more and that price is set.
 */
export function unitPriceCents(prices: ProductPrices, tier: PriceTier, quantity: number): Cents {
  if (tier === 'retail') return prices.newPriceCents;
  if (quantity >= PAYMENT.partnerPriceMinQuantity && prices.partnerPriceX3Cents !== null) {
    return prices.partnerPriceX3Cents;
  }
  return prices.wholesalePriceCents;
}

/** The most of one product a cart line may hold; more is a typing slip, not an order. */
export const MAX_LINE_QUANTITY = 999;

/**
 * A quantity as typed or stored: a whole number from 1 to MAX_LINE_QUANTITY. Anything else
 * (empty, zero, negative, fractional, text) is 1, as the spec's stepper resets on blur.
 */
export function normalizeQuantity(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim() || Number.NaN) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return 1;
  return Math.min(number, MAX_LINE_QUANTITY);
}

export interface PricingLine {
  number: string;
  title: string;
  quantity: number;
  prices: ProductPrices;
}

export interface PricedLine {
  number: string;
  title: string;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalCents: Cents;
  /** The coupon's percent, 0 without a coupon. */
  discountPercent: number;
  discountCents: Cents;
  /** What is charged: subtotal minus discount. */
  totalCents: Cents;
}

/**
 * Prices a cart for a tier, with an optional coupon percent. The discount is the percent of the
 * subtotal rounded half up to a cent (2% of $10.25 is 20.5 cents: 21), so the total is always a
 * whole number of cents.
 */
export function priceCart(
  lines: readonly PricingLine[],
  tier: PriceTier,
  couponPercent: number | null = null,
): PricedCart {
  const priced = lines.map((line) => {
    const quantity = normalizeQuantity(line.quantity);
    const unit = unitPriceCents(line.prices, tier, quantity);
    return {
      number: line.number,
      title: line.title,
      quantity,
      unitPriceCents: unit,
      lineTotalCents: unit * quantity,
    };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountPercent = couponPercent ?? 0;
  const discountCents = discountOf(subtotalCents, discountPercent);
  return {
    lines: priced,
    subtotalCents,
    discountPercent,
    discountCents,
    totalCents: subtotalCents - discountCents,
  };
}

/** `percent` of `cents`, rounded half up to a whole cent, never more than the amount. */
export function discountOf(cents: Cents, percent: number): Cents {
  if (percent <= 0) return 0;
  // Integer arithmetic: cents * percent is exact, so 0.5 cents rounds up without float drift.
  const scaled = cents * Math.round(percent * 100);
  return Math.min(cents, Math.floor((scaled + 5000) / 10000));
}

/** Coupon codes match case-insensitively (WELCOME2, welcome2 and Welcome2 are one code). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toLowerCase();
}

/** Why an amount cannot be charged, checked in the spec's order; null when it can. */
export function amountProblem(amountCents: number): 'not-positive' | 'below-minimum' | null {
  if (!(amountCents > 0)) return 'not-positive';
  if (amountCents < PAYMENT.minimumCents) return 'below-minimum';
  return null;
}
