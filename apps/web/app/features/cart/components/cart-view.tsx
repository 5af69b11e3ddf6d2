import { CircleAlert } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import type { CartLoad } from '../api/cart.ts';
import { priceCartItems, type CartCheckoutState } from '../cart-items.ts';
import {
  cleanCartCookie,
  removeCartItem,
  setCartItemQuantity,
  useCartLines,
} from '../cart-store.ts';
import { CartItems } from './cart-items.tsx';
import { CartSummary } from './cart-summary.tsx';
import { EmptyCart } from './empty-cart.tsx';

/**
 * The cart page's body once GET /api/cart answered: the server's products with the cookie's
 * quantities. Quantity changes and removals write the cookie at once, and the prices follow
 * from the tier the server named, so nothing is fetched again.
 */
export function CartView({
  load,
  serverCartCookie,
  storageBaseUrl,
}: {
  load: CartLoad;
  /** The request's cart cookie, so the server's HTML and hydration agree. */
  serverCartCookie: string;
  storageBaseUrl: string;
}) {
  const lines = useCartLines(serverCartCookie);
  const { answer } = load;

  // Entries naming no live product, and a cookie that is not a cart at all, are cleaned away:
  // visitor-controlled data, not an error (SPEC.md: "cleaned, not fatal").
  useEffect(() => {
    if (answer) cleanCartCookie(answer.removed);
  }, [answer]);

  const priced = useMemo(() => (answer ? priceCartItems(answer, lines) : null), [answer, lines]);

  if (!answer || !priced) return <CartLoadError />;
  if (priced.items.length === 0) return <EmptyCart />;

  const checkoutState: CartCheckoutState = {
    totalPrice: priced.totalCents,
    cartItems: priced.items,
  };

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start xl:gap-10">
      <CartItems
        items={priced.items}
        tier={answer.tier}
        storageBaseUrl={storageBaseUrl}
        onQuantityChange={(item, quantity) => setCartItemQuantity(item.product, quantity)}
        onRemove={(item) => removeCartItem(item.product)}
      />
      <div className="md:ml-auto md:w-full md:max-w-sm xl:sticky xl:top-24 xl:max-w-none">
        <CartSummary
          itemCount={priced.items.reduce((sum, item) => sum + item.quantity, 0)}
          totalCents={priced.totalCents}
          tier={answer.tier}
          checkoutState={checkoutState}
        />
      </div>
    </div>
  );
}

/** GET /api/cart failed: said in a line, with a way to try again; the shell stays usable. */
function CartLoadError() {
  return (
    <div className="mt-6">
      <p
        role="alert"
        className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        Your cart could not be loaded. Please try again in a moment.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to="/cart"
          reloadDocument
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </Link>
        <Link
          to="/shop"
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-5 py-2 font-semibold text-brand-700 hover:bg-slate-50"
        >
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
