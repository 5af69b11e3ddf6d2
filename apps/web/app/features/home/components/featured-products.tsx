import { HOME } from '@labshop/shared/constants';
import { mainImage, savingDollars, type ProductDto } from '@labshop/shared/schemas/catalog';
import { homeProductTitle } from '@labshop/shared/text';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CardPrices, CardTitleLink, ProductPicture } from '../../catalog/components/card-parts.tsx';
import { SaveBadge } from '../../catalog/components/price-text.tsx';
import { ArrowButton } from './carousel-controls.tsx';
import { SectionHeading } from './section-heading.tsx';
import { useCarousel } from './use-carousel.ts';

export interface FeaturedProductsProps {
  products: ProductDto[];
  storageBaseUrl: string;
  /** Signed-in visitors see the wholesale price too. */
  signedIn: boolean;
}

/**
 * The featured strip (SPEC.md "Home page"): the newest products in a row that can be dragged,
 * moved with the arrows, and moves on by itself every HOME.featuredAutoScrollMs.
 */
export function FeaturedProducts({ products, storageBaseUrl, signedIn }: FeaturedProductsProps) {
  const [viewportRef, carousel] = useCarousel(
    { align: 'start', dragFree: true, loop: true, slidesToScroll: 1 },
    HOME.featuredAutoScrollMs,
  );
  if (products.length === 0) return null;

  return (
    <section
      aria-labelledby="featured-heading"
      className="below-fold [--below-fold-height:700px] bg-slate-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading
            id="featured-heading"
            eyebrow="New in the shop"
            title="Featured Products"
          />
          <Link
            to="/shop"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-white hover:text-brand-600"
          >
            View all products
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>

        <div
          className="relative mt-8"
          role="region"
          aria-roledescription="carousel"
          aria-label="Featured products"
          {...carousel.holdHandlers}
        >
          <div ref={viewportRef} className="overflow-hidden" data-testid="featured-viewport">
            <ul className="-ml-4 flex touch-pan-y py-1">
              {products.map((product) => (
                <li
                  key={product._id}
                  className="min-w-0 flex-[0_0_72%] pl-4 sm:flex-[0_0_42%] md:flex-[0_0_31%] lg:flex-[0_0_24%] xl:flex-[0_0_20%]"
                >
                  <FeaturedCard
                    product={product}
                    storageBaseUrl={storageBaseUrl}
                    signedIn={signedIn}
                  />
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-5 flex justify-end gap-2 lg:pointer-events-none lg:absolute lg:inset-y-0 lg:-right-5 lg:-left-5 lg:mt-0 lg:items-center lg:justify-between">
            <ArrowButton
              direction="prev"
              label="Scroll featured products left"
              onClick={carousel.prev}
              className="lg:pointer-events-auto"
            />
            <ArrowButton
              direction="next"
              label="Scroll featured products right"
              onClick={carousel.next}
              className="lg:pointer-events-auto"
            />
          </div>
        </div>
      </div>
    </section>
  );
}

function FeaturedCard({
  product,
  storageBaseUrl,
  signedIn,
}: {
  product: ProductDto;
  storageBaseUrl: string;
  signedIn: boolean;
}) {
  const image = mainImage(product);
  const saving = savingDollars(product);
  const shownTitle = homeProductTitle(product.title);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <div className="relative aspect-square bg-white">
        <ProductPicture
          url={image}
          storageBaseUrl={storageBaseUrl}
          alt=""
          sizes="(min-width: 1280px) 240px, (min-width: 768px) 30vw, 70vw"
          className="h-full w-full object-contain p-2 transition-transform duration-300 group-hover:scale-[1.03]"
          iconClassName="h-10 w-10"
        />
        {saving !== null && <SaveBadge dollars={saving} className="absolute top-2 left-2" />}
      </div>
      <div className="flex flex-1 flex-col border-t border-slate-100 p-4">
        <p className="text-xs font-medium text-slate-600">[{product.number}]</p>
        <h3 className="mt-1 text-sm leading-snug font-semibold text-brand-900">
          <CardTitleLink
            product={product}
            shownTitle={shownTitle}
            className="group-hover:text-brand-600"
          />
        </h3>
        <CardPrices product={product} signedIn={signedIn} />
      </div>
    </article>
  );
}
