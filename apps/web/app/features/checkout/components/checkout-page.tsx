import { DEFAULT_COUNTRY } from '@labshop/shared/countries';
import { formatCents } from '@labshop/shared/money';
import {
  PAYMENT_COMPLETED_STORAGE_KEY,
  type Billing,
  type CartAnswer,
} from '@labshop/shared/schemas/checkout';
import { pricesFromDollars } from '@labshop/shared/pricing';
import { PAYMENT } from '@labshop/shared/constants';
import type { AddressBookAnswer } from '@labshop/shared/schemas/address-book';
import {
  PAYMENT_TERMS_MESSAGES,
  type AccountPaymentTerms,
  type PaymentMethod,
} from '@labshop/shared/schemas/payment-terms';
import { Lock } from 'lucide-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { clearCart } from '../../cart/cart-store.ts';
import {
  ESTIMATING_FREIGHT,
  freightCentsOf,
  labShipState,
  savedShipState,
  useFreightEstimate,
} from '../../cart/freight-estimate.ts';
import { captchaToken, loadRecaptcha } from '../../content/api/recaptcha.ts';
import {
  CheckoutCallError,
  checkCustomer,
  createSalesOrder,
  errorText,
  fetchLastSalesOrderId,
  processPayment,
  verifyCaptcha,
} from '../api/checkout.ts';
import { useBehaviouralScore } from '../behavioural-score.ts';
import { useCardToken } from '../card-token.ts';
import { runCheckout, type CheckoutCalls } from '../checkout-flow.ts';
import { priceOrder, withFreight, type AppliedCoupon, type CheckoutQuote } from '../order.ts';
import { BillingFields, type BillingValues } from './billing-fields.tsx';
import { CardFrame } from './card-frame.tsx';
import type { LinkedCoupon } from '../api/linked-coupon.ts';
import { COUPON_PARAM } from '../coupon-param.ts';
import { CouponField } from './coupon-field.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { OrderDetails } from './order-details.tsx';
import { SHIP_TO_FIELDS, ShipToSelect } from './ship-to-select.tsx';
import { fitsCredit, PaymentMethodChoice } from './payment-method.tsx';

// zod and the billing schema (about 25 kB gzip) load on the form's first validation, after the
// page is interactive, not with the page.
const billingResolver: Resolver<BillingValues, unknown, Billing> = async (...args) => {
  const { billingResolver: resolve } = await import('../billing-resolver.ts');
  return (resolve as unknown as Resolver<BillingValues, unknown, Billing>)(...args);
};

export interface CheckoutPageProps {
  cart: CartAnswer;
  countries: readonly { code: string; name: string }[];
  /** The US states for the state select (the loader's usStateOptions()). */
  states: readonly { code: string; name: string }[];
  tokenizerUrl: string;
  tokenizerOrigin: string;
  /** Null when the captcha is off (the embedded mode). */
  recaptchaSiteKey: string | null;
  recaptchaScriptUrl: string;
  signedIn: boolean;
  /** The signed-in user's e-mail, to start the billing form with. */
  defaultEmail: string;
  /** The coupon the address named (?coupon=, Apply before the code ran), checked by the loader. */
  linkedCoupon?: LinkedCoupon;
  /** A signed-in lab's addresses for 'Ship to'; null or absent: no choice is offered. */
  addressBook?: AddressBookAnswer | null;
  /**
   * Paying an accepted quote (issue 37): its lines, prices and freight instead of the cart, no
   * coupon, and the billing form starts with its ship-to and PO number. The cart is left alone.
   */
  quote?: CheckoutQuote | null;
  /** The lab may pay on account (issue 37): 'How to pay' is offered; null or absent: card only. */
  paymentTerms?: AccountPaymentTerms | null;
}

/**
 * The checkout ('Secure Check Out', SPEC.md "Checkout page"): order details with the coupon,
 * the card tokenizer frame, the billing form and Pay Now, which runs the flow in
 * checkout-flow.ts under a full-screen progress overlay.
 */
