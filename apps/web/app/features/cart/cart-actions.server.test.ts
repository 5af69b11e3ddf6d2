import { parseCartCookie } from '@labshop/shared/cart-cookie';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addToCartAction, cartLineAction } from './cart-actions.server.ts';

/** The catalogue as the in-process API answers it: GET /api/products/{number}. */
const PRODUCTS: Record<string, { number: string; title: string }> = {
  'VB-12': { number: 'VB-12', title: 'Model Vibrator, Medium Platform' },
  'AG-210-LH': { number: 'AG-210-LH', title: 'Left-Hand Grinder (Not Available)' },
};

const context = {
  apiFetch: async (path: string) => {
    const number = decodeURIComponent(path.replace('/api/products/', ''));
    const product = PRODUCTS[number];
    return product
      ? Response.json({ ...product, images: [] })
      : Response.json({ error: 'Product not found' }, { status: 404 });
  },
} as unknown as AppLoadContext;

async function post(url: string, fields: Record<string, string>, cookie = '') {
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return await addToCartAction(request, context);
  } catch (thrown) {
    // data() throws a DataWithResponseInit: its status is what the visitor gets.
    return thrown as { init: { status: number } | null; data: unknown };
  }
}

function asResponse(result: unknown): Response {
  if (!(result instanceof Response)) throw new Error(`not a response: ${JSON.stringify(result)}`);
  return result;
}

function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), line];
    }),
  );
}

describe('the Add to Cart form action', () => {
  it('appends the product to the cart cookie, claims the alert, and goes back with 303', async () => {
    const response = asResponse(
      await post(
        'http://shop.test/shop/vibrators?page=2',
        { product: 'VB-12' },
        '_cart__rf=%5B%22AG-210%22%5D',
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/shop/vibrators?page=2&added=VB-12&notice=1');
    const cookies = setCookies(response);
    const cart = cookies._cart__rf!;
    expect(cart).toMatch(/; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    expect(parseCartCookie(cart.split(';')[0]!.split('=')[1])).toEqual(['AG-210', 'VB-12']);
    expect(cookies._cart_notice).toMatch(
      /^_cart_notice=1; Max-Age=2592000; Path=\/; SameSite=Lax$/,
    );
  });

  it('shows the alert once: a visitor who has seen it gets no notice parameter', async () => {
    const response = asResponse(
      await post('http://shop.test/product-details/VB-12', { product: 'VB-12' }, '_cart_notice=1'),
    );
    expect(response.headers.get('location')).toBe('/product-details/VB-12?added=VB-12');
    expect(Object.keys(setCookies(response))).toEqual(['_cart__rf']);
  });

  it('leaves a cart that holds the product as it is, and drops old just-added parameters', async () => {
    const response = asResponse(
      await post(
        'http://shop.test/product-details/VB-12?added=AG-210&notice=1',
        { product: 'VB-12' },
        '_cart__rf=%5B%22VB-12%22%5D; _cart_notice=1',
      ),
    );
    expect(response.headers.get('location')).toBe('/product-details/VB-12?added=VB-12');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('marks the cookie Secure on HTTPS, as the browser code does', async () => {
    const response = asResponse(
      await post('https://shop.test/product-details/VB-12', { product: 'VB-12' }),
    );
    for (const line of response.headers.getSetCookie()) expect(line).toMatch(/; Secure$/);
  });

  it('adds nothing for a product that is not available', async () => {
    const response = asResponse(
      await post('http://shop.test/product-details/AG-210-LH', { product: 'AG-210-LH' }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/product-details/AG-210-LH');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 without one', async () => {
    expect(await post('http://shop.test/shop', { product: 'NO-SUCH' })).toMatchObject({
      init: { status: 404 },
    });
    const bad: Record<string, string>[] = [{}, { product: ' ' }, { product: 'x'.repeat(101) }];
    for (const fields of bad) {
      expect(await post('http://shop.test/shop', fields)).toMatchObject({ init: { status: 400 } });
    }
  });
});

describe("the cart page's line form action", () => {
  const CART = encodeURIComponent(JSON.stringify(['AG-210', 'VB-12']));
  const LINE = { number: 'VB-12', title: 'Model Vibrator, Medium Platform' };

  async function change(fields: Record<string, string>, cookie = `_cart__rf=${CART}`) {
    const request = new Request('http://shop.test/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams(fields).toString(),
    });
    try {
      return await cartLineAction(request);
    } catch (thrown) {
      return thrown as { init: { status: number } | null };
    }
  }

  /** The cart the answer's cookie holds; undefined when it sets none, null when it deletes it. */
  function cartAfter(result: unknown): unknown {
    const response = asResponse(result);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/cart');
    const line = setCookies(response)._cart__rf;
    if (line === undefined) return undefined;
    if (/Max-Age=0;/.test(line)) return null;
    return parseCartCookie(line.split(';')[0]!.split('=')[1]);
  }

  it('sets the quantity a stepper button names, or the typed one that Enter sends', async () => {
    expect(cartAfter(await change({ ...LINE, set: '2', quantity: '7' }))).toEqual([
      'AG-210',
      { ...LINE, quantity: 2 },
    ]);
    expect(cartAfter(await change({ ...LINE, quantity: '7' }))).toEqual([
      'AG-210',
      { ...LINE, quantity: 7 },
    ]);
  });

  it('keeps quantities within 1..999, and an invalid typed one becomes 1', async () => {
    expect(cartAfter(await change({ ...LINE, quantity: '5000' }))).toEqual([
      'AG-210',
      { ...LINE, quantity: 999 },
    ]);
    expect(cartAfter(await change({ ...LINE, set: '0' }))).toEqual(['AG-210', 'VB-12']);
    expect(cartAfter(await change({ ...LINE, quantity: 'abc' }))).toEqual(['AG-210', 'VB-12']);
  });

  it('removes the line, and deletes the cookie with the last one', async () => {
    expect(cartAfter(await change({ ...LINE, remove: '1' }))).toEqual(['AG-210']);
    const last = await change(
      { ...LINE, remove: '1' },
      `_cart__rf=${encodeURIComponent('["VB-12"]')}`,
    );
    expect(cartAfter(last)).toBeNull();
  });

  it('leaves out a line that is no longer in the cart (another tab removed it)', async () => {
    expect(cartAfter(await change({ ...LINE, set: '3' }, '_cart__rf=%5B%22AG-210%22%5D'))).toBe(
      undefined,
    );
  });

  it('answers 400 without the line', async () => {
    expect(await change({ set: '2' })).toMatchObject({ init: { status: 400 } });
    expect(await change({ number: 'VB-12', set: '2' })).toMatchObject({ init: { status: 400 } });
  });
});
