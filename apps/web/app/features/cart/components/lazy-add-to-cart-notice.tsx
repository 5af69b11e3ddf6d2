import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/** The "added to cart" notice: closed when the page loads, so its code can come a moment later. */
export const LazyAddToCartNotice = lazyHydrated(() =>
  import('./add-to-cart-notice.tsx').then((module) => module.AddToCartNotice),
);
