import { lazy, Suspense } from 'react';

// The form's code (react-hook-form and the zod schema, about 40 kB gzip) is its own chunk.
const NewsletterSignup = lazy(() =>
  import('./newsletter-signup.tsx').then((module) => ({ default: module.NewsletterSignup })),
);

/**
 * The footer's newsletter sign-up, kept off the critical path of every page: the server renders
 * it in full, and the browser hydrates it once its chunk has arrived, after the rest of the page
 * is interactive (React leaves a suspended boundary's server HTML in place until then). Its
 * Subscribe button stays disabled until that moment, as it does before any hydration.
 */
export function LazyNewsletterSignup() {
  return (
    <Suspense fallback={null}>
      <NewsletterSignup />
    </Suspense>
  );
}
