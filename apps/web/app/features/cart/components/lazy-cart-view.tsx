import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The cart's lines and summary, hydrated after the page is interactive: the server renders them
 * in full; the quantity steppers and Remove buttons respond once their chunk has arrived.
 */
export const LazyCartView = lazyHydrated(() =>
  import('./cart-view.tsx').then((module) => module.CartView),
);
