import type { CartCookieLine } from '@labshop/shared/cart-cookie';
import { priceCart, pricesFromDollars } from '@labshop/shared/pricing';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { CartAnswer } from '@labshop/shared/schemas/checkout';
import { cartLineOf } from './cart-store.ts';

/** A cart line as the cart page shows it, priced for the visitor's tier. */
export interface PricedCartItem {
  product: ProductDto;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface PricedCartItems {
  items: PricedCartItem[];
  /** The grand total in whole cents. */
  totalCents: number;
}

/**
 * The server's products with the cookie's current quantities, priced as the server will price
 * them (packages/shared/src/pricing.ts): retail for anonymous visitors; wholesale for signed-in
 * users, the partner x3 price from quantity 3. A product whose line left the cookie (removed
 * here or in another tab) is not shown.
 */
export function priceCartItems(
  answer: CartAnswer,
  lines: readonly CartCookieLine[],
): PricedCartItems {
  const kept = answer.items.flatMap(({ product }) => {
    const line = cartLineOf(lines, product);
    return line ? [{ product, quantity: line.quantity }] : [];
  });
  const priced = priceCart(
    kept.map(({ product, quantity }) => ({
      number: product.number,
      title: product.title,
      quantity,
      prices: pricesFromDollars(product),
    })),
    answer.tier,
  );
  return {
    items: kept.map(({ product }, index) => {
      const line = priced.lines[index]!;
      return {
        product,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      };
    }),
    totalCents: priced.totalCents,
  };
}

/**
 * The navigation state Checkout carries to /checkout (SPEC.md "Cart page": totalPrice and the
 * cart items). Amounts are integer cents. The checkout re-reads the cart itself; the server
 * prices the payment again in any case.
 */
export interface CartCheckoutState {
  /** The grand total in cents. */
  totalPrice: number;
  cartItems: PricedCartItem[];
}
