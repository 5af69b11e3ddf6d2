import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCartCount } from '../cart-count.ts';

/** The header's cart link; its count shows once known (see the storefront layout's loader). */
export function CartLink({ serverCount }: { serverCount: number | null }) {
  const count = useCartCount(serverCount);
  return (
    <Link
      to="/cart"
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      aria-label={count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <ShoppingCart className="h-5 w-5" aria-hidden="true" />
      {count !== null && (
        <span
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
