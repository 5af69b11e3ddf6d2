import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Route } from './+types/cart';
import { loadCart, loadCartInBrowser, type CartLoad } from '../../features/cart/api/cart.ts';
import { cartLineAction } from '../../features/cart/cart-actions.server.ts';
import { LazyCartView } from '../../features/cart/components/lazy-cart-view.tsx';
import { LoadingSpinner } from '../../features/content/components/loading-spinner.tsx';
import { readRequestCartCookie } from '../../features/cart/cart-store.ts';
import { useStorageBaseUrl } from '../../features/cart/storage-base-url.ts';
import { SITE } from '../../lib/site.ts';
import { perVisitorPageHeaders } from '../../lib/per-visitor-page.ts';

/** The page shows the visitor's cart: never the shared render of another visitor. */
export const headers = perVisitorPageHeaders;

/**
 * /cart (SPEC.md "Cart page"). The first visit gets the cart in the HTML: GET /api/cart runs
 * in-process as the visitor, so their cookie and their price tier apply. A failed load is an
 * answer too (the page says so in a line).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { cart: await loadCart(context), cartCookie: readRequestCartCookie(request) };
}

/** A line's stepper or Remove, used before or without the page's code (a plain form post). */
export async function action({ request }: Route.ActionArgs) {
  return cartLineAction(request);
}

/**
 * On a client-side navigation the page opens at once with its loading indicator and fills in
 * when the browser's own GET /api/cart answers.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // The deferred cart view's code loads meanwhile: the indicator stays until both are there.
  const cart: Promise<CartLoad> = Promise.all([
    loadCartInBrowser(request.signal),
    LazyCartView.preload().catch(() => undefined), // the view tries again as it renders
  ]).then(([load]) => load);
  // The browser reads its own cookie: the server's copy is only for the first render.
  return { cart, cartCookie: '' };
}

// Crawlable, unlike checkout: a robot sees the empty cart page, and the SEO budget (Lighthouse
// 100 on every storefront page, issue 9) counts a noindex or a robots.txt block as a failure.
export function meta() {
  return [
    { title: `Cart | ${SITE.name}` },
    {
      name: 'description',
      content: `Your shopping cart at ${SITE.name}: review the machines and parts you chose, change quantities and check out securely.`,
    },
  ];
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const storageBaseUrl = useStorageBaseUrl();
  const view = (load: CartLoad) => (
    <LazyCartView
      load={load}
      serverCartCookie={loaderData.cartCookie}
      storageBaseUrl={storageBaseUrl}
    />
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Shopping Cart</h1>
        <Link
          to="/quick-order"
          className="font-semibold text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
        >
          Quick Order by product number
        </Link>
      </div>
      {/* The server's cart is rendered in place: a Suspense boundary would let React stream
          the spinner first and swap the cart in after paint, shifting the footer. */}
      {loaderData.cart instanceof Promise ? (
        <Suspense fallback={<LoadingSpinner />}>
          <Await resolve={loaderData.cart}>{view}</Await>
        </Suspense>
      ) : (
        view(loaderData.cart)
      )}
    </div>
  );
}