export function CheckoutPage({
  cart,
  countries,
  states,
  tokenizerUrl,
  tokenizerOrigin,
  recaptchaSiteKey,
  recaptchaScriptUrl,
  signedIn,
  defaultEmail,
  linkedCoupon,
  addressBook,
  quote,
  paymentTerms,
}: CheckoutPageProps) {
  const id = useId();
  const fieldId = useCallback((name: string) => `${id}-${name}`, [id]);
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const card = useCardToken(frameRef, tokenizerOrigin);
  const behaviourSnapshot = useBehaviouralScore();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(
    linkedCoupon && 'applied' in linkedCoupon ? linkedCoupon.applied : null,
  );
  useForgetCouponParam();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The captcha nonce of the running payment: cleared on any error (SPEC.md section 4).
  const nonce = useRef<string | null>(null);
  const running = useRef(false);

  const form = useForm<BillingValues, unknown, Billing>({
    resolver: billingResolver,
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: defaultEmail,
      phone: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: DEFAULT_COUNTRY,
      ...quote?.shipTo,
      poNumber: quote?.poNumber ?? '',
      companyFax: '',
    },
  });
  const {
    handleSubmit,
    formState: { errors, isValid },
  } = form;

  // The state the visitor estimated freight to in the cart starts the billing form's: the one
  // it chose, else a signed-in lab's own (as the cart did).
  useEffect(() => {
    if (quote || form.getValues('country') !== 'US' || form.getValues('state') !== '') return;
    const start = savedShipState() || labShipState(addressBook);
    if (start !== '') form.setValue('state', start);
  }, [form, quote, addressBook]);
  // Freight to the billing address's state (issue 37): a quote has its own.
  const [shipCountry, shipState] = useWatch({ control: form.control, name: ['country', 'state'] });
  const cartLines = useMemo(
    () =>
      quote
        ? []
        : cart.items.map(({ product, quantity }) => ({ number: product.number, quantity })),
    [quote, cart],
  );
  // Bumped when the server refuses the amount: the prices and the freight are read again.
  const [priceRevision, setPriceRevision] = useState(0);
  const location = useLocation();
  const freight = useFreightEstimate(
    cartLines,
    { country: shipCountry, state: shipState },
    priceRevision,
  );
  const freightCents = quote ? quote.freightCents : freightCentsOf(freight);
  const order = useMemo(
    () => quote?.order ?? withFreight(priceOrder(cart, coupon), freightCents),
    [quote, cart, coupon, freightCents],
  );
  const partnerPriced = useMemo(() => partnerPricedNumbers(cart), [cart]);

  const [chosenMethod, setMethod] = useState<PaymentMethod>('card');
  // The order may outgrow the credit (a coupon removed): then it is the card again.
  const method: PaymentMethod =
    chosenMethod === 'on_account' && paymentTerms && fitsCredit(paymentTerms, order.totalCents)
      ? 'on_account'
      : 'card';
  const onAccount = method === 'on_account';

  // reCAPTCHA v3 scores the visit, so its script loads with the page, not at the click.
  useEffect(() => {
    if (!recaptchaSiteKey) return;
    loadRecaptcha(recaptchaScriptUrl, recaptchaSiteKey).catch((failure: unknown) =>
      console.error('The captcha script did not load:', failure),
    );
  }, [recaptchaSiteKey, recaptchaScriptUrl]);

  const calls = useMemo<CheckoutCalls>(
    () => ({
      captchaToken: recaptchaSiteKey
        ? (action) => captchaToken(recaptchaScriptUrl, recaptchaSiteKey, action)
        : null,
      verifyCaptcha,
      fetchLastSalesOrderId,
      processPayment,
      checkCustomer,
      createSalesOrder,
    }),
    [recaptchaSiteKey, recaptchaScriptUrl],
  );

  const pay = async (billing: Billing) => {
    if (running.current) return;
    if (onAccount && !billing.poNumber.trim()) {
      form.setError(
        'poNumber',
        { message: PAYMENT_TERMS_MESSAGES.poRequired },
        { shouldFocus: true },
      );
      return;
    }
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await runCheckout(
        {
          card,
          billing,
          order,
          coupon: quote ? null : coupon,
          signedIn,
          behaviour: behaviourSnapshot(),
          paymentMethod: method,
          ...(quote ? { quoteNumber: quote.number } : {}),
        },
        calls,
        {
          onProgress: setProgress,
          onNonce: (value) => {
            nonce.current = value;
          },
        },
      );
      // A quote's lines were never the cart's: what the cart holds stays for later.
      if (!quote) clearCart();
      markPaymentCompleted();
      // Replace: going back from the receipt should not land on a checkout of an empty cart.
      await navigate('/payment-success', { state: result, replace: true });
    } catch (failure) {
      if (!(failure instanceof Error && failure.name === 'CheckoutError')) {
        console.error('The checkout failed:', failure);
      }
      nonce.current = null;
      // 409: the server priced the order otherwise (the staff changed a price or the freight
      // table meanwhile). The page reads its prices again, so the total shown is the one to pay.
      if (failure instanceof CheckoutCallError && failure.status === 409) {
        setPriceRevision((revision) => revision + 1);
        // Going to the same address runs the page's loader again; the form keeps what it holds.
        void navigate(location, { replace: true, state: location.state, preventScrollReset: true });
      }
      setError(errorText(failure));
      setProgress(null);
      setBusy(false);
      running.current = false;
    }
  };

  // The amount sent must hold the freight the server will price: wait for its estimate.
  const canPay = (onAccount || card.token !== null) && isValid && !busy && !freight.pending;
  const payHintId = fieldId('pay-hint');

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-2 lg:mb-8">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Secure Check Out</h1>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Lock className="h-4 w-4" aria-hidden="true" />
          Your card details go straight to our payment provider.
        </p>
      </header>

      <div
        inert={busy}
        className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8"
      >
        <section
          aria-labelledby={fieldId('order-heading')}
          className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6 lg:sticky lg:top-32 lg:col-start-2 lg:row-start-1"
        >
          <h2 id={fieldId('order-heading')} className="mb-3 text-lg font-bold text-brand-900">
            Order details
          </h2>
          {quote && (
            <p className="mb-3 text-sm text-slate-600">
              Your quote <strong className="text-slate-900">{quote.number}</strong>, at the agreed
              prices.
            </p>
          )}
          <OrderDetails
            order={order}
            partnerPriced={quote ? NO_LINES : partnerPriced}
            {...(freightCents === undefined ? {} : { freightCents })}
            {...(freight.answer?.weightLb ? { freightWeightLb: freight.answer.weightLb } : {})}
          />
          {!quote && (
            <div className="mt-5 border-t border-slate-200 pt-5">
              <CouponField
                applied={coupon}
                onChange={setCoupon}
                disabled={busy}
                linkedProblem={
                  linkedCoupon && 'problem' in linkedCoupon ? linkedCoupon.problem : null
                }
              />
            </div>
          )}
        </section>

        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          {paymentTerms && (
            <PaymentMethodChoice
              id={fieldId('payment')}
              terms={paymentTerms}
              totalCents={order.totalCents}
              method={method}
              onChange={setMethod}
            />
          )}
          {/* Kept, hidden, while paying on account: a card typed in stays if they switch back. */}
          <div hidden={onAccount}>
            <CardFrame frameRef={frameRef} tokenizerUrl={tokenizerUrl} card={card} />
          </div>

          <form
            noValidate
            onSubmit={(event) => void handleSubmit(pay)(event)}
            aria-labelledby={fieldId('billing-heading')}
            aria-busy={busy}
            className="space-y-6 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
          >
            <div>
              <h2 id={fieldId('billing-heading')} className="text-lg font-bold text-brand-900">
                Billing address
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                Every field is required except the phone.
              </p>
            </div>
            {addressBook && (
              <ShipToSelect
                id={fieldId('ship-to')}
                book={addressBook}
                onChoose={(address) => {
                  for (const name of SHIP_TO_FIELDS) {
                    form.setValue(name, address[name], { shouldValidate: true, shouldDirty: true });
                  }
                }}
              />
            )}
            <BillingFields
              form={form}
              errors={errors}
              fieldId={fieldId}
              countries={countries}
              states={states}
              poRequired={onAccount}
            />

            <div role="alert" data-testid="checkout-error">
              {error && <ErrorAlert>{error}</ErrorAlert>}
            </div>

            <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-slate-700">
                Total to pay{' '}
                <strong className="text-xl text-brand-900 tabular-nums">
                  {formatCents(order.totalCents)}
                </strong>
              </p>
              <button
                type="submit"
                disabled={!canPay}
                aria-describedby={canPay ? undefined : payHintId}
                className="inline-flex items-center justify-center gap-2 rounded-md bg-accent-700 px-8 py-3 text-lg font-bold text-white shadow-sm hover:bg-accent-600 disabled:cursor-not-allowed disabled:bg-slate-400"
              >
                <Lock className="h-5 w-5" aria-hidden="true" />
                {busy ? 'Processing...' : onAccount ? 'Place order on account' : 'Pay Now'}
              </button>
            </div>
            {!canPay && !busy && (
              <p id={payHintId} className="text-sm text-slate-600 sm:text-right">
                {card.token === null && !onAccount
                  ? 'Enter your card details and complete the billing address to pay.'
                  : !isValid
                    ? 'Complete the billing address to pay.'
                    : ESTIMATING_FREIGHT}
              </p>
            )}
          </form>
        </div>
      </div>

      <LoadingOverlay message={progress} />
    </div>
  );
}

const NO_LINES: ReadonlySet<string> = new Set();

/**
 * Once the code runs, takes ?coupon= out of the address: the coupon is the page's state now,
 * and a reload after removing it must not apply it again.
 */
function useForgetCouponParam(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(COUPON_PARAM)) return;
    url.searchParams.delete(COUPON_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}

/** Lines that get the partner x3 price: signed in, 3 or more, and that price set. */
function partnerPricedNumbers(cart: CartAnswer): Set<string> {
  if (cart.tier !== 'wholesale') return new Set();
  return new Set(
    cart.items
      .filter(
        ({ product, quantity }) =>
          quantity >= PAYMENT.partnerPriceMinQuantity &&
          pricesFromDollars(product).partnerPriceX3Cents !== null,
      )
      .map(({ product }) => product.number),
  );
}

/** The success page's guard reads this flag (sessionStorage may be unavailable: logged). */
function markPaymentCompleted(): void {
  try {
    window.sessionStorage.setItem(PAYMENT_COMPLETED_STORAGE_KEY, 'true');
  } catch (failure) {
    console.error('Could not mark the payment completed:', failure);
  }
}
