import { SITE } from '../../lib/site.ts';
import type { Route } from './+types/home';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { loadHomeData } from '../../features/home/api/home-data.ts';
import { BannerCarousel } from '../../features/home/components/banner-carousel.tsx';
import { BottomCards } from '../../features/home/components/bottom-cards.tsx';
import { CategoriesGrid } from '../../features/home/components/categories-grid.tsx';
import { FeaturedProducts } from '../../features/home/components/featured-products.tsx';
import { TestimonialsCarousel } from '../../features/home/components/testimonials-carousel.tsx';
import { VideoBanner } from '../../features/home/components/video-banner.tsx';
import { WhyChoose } from '../../features/home/components/why-choose.tsx';

/** The home page's lists, read at once as the visitor (signed-in visitors get wholesale prices). */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...(await loadHomeData(context)),
    storageBaseUrl: context.publicConfig.storageBaseUrl,
  };
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${SITE.name} | Dental laboratory equipment made in the USA` },
    {
      name: 'description',
      content:
        'Alloy grinders, vibrators, polishing lathes and replacement parts for dental laboratories, built in the USA for over 80 years.',
    },
  ];
}

/** The landing page (SPEC.md "Home page"), top to bottom in the spec's order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, featured, testimonials, storageBaseUrl } = loaderData;
  const signedIn = useStorefrontMe().user !== null;
  return (
    <>
      <BannerCarousel />
      <WhyChoose />
      <FeaturedProducts products={featured} storageBaseUrl={storageBaseUrl} signedIn={signedIn} />
      <VideoBanner />
      <CategoriesGrid categories={categories} storageBaseUrl={storageBaseUrl} />
      <TestimonialsCarousel testimonials={testimonials} storageBaseUrl={storageBaseUrl} />
      <BottomCards />
    </>
  );
}
