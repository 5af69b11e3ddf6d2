import { PAYMENT } from '@labshop/shared/constants';
import { formatCents } from '@labshop/shared/money';
import type { PriceTier } from '@labshop/shared/auth';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { CartCheckoutState } from '../cart-items.ts';
import { FreightEstimateRow } from './freight-estimate-row.tsx';

/** The grand total with Checkout and Continue Shopping (SPEC.md "Cart page"). */
export function CartSummary({
  itemCount,
  totalCents,
  tier,
  checkoutState,
}: {
  /** Pieces: the sum of the quantities. */
  itemCount: number;
  totalCents: number;
  tier: PriceTier;
  /** What Checkout carries to /checkout as navigation state. */
  checkoutState: CartCheckoutState;
}) {
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="rounded-lg border border-slate-200 bg-slate-50 p-5 shadow-sm"
    >
      <h2 id="cart-summary-heading" className="text-lg font-bold text-brand-900">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Items</dt>
          <dd className="font-semibold text-slate-900">{itemCount}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="text-base font-semibold text-slate-900">Total</dt>
          <dd className="text-xl font-bold text-brand-900" data-testid="cart-total">
            {formatCents(totalCents)}
          </dd>
        </div>
      </dl>
      {tier === 'wholesale' && (
        <p className="mt-2 text-xs text-slate-600">Your partner prices are applied.</p>
      )}
      <FreightEstimateRow lines={checkoutState.cartItems} signedInLab={tier === 'wholesale'} />
      {totalCents < PAYMENT.minimumCents && (
        <p className="mt-2 text-xs font-semibold text-amber-800">
          The minimum card payment is {formatCents(PAYMENT.minimumCents)}.
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2">
        {/* A link, so it works before the page is interactive; then it carries the state. */}
        <Link
          to="/checkout"
          state={checkoutState}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent-700 px-5 py-2 font-semibold text-white shadow-sm hover:brightness-90"
        >
          <Lock className="h-4 w-4" aria-hidden="true" />
          Checkout
        </Link>
        <Link
          to="/shop"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Continue Shopping
        </Link>
      </div>
      {/* Signed-in labs only (their tier is wholesale): a quote is asked for from the account. */}
      {tier === 'wholesale' && (
        <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600">
          Need freight or a better price on a larger order?{' '}
          <Link
            to="/account/quotes/new"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            Request a quote
          </Link>
        </p>
      )}
    </section>
  );
}
