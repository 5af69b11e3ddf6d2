import { cartHas, parseCartCookie, serializeCartCookie } from '@labshop/shared/cart-cookie';
import { COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import { isUnavailable } from '@labshop/shared/schemas/catalog';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { fetchProduct } from '../catalog/api/catalog.ts';
import { ADD_TO_CART_FIELD, ADDED_PARAM, NOTICE_PARAM, withoutJustAdded } from './just-added.ts';

/**
 * The action behind every 'Add to Cart' form (the product page, the shop's cards): what the
 * browser's code does, done by the server for a click the code was not there for. Puts the
 * product in `_cart__rf` (appended, as SPEC.md says, unless the cart holds it), claims the
 * one-time alert as the code would, and sends the visitor back to the page (303, so a reload
 * does not post again) with the just-added parameters. An unavailable product is not added.
 */
export async function addToCartAction(
  request: Request,
  context: AppLoadContext,
): Promise<Response> {
  const form = await request.formData();
  const number = form.get(ADD_TO_CART_FIELD);
  if (typeof number !== 'string' || number.trim() === '' || number.length > 100) {
    throw data('Choose a product to add to the cart.', { status: 400 });
  }
  const product = await fetchProduct(context, number.trim());
  if (!product) throw data(null, { status: 404 });

  const url = new URL(request.url);
  const back = withoutJustAdded(url);
  const headers = new Headers();
  if (!isUnavailable(product)) {
    const cookieHeader = request.headers.get('cookie');
    const entries = parseCartCookie(readCookie(COOKIES.cart, cookieHeader));
    if (!cartHas(entries, product)) {
      const value = serializeCartCookie([...entries, product.number]);
      headers.append('set-cookie', cookieHeaderLine(url, COOKIES.cart, value, 'cart'));
    }
    back.searchParams.set(ADDED_PARAM, product.number);
    if (!readCookie(COOKIES.addToCartNotice, cookieHeader)) {
      headers.append(
        'set-cookie',
        cookieHeaderLine(url, COOKIES.addToCartNotice, '1', 'addToCartNotice'),
      );
      back.searchParams.set(NOTICE_PARAM, '1');
    }
  }
  return redirect(back.pathname + back.search, { status: 303, headers });
}

/** The same cookie the browser's code writes (write-cookie.ts): readable by it, site-wide. */
function cookieHeaderLine(
  url: URL,
  name: string,
  value: string,
  lifetime: keyof typeof COOKIE_MAX_AGE_SECONDS,
): string {
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${COOKIE_MAX_AGE_SECONDS[lifetime]}; Path=/; SameSite=Lax${secure}`;
}
