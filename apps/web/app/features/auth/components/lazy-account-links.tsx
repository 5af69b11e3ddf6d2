import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/** The header's account links, hydrated after the page is interactive (rendered in full first). */
export const LazyAccountLinks = lazyHydrated(() =>
  import('./account-links.tsx').then((module) => module.AccountLinks),
);
