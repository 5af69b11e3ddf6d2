import { SITE } from '../../lib/site.ts';
import type { Route } from './+types/home';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { loadHomeData } from '../../features/home/api/home-data.ts';
import {
  BannerCarousel,
  BottomCards,
  CategoriesGrid,
  FeaturedProducts,
  preloadHomeSections,
  TestimonialsCarousel,
  VideoBanner,
  WhyChoose,
} from '../../features/home/components/deferred-sections.tsx';

/** The home page's lists, read at once as the visitor (signed-in visitors get wholesale prices). */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...(await loadHomeData(context)),
    storageBaseUrl: context.publicConfig.storageBaseUrl,
  };
}

/** On client navigations, the deferred sections' code arrives with the data: none shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), preloadHomeSections()]);
  return data;
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
