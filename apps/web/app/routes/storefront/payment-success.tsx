import { formatCents } from '@labshop/shared/money';
import { PAYMENT_SUCCESS_TEXTS } from '@labshop/shared/schemas/checkout';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { clearCart } from '../../features/cart/cart-store.ts';
import {
  clearPaymentCompleted,
  readPaymentCompleted,
  readPaymentSuccessState,
  type PaymentSuccessState,
} from '../../features/cart/payment-success.ts';
import { LoadingSpinner } from '../../features/content/components/loading-spinner.tsx';
import { SITE } from '../../lib/site.ts';

export function meta() {
  return [
    { title: `${PAYMENT_SUCCESS_TEXTS.heading} | ${SITE.name}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * /payment-success (SPEC.md "Payment success page"), reachable only after a completed payment:
 * the checkout's sessionStorage flag decides, so the server renders a neutral loading state
 * and the browser decides. Opening it clears the flag, the cart and the navigation state (a
 * reload or Back then lands on the cart); what it shows is kept in the component.
 */
/** A due day (YYYY-MM-DD) as the day itself. */
const DUE_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export default function PaymentSuccess() {
  const me = useStorefrontMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState<PaymentSuccessState | null>(null);
  // Once per page visit: React's development double effects must not read the cleared flag.
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!readPaymentCompleted()) {
      void navigate('/cart', { replace: true });
      return;
    }
    const state = readPaymentSuccessState(location.state);
    // sessionStorage exists only in the browser: this is the page's one decision after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setShown(state);
    clearPaymentCompleted();
    if (!state.fromQuote) clearCart();
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);

  if (!shown) return <LoadingSpinner className="min-h-[50vh]" />;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CircleCheck className="h-16 w-16 text-emerald-700" aria-hidden="true" />
      {/* On account (issue 37) nothing was paid: the order is placed, the invoice follows. */}
      <h1 className="mt-4 text-3xl font-bold text-brand-900">
        {shown.paymentDueOn ? 'Order Placed!' : PAYMENT_SUCCESS_TEXTS.heading}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        {shown.paymentDueOn
          ? 'Thank you for your order. We invoice it to your account.'
          : PAYMENT_SUCCESS_TEXTS.thanks}
      </p>
      {(shown.orderId !== null || shown.amount !== null) && (
        <dl className="mt-6 w-full max-w-sm space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-5 py-4 text-left">
          {shown.orderId !== null && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Order number</dt>
              <dd className="font-semibold break-all text-slate-900" data-testid="order-number">
                {shown.orderId}
              </dd>
            </div>
          )}
          {shown.amount !== null && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">
                {shown.paymentDueOn ? 'On account' : 'Amount paid'}
              </dt>
              <dd className="font-semibold text-slate-900" data-testid="order-amount">
                {formatCents(shown.amount)}
              </dd>
            </div>
          )}
          {shown.paymentDueOn && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Payment due</dt>
              <dd className="font-semibold text-slate-900" data-testid="payment-due">
                {DUE_DAY.format(new Date(`${shown.paymentDueOn}T00:00:00Z`))}
              </dd>
            </div>
          )}
        </dl>
      )}
      <p className="mt-6 text-slate-600">{PAYMENT_SUCCESS_TEXTS.emailNote}</p>
      {/* Ours (issue 36): a signed-in lab follows the order in its account. */}
      {me.user && shown.orderId !== null && (
        <Link
          to={`/account/orders/${encodeURIComponent(shown.orderId)}`}
          className="mt-4 font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          See this order in your account
        </Link>
      )}
      <Link
        to="/home"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {PAYMENT_SUCCESS_TEXTS.returnHome}
      </Link>
    </section>
  );
}
