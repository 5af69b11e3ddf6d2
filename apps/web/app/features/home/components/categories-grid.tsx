import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { titleCase } from '@labshop/shared/text';
import { ArrowRight, LayoutGrid, Package } from 'lucide-react';
import { Link } from 'react-router';
import { categoryPath } from '../../catalog/category-path.ts';
import { ProductImage } from '../../catalog/components/product-image.tsx';
import { SectionHeading } from './section-heading.tsx';

const TILE =
  'group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-lg';

/**
 * The categories grid (SPEC.md "Home page"): the first HOME.categoriesShown categories, each
 * linking to /shop/{name}, and a Show All tile to /shop.
 */
export function CategoriesGrid({
  categories,
  storageBaseUrl,
}: {
  categories: CategoryDto[];
  storageBaseUrl: string;
}) {
  if (categories.length === 0) return null;
  return (
    <section
      aria-labelledby="categories-heading"
      className="below-fold [--below-fold-height:1300px] bg-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading id="categories-heading" eyebrow="Browse the range" title="Shop by Category">
          From alloy grinders to the smallest replacement part: find the equipment your lab needs.
        </SectionHeading>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 lg:gap-5">
          {categories.map((category) => (
            <li key={category._id}>
              <Link to={categoryPath(category.name)} className={TILE}>
                <div className="aspect-[4/3] overflow-hidden bg-slate-50">
                  {category.thumbnail ? (
                    <ProductImage
                      url={category.thumbnail}
                      storageBaseUrl={storageBaseUrl}
                      alt=""
                      sizes="(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 48vw"
                      className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                    />
                  ) : (
                    <div className="flex h-full items-center justify-center text-slate-400">
                      <Package className="h-10 w-10" aria-hidden="true" />
                    </div>
                  )}
                </div>
                <span className="flex flex-1 items-center justify-between gap-2 px-3 py-3 text-sm font-semibold text-brand-900 sm:px-4 sm:text-base">
                  {titleCase(category.name)}
                  <ArrowRight
                    className="h-4 w-4 shrink-0 text-brand-500 transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/shop"
              aria-describedby="categories-show-all-text"
              className={`${TILE} items-center justify-center border-brand-800 bg-gradient-to-br from-brand-800 to-brand-600 p-4 text-center text-white`}
            >
              <LayoutGrid className="h-9 w-9 text-accent-400" aria-hidden="true" />
              <span className="mt-3 text-lg font-bold">Show All</span>
              <span
                id="categories-show-all-text"
                aria-hidden="true"
                className="mt-1 text-sm text-brand-100"
              >
                Every product in the shop
              </span>
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
