import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

// Parts of the shop and product pages that hydrate after the page is interactive: the server
// renders them in full (the cards' and pages' links work without JavaScript); the cards' Add to
// cart buttons and the gallery's thumbnails respond once their chunk has arrived, a moment later.

export const ProductCard = lazyHydrated(() =>
  import('./product-card.tsx').then((module) => module.ProductCard),
);

export const ShopPagination = lazyHydrated(() =>
  import('./shop-pagination.tsx').then((module) => module.ShopPagination),
);

export const ProductGallery = lazyHydrated(() =>
  import('./product-gallery.tsx').then((module) => module.ProductGallery),
);

export const ProductPricing = lazyHydrated(() =>
  import('./product-pricing.tsx').then((module) => module.ProductPricing),
);
