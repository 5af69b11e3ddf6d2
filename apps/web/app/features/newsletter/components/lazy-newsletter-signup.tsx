import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The footer's newsletter sign-up, kept off the critical path of every page: its code
 * (react-hook-form and the zod schema, about 40 kB gzip) is its own chunk. The server renders
 * it in full, and the browser hydrates it once its chunk has arrived, after the rest of the page
 * is interactive. Its Subscribe button stays disabled until that moment, as it does before any
 * hydration.
 */
export const LazyNewsletterSignup = lazyHydrated(() =>
  import('./newsletter-signup.tsx').then((module) => module.NewsletterSignup),
);
