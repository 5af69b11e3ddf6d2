import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The header's cart link, hydrated after the page is interactive: the server renders it with the
 * cookie's count; it follows the cart store from the moment its chunk has arrived.
 */
export const LazyCartLink = lazyHydrated(() =>
  import('./cart-link.tsx').then((module) => module.CartLink),
);
