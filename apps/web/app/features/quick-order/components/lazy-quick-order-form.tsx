import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The quick order form with its results table, hydrated after the page is interactive: its
 * code is its own chunk, off the page's JavaScript budget. The server renders it in full, and
 * until its code arrives it is a plain form that posts to the page's action.
 */
export const LazyQuickOrderForm = lazyHydrated(() =>
  import('./quick-order-form.tsx').then((module) => module.QuickOrderForm),
);
