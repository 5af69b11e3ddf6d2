import { HOME } from '@labshop/shared/constants';
import { isUnavailable, type CategoryDto, type ProductDto } from '@labshop/shared/schemas/catalog';
import type { TestimonialDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';
import { fetchCategories, fetchProducts } from '../../catalog/api/catalog.ts';
import { fetchTestimonials } from './testimonials.ts';

/** Products in the home page's featured strip. */
export const FEATURED_PRODUCTS = 12;
/**
 * Asked for a few more than shown, so the strip stays full when some of the newest products
 * are 'not available' (they are left out: the strip advertises what can be bought).
 */
const FEATURED_CANDIDATES = FEATURED_PRODUCTS * 2;

export interface HomeData {
  /** The first HOME.categoriesShown categories, in display order. */
  categories: CategoryDto[];
  /** The newest available products, newest first. */
  featured: ProductDto[];
  /** Newest first, the display order. */
  testimonials: TestimonialDto[];
}

/**
 * Everything the home page lists, asked for at once. A list that cannot be read is logged and
 * left empty; the page shows the rest (SPEC.md section 8: load failures are only logged).
 */
export async function loadHomeData(context: AppLoadContext): Promise<HomeData> {
  const [categories, featured, testimonials] = await Promise.all([
    orEmpty('categories', async () =>
      (await fetchCategories(context)).slice(0, HOME.categoriesShown),
    ),
    orEmpty('featured products', async () => {
      const { products } = await fetchProducts(context, { page: 1, limit: FEATURED_CANDIDATES });
      return products.filter((product) => !isUnavailable(product)).slice(0, FEATURED_PRODUCTS);
    }),
    orEmpty('testimonials', () => fetchTestimonials(context)),
  ]);
  return { categories, featured, testimonials };
}

async function orEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`Home page: the ${what} could not be loaded`, error);
    return [];
  }
}
