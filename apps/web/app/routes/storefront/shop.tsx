import type { PageHandle } from '@labshop/shared/load-context';
import {
  PRODUCT_LIST_LIMITS,
  productCountText,
  SHOP_PAGE_SIZE,
} from '@labshop/shared/schemas/catalog';
import { pageCount } from '@labshop/shared/schemas/paging';
import { titleCase } from '@labshop/shared/text';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import type { Route } from './+types/shop';
import { useStorefrontMe } from '../../features/auth/api/me.ts';
import { LazyAddToCartNotice } from '../../features/cart/components/lazy-add-to-cart-notice.tsx';
import { addToCartAction } from '../../features/cart/cart-actions.server.ts';
import {
  ADDED_PARAM,
  cartCookieWithJustAdded,
  justAddedFrom,
  NOTICE_PARAM,
} from '../../features/cart/cart-forms.ts';
import { readRequestCartCookie, useCart } from '../../features/cart/use-cart.ts';
import { fetchCategories, fetchProducts } from '../../features/catalog/api/catalog.ts';
import { categoryPath } from '../../features/catalog/category-path.ts';
import { CategoryNav } from '../../features/catalog/components/category-nav.tsx';
import {
  ProductCard,
  ShopPagination,
} from '../../features/catalog/components/lazy-catalog-parts.tsx';
import { MessagePage } from '../../components/message-page.tsx';
import { XIcon } from '../../components/page-icons.tsx';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

function withoutControlCharacters(text: string): string {
  return text.replace(/\p{Cc}/gu, '');
}

/** Cards whose picture loads at once: about the first row on a wide screen. */
const EAGER_IMAGES = 4;

/** The page cache keys a shared render by these (server's page-cache-key.ts). */
export const handle: PageHandle = { queryParams: ['q', 'page', ADDED_PARAM, NOTICE_PARAM] };

/** /shop and /shop/{category name} (SPEC.md "Shop page"), filtered by ?q= and paged by ?page=. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const justAdded = justAddedFrom(url);
  // Typed or pasted text: control characters (a NUL byte) can match nothing, so they go.
  const q = withoutControlCharacters(url.searchParams.get('q') ?? '')
    .trim()
    .slice(0, PRODUCT_LIST_LIMITS.maxQueryLength);
  // A page number that is not a whole number from 1 (0, -2, 'abc') means the first page: the
  // address says so too.
  const pageParam = url.searchParams.get('page');
  const page = pageParam === null ? 1 : wholePageNumber(pageParam);
  if (page === null) throw redirect(withPage(url, 1));
  const requestedCategory =
    'category' in params && params.category ? withoutControlCharacters(params.category) : null;

  // The API matches the category name case-insensitively and answers an unknown one with an
  // empty list, so both calls go at once.
  const [categories, list] = await Promise.all([
    fetchCategories(context),
    fetchProducts(context, {
      category: requestedCategory ?? undefined,
      q: q || undefined,
      page: Math.min(page, PRODUCT_LIST_LIMITS.maxPage),
      limit: SHOP_PAGE_SIZE,
    }),
  ]);
  const category =
    requestedCategory === null
      ? null
      : (categories.find((c) => c.name.toLowerCase() === requestedCategory.toLowerCase()) ?? null);
  // A category that does not exist is a real "not found" (for search engines too).
  if (requestedCategory !== null && category === null) throw data(null, { status: 404 });
  // Past the last page: the last page, at its own address.
  const lastPage = pageCount(list.total, SHOP_PAGE_SIZE);
  if (page > lastPage) throw redirect(withPage(url, lastPage));

  return {
    // The list needs names only: hundreds of categories are sent with every shop page.
    categories: categories.map(({ name }) => ({ name })),
    category: category?.name ?? null,
    q,
    page,
    pageCount: lastPage,
    products: list.products,
    total: list.total,
    totalCapped: list.totalCapped,
    cartCookie: cartCookieWithJustAdded(readRequestCartCookie(request), justAdded),
    justAdded,
    storageBaseUrl: context.publicConfig.storageBaseUrl,
    publicUrl: context.publicConfig.publicUrl,
  };
}

/** `?page=` as a whole number from 1 (a huge one is past any last page), or null. */
function wholePageNumber(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const page = Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  return page >= 1 ? page : null;
}

/** The request's address at page `page` (the first page has no `page` parameter). */
function withPage(url: URL, page: number): string {
  const search = new URLSearchParams(url.search);
  if (page > 1) search.set('page', String(page));
  else search.delete('page');
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function headingOf(loaderData: { category: string | null }) {
  return loaderData.category ? titleCase(loaderData.category) : 'All Products';
}

/** 'Add to Cart' on a card, clicked before or without the page's code (a plain form post). */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context);
}

