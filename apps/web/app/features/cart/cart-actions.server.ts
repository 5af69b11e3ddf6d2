import {
  cartHas,
  parseCartCookie,
  removeFromCart,
  serializeCartCookie,
  setCartQuantity,
  type CartCookieEntry,
} from '@labshop/shared/cart-cookie';
import { COOKIE_MAX_AGE_SECONDS, COOKIES } from '@labshop/shared/constants';
import { isUnavailable } from '@labshop/shared/schemas/catalog';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { CART_LINE_FORM } from './cart-line-form.ts';
import { fetchProduct } from '../catalog/api/catalog.ts';
import { ADD_TO_CART_FIELD, ADDED_PARAM, NOTICE_PARAM, withoutJustAdded } from './cart-forms.ts';

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
      headers.append('set-cookie', cartCookieLine(url, [...entries, product.number]));
    }
    back.searchParams.set(ADDED_PARAM, product.number);
    if (!readCookie(COOKIES.addToCartNotice, cookieHeader)) {
      headers.append(
        'set-cookie',
        cookieHeaderLine(url, COOKIES.addToCartNotice, '1', COOKIE_MAX_AGE_SECONDS.addToCartNotice),
      );
      back.searchParams.set(NOTICE_PARAM, '1');
    }
  }
  return redirect(back.pathname + back.search, { status: 303, headers });
}

/**
 * The action behind each line of the cart page, for a click or an Enter the page's code was not
 * there for: the stepper's minus and plus (`set`), a typed quantity (`quantity`, sent by Enter),
 * and Remove. It changes the cookie as cart-store.ts does (1..999; Remove takes out the first
 * matching entry) and goes back to the cart (303). A line no longer in the cart (another tab
 * removed it) stays out.
 */
export async function cartLineAction(request: Request): Promise<Response> {
  const form = await request.formData();
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' && value.length <= max
      ? value.trim()
      : null;
  };
  const number = text(CART_LINE_FORM.number, 100);
  const title = text(CART_LINE_FORM.title, 300);
  if (number === null || title === null) {
    throw data('Choose a line of the cart to change.', { status: 400 });
  }
  const product = { number, title };
  const url = new URL(request.url);
  const entries = parseCartCookie(readCookie(COOKIES.cart, request.headers.get('cookie')));
  let next: CartCookieEntry[] | null = null;
  if (cartHas(entries, product)) {
    if (form.has(CART_LINE_FORM.remove)) {
      next = removeFromCart(entries, product);
    } else {
      const quantity = Number(text(CART_LINE_FORM.set, 4) ?? text(CART_LINE_FORM.quantity, 4));
      // An empty or invalid typed quantity resets to 1, as the stepper does on blur.
      next = setCartQuantity(entries, product, Number.isInteger(quantity) ? quantity : 1);
    }
  }
  const headers = new Headers();
  if (next) headers.append('set-cookie', cartCookieLine(url, next));
  return redirect(url.pathname, { status: 303, headers });
}

/** The cart cookie as the browser's code writes it; an empty cart deletes it (SPEC.md 4). */
export function cartCookieLine(url: URL, entries: readonly CartCookieEntry[]): string {
  return entries.length === 0
    ? cookieHeaderLine(url, COOKIES.cart, '', 0)
    : cookieHeaderLine(
        url,
        COOKIES.cart,
        serializeCartCookie(entries),
        COOKIE_MAX_AGE_SECONDS.cart,
      );
}

/** The same cookie the browser's code writes (write-cookie.ts): readable by it, site-wide. */
function cookieHeaderLine(url: URL, name: string, value: string, maxAgeSeconds: number): string {
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
