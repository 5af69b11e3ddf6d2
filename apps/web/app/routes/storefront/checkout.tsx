import { countryOptions } from '@labshop/shared/countries';
import type { PageHandle } from '@labshop/shared/load-context';
import { usStateOptions } from '@labshop/shared/us-states';
import { ShoppingCart, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import type { Route } from './+types/checkout';
import { MessagePage } from '../../components/message-page.tsx';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { loadShipToChoices } from '../../features/account/address-book.server.ts';
import { loadCart } from '../../features/cart/api/cart.ts';
import { cleanCartCookie } from '../../features/cart/cart-store.ts';
import { couponOfLink } from '../../features/checkout/api/linked-coupon.ts';
import { COUPON_PARAM } from '../../features/checkout/coupon-param.ts';
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
  const [cart, linkedCoupon, addressBook] = await Promise.all([
    loadCart(context),
    couponOfLink(context, new URL(request.url).searchParams.get(COUPON_PARAM)),
    loadShipToChoices(request, context),
  ]);
  return {
    cart: cart.answer,
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
  const { cart } = loaderData;
  const me = useStorefrontMe();

  // Entries naming no live product are dropped from the cookie, as the cart page does.
  const removed = cart?.removed;
  useEffect(() => {
    if (removed && removed.length > 0) cleanCartCookie(removed);
  }, [removed]);

  if (!cart) {
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

  if (cart.items.length === 0) {
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
      cart={cart}
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