/** On client navigations, the deferred parts' code arrives with the data: none shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ProductCard.preload(),
    ShopPagination.preload(),
  ]);
  return data;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${notFound ? 'Category not found' : 'Shop'} | ${SITE.name}` },
      { name: 'robots', content: 'noindex' },
    ];
  }
  const heading = headingOf(loaderData);
  if (loaderData.q) {
    return [
      { title: `Results for '${loaderData.q}' | ${SITE.name}` },
      { name: 'description', content: `Products of ${SITE.name} matching '${loaderData.q}'.` },
      // Search results are not pages of their own for search engines.
      { name: 'robots', content: 'noindex, follow' },
    ];
  }
  const path = loaderData.category ? categoryPath(loaderData.category) : '/shop';
  const description = loaderData.category
    ? `${heading} for dental laboratories from ${SITE.name}: made in the USA, with prices and details for each model.`
    : `All dental laboratory equipment from ${SITE.name}: alloy grinders, vibrators, polishing lathes, replacement parts and accessories, made in the USA.`;
  return [
    { title: `${loaderData.category ? `${heading} | ` : ''}Shop | ${SITE.name}` },
    { name: 'description', content: description },
    {
      tagName: 'link',
      rel: 'canonical',
      href: `${loaderData.publicUrl.replace(/\/+$/, '')}${path}${loaderData.page > 1 ? `?page=${loaderData.page}` : ''}`,
    },
  ];
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { categories, category, q, page, pageCount, products, total, totalCapped } = loaderData;
  const signedIn = useStorefrontMe().user !== null;
  const cart = useCart(loaderData.cartCookie, loaderData.justAdded);
  const basePath = category ? categoryPath(category) : '/shop';
  const pageHref = (n: number) => {
    const search = new URLSearchParams();
    if (q) search.set('q', q);
    if (n > 1) search.set('page', String(n));
    const query = search.toString();
    return query ? `${basePath}?${query}` : basePath;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
      <aside className="mb-5 lg:mb-0">
        <CategoryNav categories={categories} activeCategory={category} />
      </aside>

      <section aria-labelledby="shop-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 id="shop-heading" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            {headingOf(loaderData)}
          </h1>
          {total > 0 && (
            <p className="text-sm text-slate-600">{productCountText(total, totalCapped)}</p>
          )}
        </div>

        {q && (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-slate-50 px-4 py-2.5">
            <p className="min-w-0 break-words text-slate-700">
              Results for <strong className="font-semibold text-brand-900">&apos;{q}&apos;</strong>
            </p>
            <Link
              to={basePath}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-white"
            >
              <XIcon className="h-4 w-4" aria-hidden="true" />
              Clear search
            </Link>
          </div>
        )}

        {products.length === 0 ? (
          <div className="mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-16 text-center">
            <p className="text-lg font-semibold text-slate-700">No Products to Display</p>
            <Link
              to="/shop"
              className="mt-4 inline-block rounded-md px-3 py-2 font-semibold text-brand-700 hover:bg-slate-50"
            >
              See all products
            </Link>
          </div>
        ) : (
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
            {products.map((product, index) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  storageBaseUrl={loaderData.storageBaseUrl}
                  signedIn={signedIn}
                  inCart={cart.has(product)}
                  onAddToCart={cart.add}
                  eagerImage={index < EAGER_IMAGES}
                  priorityImage={index === 0}
                />
              </li>
            ))}
          </ul>
        )}

        <ShopPagination page={page} pageCount={pageCount} hrefFor={pageHref} />
      </section>
      <LazyAddToCartNotice open={cart.noticeOpen} onClose={cart.closeNotice} />
    </div>
  );
}

/**
 * An unknown category answers the site's not-found page (404). Otherwise the catalogue could
 * not be read: say so inside the shop's shell, with a way to retry.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      badge={notFound && <p className="text-6xl font-extrabold text-brand-500">404</p>}
      title={notFound ? 'Category not found' : 'The products cannot be shown right now'}
      actions={[
        notFound
          ? { to: '/shop', label: 'Browse products' }
          : { to: '/shop', label: 'Try again', reloadDocument: true },
      ]}
    >
      {!notFound && <title>{`Shop | ${SITE.name}`}</title>}
      <p className="mt-3 text-slate-600">
        {notFound
          ? 'We have no category by this name. Every product is in the shop.'
          : RETRY_ADVICE}
      </p>
    </MessagePage>
  );
}
