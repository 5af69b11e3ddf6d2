import { NOT_MADE_IN_USA_PRODUCT_NUMBER } from '@labshop/shared/constants';
import type { PageHandle } from '@labshop/shared/load-context';
import { titleCase } from '@labshop/shared/text';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import type { Route } from './+types/product-details';
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
import { fetchProduct } from '../../features/catalog/api/catalog.ts';
import { categoryPath } from '../../features/catalog/category-path.ts';
import { JsonLd } from '../../features/catalog/components/json-ld.tsx';
import { MadeInUsaBadge } from '../../features/catalog/components/made-in-usa-badge.tsx';
import { ProductBuyBox } from '../../features/catalog/components/product-buy-box.tsx';
import {
  ProductGallery,
  ProductPricing,
} from '../../features/catalog/components/lazy-catalog-parts.tsx';
import { productJsonLd, productMetaTags } from '../../features/catalog/product-seo.ts';
import { jsonForScript } from '../../lib/json-for-script.ts';
import { MessagePage } from '../../components/message-page.tsx';
import { ChevronRightIcon, FileDownIcon } from '../../components/page-icons.tsx';
import { RETRY_ADVICE, SITE } from '../../lib/site.ts';

/** The page cache keys a shared render by these (server's page-cache-key.ts). */
export const handle: PageHandle = { queryParams: [ADDED_PARAM, NOTICE_PARAM] };

/**
 * /product-details/{number} (SPEC.md "Product details page"); an _id finds it too. Numbers are
 * unique without regard to case, so /product-details/qa-100 finds QA-100 and moves to its own
 * address: one page per product.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const justAdded = justAddedFrom(url);
  const product = await fetchProduct(context, params.productId);
  if (!product) throw data(null, { status: 404 });
  if (
    product.number !== params.productId &&
    product.number.toLowerCase() === params.productId.toLowerCase()
  ) {
    throw redirect(`/product-details/${encodeURIComponent(product.number)}${url.search}`, 301);
  }
  const { publicUrl, storageBaseUrl } = context.publicConfig;
  return {
    product,
    cartCookie: cartCookieWithJustAdded(readRequestCartCookie(request), justAdded),
    justAdded,
    storageBaseUrl,
    publicUrl,
    // Made here, so the browser's bundle carries neither the schema.org builder nor its escaping.
    jsonLd: jsonForScript(productJsonLd(product, publicUrl, SITE.name)),
    metaTags: productMetaTags(product, publicUrl, SITE.name),
  };
}

/** 'Add to Cart' clicked before or without the page's code (a plain form post). */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context);
}

/** On client navigations, the deferred parts' code arrives with the data: none shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    ProductGallery.preload(),
    ProductPricing.preload(),
  ]);
  return data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) {
    return [{ title: `Product not found | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
  }
  return loaderData.metaTags;
}

export default function ProductDetails({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const signedIn = useStorefrontMe().user !== null;
  const cart = useCart(loaderData.cartCookie, loaderData.justAdded);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <JsonLd json={loaderData.jsonLd} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-600">
          <li>
            <Link to="/home" className="font-medium text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li className="flex items-center gap-1.5">
            <ChevronRightIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />
            <Link
              to={categoryPath(product.category)}
              className="font-medium text-brand-700 hover:underline"
            >
              {titleCase(product.category)}
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <ChevronRightIcon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span aria-current="page" className="min-w-0 break-words text-slate-700">
              {product.title}
            </span>
          </li>
        </ol>
      </nav>

      {/* Phones read top to bottom: the title, then the price and Add to Cart (above the fold at
          390x844), then the pictures and the description. From lg on, the pictures take the
          left column and the rest stacks on the right; the last row takes what the pictures
          need beyond the others. One column is minmax(0, 1fr): nothing inside can widen it. */}
      <div className="mt-6 grid grid-cols-1 lg:grid-cols-2 lg:grid-rows-[auto_auto_1fr] lg:gap-x-12">
        <div className="min-w-0 lg:col-start-2">
          <h1 className="text-2xl leading-tight font-bold break-words text-brand-900 sm:text-3xl">
            {product.title}
          </h1>
          <div className="mt-3 space-y-1 text-sm text-slate-700">
            <p>
              <span className="font-semibold">Product number:</span> {product.number}
            </p>
            <p>
              <span className="font-semibold">Category:</span>{' '}
              <Link to={categoryPath(product.category)} className="text-brand-700 hover:underline">
                {titleCase(product.category)}
              </Link>
            </p>
            {/* What the freight is reckoned from (issue 37): a lab plans its bench and its freight. */}
            {product.shippingWeightLb !== null && (
              <p>
                <span className="font-semibold">Shipping weight:</span> {product.shippingWeightLb}{' '}
                lb
              </p>
            )}
          </div>
          {product.number !== NOT_MADE_IN_USA_PRODUCT_NUMBER && (
            <div className="mt-4">
              <MadeInUsaBadge />
            </div>
          )}
        </div>

        <div className="mt-6 min-w-0 lg:col-start-2">
          <ProductPricing product={product} signedIn={signedIn} />
          <div className="mt-6">
            <ProductBuyBox
              product={product}
              inCart={cart.has(product)}
              onAddToCart={() => cart.add(product)}
            />
          </div>
          {/* In the flow under the button, so it covers neither the title nor anything else. */}
          <LazyAddToCartNotice inline open={cart.noticeOpen} onClose={cart.closeNotice} />
        </div>

        <div className="mt-8 min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-1 lg:mt-0">
          <ProductGallery
            key={product.number}
            images={product.images}
            title={product.title}
            storageBaseUrl={loaderData.storageBaseUrl}
          />
        </div>

        <section
          aria-labelledby="description-heading"
          className="mt-8 min-w-0 border-t border-slate-200 pt-6 lg:col-start-2"
        >
          <h2 id="description-heading" className="text-lg font-semibold text-brand-900">
            Description
          </h2>
          {/* Plain text from the admin: line breaks are kept, nothing is parsed as HTML. */}
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-700">
            {product.description}
          </p>
          {product.brochureUrl && (
            // A new tab, so the product page stays where it was behind the PDF.
            <a
              href={product.brochureUrl}
              target="_blank"
              rel="noopener"
              className="mt-5 inline-flex items-center gap-2 rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              <FileDownIcon className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="flex flex-col leading-tight">
                Download brochure
                <span className="text-sm font-normal text-slate-600">
                  (PDF, opens in a new tab)
                </span>
              </span>
            </a>
          )}
        </section>
      </div>
    </div>
  );
}

/** A product that does not exist answers 404 with a way on; other failures say so kindly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <MessagePage
      title={notFound ? 'Product not found' : 'This product cannot be shown right now'}
      actions={[
        { to: '/shop', label: 'Browse products' },
        { to: '/home', label: 'Go to the home page' },
      ]}
    >
      {!notFound && <title>{`Something went wrong | ${SITE.name}`}</title>}
      <p className="mt-3 text-slate-600">
        {notFound
          ? 'We could not find this product. It may have been renamed or taken out of the catalogue.'
          : RETRY_ADVICE}
      </p>
    </MessagePage>
  );
}
