import { readListTotal, type CategoryDto, type ProductDto } from '@labshop/shared/schemas/catalog';
import type { AppLoadContext } from 'react-router';
import { getApiJson, getApiJsonWithHeaders } from '../../../lib/api-json.ts';

/**
 * The catalogue calls for loaders (SPEC.md section 7), through the in-process API as the
 * visitor: signed-in visitors get wholesale prices in the same answer.
 */

export interface ProductListQuery {
  /** A category name, matched case-insensitively by the API. */
  category?: string;
  /** Search in title or number. */
  q?: string;
  page: number;
  limit: number;
}

export interface ProductList {
  products: ProductDto[];
  /** All matches, over every page (at least this many when `totalCapped`). */
  total: number;
  totalCapped: boolean;
}

export async function fetchProducts(
  context: AppLoadContext,
  query: ProductListQuery,
): Promise<ProductList> {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.q) params.set('q', query.q);
  params.set('page', String(query.page));
  params.set('limit', String(query.limit));
  const { headers, json: products } = await getApiJsonWithHeaders<ProductDto[]>(
    context,
    `/api/products?${params}`,
  );
  return { products, ...readListTotal(headers, products.length) };
}

/** The product by number (or _id); null when there is none. */
export async function fetchProduct(
  context: AppLoadContext,
  productId: string,
): Promise<ProductDto | null> {
  const path = `/api/products/${encodeURIComponent(productId)}`;
  const response = await context.apiFetch(path);
  // A malformed number (too long, say) is as missing as an unknown one.
  if (response.status >= 300 && response.status < 500) return null;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as ProductDto;
}

/** The categories in display order. */
export async function fetchCategories(context: AppLoadContext): Promise<CategoryDto[]> {
  return getApiJson<CategoryDto[]>(context, '/api/categories');
}
