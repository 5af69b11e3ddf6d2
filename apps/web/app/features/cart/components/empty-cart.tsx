import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';

/** 'Your cart is empty.' with a way to the shop (SPEC.md "Cart page"). */
export function EmptyCart() {
  return (
    <div className="mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-16 text-center">
      <ShoppingCart className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold text-slate-700">Your cart is empty.</p>
      <Link
        to="/shop"
        className="mt-5 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Go to the shop
      </Link>
    </div>
  );
}
