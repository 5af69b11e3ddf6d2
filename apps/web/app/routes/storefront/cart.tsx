import { Suspense } from 'react';
import { Await } from 'react-router';
import type { Route } from './+types/cart';
import { loadCart, loadCartInBrowser, type CartLoad } from '../../features/cart/api/cart.ts';
import { CartView } from '../../features/cart/components/cart-view.tsx';
import { LoadingSpinner } from '../../features/content/components/loading-spinner.tsx';
import { readRequestCartCookie } from '../../features/cart/cart-store.ts';
import { useStorageBaseUrl } from '../../features/cart/storage-base-url.ts';
import { SITE } from '../../lib/site.ts';

/**
 * /cart (SPEC.md "Cart page"). The first visit gets the cart in the HTML: GET /api/cart runs
 * in-process as the visitor, so their cookie and their price tier apply. A failed load is an
 * answer too (the page says so in a line).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { cart: await loadCart(context), cartCookie: readRequestCartCookie(request) };
}

/**
 * On a client-side navigation the page opens at once with its loading indicator and fills in
 * when the browser's own GET /api/cart answers.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const cart: Promise<CartLoad> = loadCartInBrowser(request.signal);
  // The browser reads its own cookie: the server's copy is only for the first render.
  return { cart, cartCookie: '' };
}

export function meta() {
  return [{ title: `Cart | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const storageBaseUrl = useStorageBaseUrl();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Shopping Cart</h1>
      <Suspense fallback={<LoadingSpinner />}>
        <Await resolve={loaderData.cart}>
          {(load: CartLoad) => (
            <CartView
              load={load}
              serverCartCookie={loaderData.cartCookie}
              storageBaseUrl={storageBaseUrl}
            />
          )}
        </Await>
      </Suspense>
    </div>
  );
}
