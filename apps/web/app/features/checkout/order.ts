import type { PriceTier } from '@labshop/shared/auth';
import { centsToDollars } from '@labshop/shared/money';
import { priceCart, pricesFromDollars, type PricedCart } from '@labshop/shared/pricing';
import type { CartAnswer } from '@labshop/shared/schemas/checkout';
import type { Quote } from '@labshop/shared/schemas/quotes';

/** The coupon applied at checkout: the code as the server knows it and its percent. */
export interface AppliedCoupon {
  code: string;
  percent: number;
}

/**
 * The order as the checkout shows and charges it: the cart priced with the shared rules for
 * the caller's tier (partner x3 at quantity 3 or more) and the coupon. The server prices the
 * same way and refuses a different amount.
 */
export function priceOrder(cart: CartAnswer, coupon: AppliedCoupon | null): PricedCart {
  return priceCart(
    cart.items.map(({ product, quantity }) => ({
      number: product.number,
      title: product.title,
      quantity,
      prices: pricesFromDollars(product),
    })),
    cart.tier satisfies PriceTier,
    coupon?.percent ?? null,
  );
}

/** The order with the freight estimate's cents (issue 37) in its total; the server adds the same. */
export function withFreight(order: PricedCart, freightCents: number | undefined): PricedCart {
  return freightCents ? { ...order, totalCents: order.totalCents + freightCents } : order;
}

/** An accepted quote as the checkout pays it (issue 37): its lines, prices and freight. */
export interface CheckoutQuote {
  number: string;
  freightCents: number;
  poNumber: string | null;
  shipTo: Quote['shipTo'];
  /** Priced as stored; totalCents includes the freight. */
  order: PricedCart;
}

/** The quote's order: the stored unit prices, no coupon, the freight within the total. */
export function checkoutQuoteOf(quote: Quote): CheckoutQuote {
  const lines = quote.lines.map((line) => {
    const unitPriceCents = Math.round(line.unitPrice * 100);
    return {
      number: line.number,
      title: line.title,
      quantity: line.quantity,
      unitPriceCents,
      lineTotalCents: unitPriceCents * line.quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const freightCents = Math.round((quote.freight ?? 0) * 100);
  return {
    number: quote.number,
    freightCents,
    poNumber: quote.poNumber,
    shipTo: quote.shipTo,
    order: {
      lines,
      subtotalCents,
      discountPercent: 0,
      discountCents: 0,
      totalCents: subtotalCents + freightCents,
    },
  };
}

/** The payment's and the sales order's cart lines: unit prices in dollars. */
export function orderCartLines(order: PricedCart) {
  return order.lines.map((line) => ({
    number: line.number,
    title: line.title,
    quantity: line.quantity,
    newPrice: centsToDollars(line.unitPriceCents),
  }));
}
