import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

// The home page's sections hydrate after the page is interactive: their code (Embla and the
// carousel controls, about 15 kB gzip, then the section markup) is not needed before, as all
// links work without JavaScript. The server renders them in full.

export const BannerCarousel = lazyHydrated(() =>
  import('./banner-carousel.tsx').then((module) => module.BannerCarousel),
);

export const FeaturedProducts = lazyHydrated(() =>
  import('./featured-products.tsx').then((module) => module.FeaturedProducts),
);

export const WhyChoose = lazyHydrated(() =>
  import('./why-choose.tsx').then((module) => module.WhyChoose),
);

export const VideoBanner = lazyHydrated(() =>
  import('./video-banner.tsx').then((module) => module.VideoBanner),
);

export const TestimonialsCarousel = lazyHydrated(() =>
  import('./testimonials-carousel.tsx').then((module) => module.TestimonialsCarousel),
);

export const CategoriesGrid = lazyHydrated(() =>
  import('./categories-grid.tsx').then((module) => module.CategoriesGrid),
);

export const BottomCards = lazyHydrated(() =>
  import('./bottom-cards.tsx').then((module) => module.BottomCards),
);

/** Fetches the sections' code: a client navigation to the home page waits for it with the data. */
export function preloadHomeSections() {
  return Promise.all(
    [
      BannerCarousel,
      WhyChoose,
      FeaturedProducts,
      VideoBanner,
      CategoriesGrid,
      TestimonialsCarousel,
      BottomCards,
    ].map((section) => section.preload()),
  );
}
