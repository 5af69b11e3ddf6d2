import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The checkout form, hydrated after the page is interactive: its code (react-hook-form, the
 * payment flow; about 25 kB gzip) is its own chunk. The server renders it in full, with Pay
 * disabled until a card is tokenized, so nothing can be sent before it hydrates.
 */
export const LazyCheckoutPage = lazyHydrated(() =>
  import('./checkout-page.tsx').then((module) => module.CheckoutPage),
);
