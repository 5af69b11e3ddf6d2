import { countryOptions } from '@labshop/shared/countries';
import type { PageHandle } from '@labshop/shared/load-context';
import { usStateOptions } from '@labshop/shared/us-states';
import { ShoppingCart, TriangleAlert } from 'lucide-react';
import type { CartAnswer } from '@labshop/shared/schemas/checkout';
import { useEffect, useMemo } from 'react';
import type { Route } from './+types/checkout';
import { MessagePage } from '../../components/message-page.tsx';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { loadShipToChoices } from '../../features/account/address-book.server.ts';
import { loadCart } from '../../features/cart/api/cart.ts';
import { cleanCartCookie } from '../../features/cart/cart-store.ts';
import { couponOfLink } from '../../features/checkout/api/linked-coupon.ts';
import { COUPON_PARAM } from '../../features/checkout/coupon-param.ts';
import { loadCheckoutQuote } from '../../features/checkout/api/checkout-quote.server.ts';
import { loadPaymentTerms } from '../../features/checkout/api/payment-terms.server.ts';
import { checkoutQuoteOf } from '../../features/checkout/order.ts';
import { LazyCheckoutPage } from '../../features/checkout/components/lazy-checkout-page.tsx';
import { SITE } from '../../lib/site.ts';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';

/** The page shows the visitor's cart: never the shared render of another visitor. */
export const headers = perVisitorPageHeaders;

/**
 * /checkout (SPEC.md "Checkout page"). The cart comes from GET /api/cart as the visitor (their
 * cookie and price tier), so a direct load or a reload works; the cart page's navigation state
 * is not needed. The tokenizer and captcha settings come from the public configuration.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { tokenizerUrl, tokenizerOrigin, recaptchaSiteKey, recaptchaScriptUrl } =
    context.publicConfig;
  const [cart, linkedCoupon, addressBook, quote, paymentTerms] = await Promise.all([
    loadCart(context),
    couponOfLink(context, new URL(request.url).searchParams.get(COUPON_PARAM)),
    loadShipToChoices(request, context),
    loadCheckoutQuote(request, context),
    loadPaymentTerms(request, context),
  ]);
  return {
    cart: cart.answer,
    quote,
    paymentTerms,
    linkedCoupon,
    addressBook,
    // Computed here: country names come from ICU data, which the browser may word differently.
    countries: countryOptions(),
    states: usStateOptions(),
    tokenizerUrl,
    tokenizerOrigin,
    recaptchaSiteKey,
    recaptchaScriptUrl,
  };
}

/** A quote's checkout needs no cart (its lines are the quote's). */
const EMPTY_CART: CartAnswer = { tier: 'wholesale', items: [], removed: [] };

/** The page cache keys a shared render by these (server's page-cache-key.ts). */
export const handle: PageHandle = { queryParams: [COUPON_PARAM] };

/** On client navigations, the deferred form's code arrives with the data: it never shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), LazyCheckoutPage.preload()]);
  return data;
}

export function meta() {
  return [{ title: `Secure Check Out | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart, quote } = loaderData;
  const me = useStorefrontMe();
  const checkoutQuote = useMemo(() => (quote?.canPay ? checkoutQuoteOf(quote) : null), [quote]);

  // Entries naming no live product are dropped from the cookie, as the cart page does.
  const removed = cart?.removed;
  useEffect(() => {
    if (removed && removed.length > 0) cleanCartCookie(removed);
  }, [removed]);

  if (quote && !checkoutQuote) {
    return (
      <MessagePage
        badge={<TriangleAlert className="h-12 w-12 text-accent-700" aria-hidden="true" />}
        title="Secure Check Out"
        actions={[{ to: `/account/quotes/${quote.number}`, label: `See quote ${quote.number}` }]}
      >
        <p className="mt-3 text-slate-600">
          {quote.orderNumber
            ? `Quote ${quote.number} is paid: it is order ${quote.orderNumber}.`
            : quote.status === 'expired'
              ? `Quote ${quote.number} has expired and can no longer be paid.`
              : `Quote ${quote.number} cannot be paid: accept it first.`}
        </p>
      </MessagePage>
    );
  }

  if (!cart && !checkoutQuote) {
    return (
      <MessagePage
        badge={<TriangleAlert className="h-12 w-12 text-accent-700" aria-hidden="true" />}
        title="Secure Check Out"
        actions={[
          { to: '/checkout', label: 'Try again', reloadDocument: true },
          { to: '/cart', label: 'Back to the cart' },
        ]}
      >
        <p className="mt-3 text-slate-600">
          Your cart could not be loaded. Please try again in a moment.
        </p>
      </MessagePage>
    );
  }

  if (!checkoutQuote && (!cart || cart.items.length === 0)) {
    return (
      <MessagePage
        badge={<ShoppingCart className="h-12 w-12 text-brand-600" aria-hidden="true" />}
        title="Secure Check Out"
        actions={[{ to: '/shop', label: 'Go to the shop' }]}
      >
        <p className="mt-3 text-slate-600">Your cart is empty.</p>
      </MessagePage>
    );
  }

  return (
    <LazyCheckoutPage
      cart={cart ?? EMPTY_CART}
      quote={checkoutQuote}
      paymentTerms={loaderData.paymentTerms}
      countries={loaderData.countries}
      states={loaderData.states}
      tokenizerUrl={loaderData.tokenizerUrl}
      tokenizerOrigin={loaderData.tokenizerOrigin}
      recaptchaSiteKey={loaderData.recaptchaSiteKey}
      recaptchaScriptUrl={loaderData.recaptchaScriptUrl}
      signedIn={me.user !== null}
      defaultEmail={me.user?.email ?? ''}
      linkedCoupon={loaderData.linkedCoupon}
      addressBook={loaderData.addressBook}
    />
  );
}
