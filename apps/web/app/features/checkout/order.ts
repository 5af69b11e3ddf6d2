import type { PriceTier } from '@labshop/shared/auth';
import { centsToDollars } from '@labshop/shared/money';
import { priceCart, pricesFromDollars, type PricedCart } from '@labshop/shared/pricing';
import type { CartAnswer } from '@labshop/shared/schemas/checkout';

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

/** The payment's and the sales order's cart lines: unit prices in dollars. */
export function orderCartLines(order: PricedCart) {
  return order.lines.map((line) => ({
    number: line.number,
    title: line.title,
    quantity: line.quantity,
    newPrice: centsToDollars(line.unitPriceCents),
  }));
}
