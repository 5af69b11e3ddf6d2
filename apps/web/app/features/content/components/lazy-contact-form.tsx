import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The contact form, hydrated after the page is interactive: its code (react-hook-form and the
 * captcha loader, about 17 kB gzip) is its own chunk. The server renders it in full.
 */
export const LazyContactForm = lazyHydrated(() =>
  import('./contact-form.tsx').then((module) => module.ContactForm),
);
