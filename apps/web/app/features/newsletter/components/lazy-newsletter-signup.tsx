import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The footer's newsletter sign-up, kept off every page's loading: its code (react-hook-form and
 * the zod schema, about 46 kB gzip) is its own chunk. The server renders it in full; on the
 * first page the browser fetches the code only when the form comes near the viewport or is
 * touched, and hydrates it then. Its Subscribe button stays disabled until that moment, and
 * what was typed before it stays in the fields.
 */
export const LazyNewsletterSignup = lazyHydrated(
  () => import('./newsletter-signup.tsx').then((module) => module.NewsletterSignup),
  { whenNearViewport: true },
);
