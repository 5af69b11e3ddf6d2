import { lazyHydrated } from '../lib/lazy-hydrated.tsx';

// The storefront's header and footer hydrate after the page is interactive: the server renders
// them in full (links and the search form work without JavaScript); the mobile menu opens once
// the header's chunk has arrived, a moment after the page's own code.

export const LazyHeader = lazyHydrated(() =>
  import('./header.tsx').then((module) => module.Header),
);

export const LazyFooter = lazyHydrated(() =>
  import('./footer.tsx').then((module) => module.Footer),
);

export const LazySupportButton = lazyHydrated(() =>
  import('./support-button.tsx').then((module) => module.SupportButton),
);

// The banner renders nothing on the server (it reads local storage); it shows once its chunk
// has arrived instead of at hydration, a moment later.
export const LazyCookieBanner = lazyHydrated(() =>
  import('./cookie-banner.tsx').then((module) => module.CookieBanner),
);
