import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeWebBuild, writeFakeWebBuild } from '../support/fake-web-build.ts';
import { startTestApp, type TestApp } from '../support/helper.ts';

/**
 * Who gets the page cache's shared render (http/ssr.ts): every visitor without a session,
 * whatever other cookies they carry, except on pages that say `Vary: Cookie`; signed-in
 * visitors and credentials always get their own render.
 */
let shop: TestApp;
let webBuild: { dir: string };

beforeAll(async () => {
  webBuild = await writeFakeWebBuild();
  shop = await startTestApp({ PAGE_CACHE_SECONDS: '60' }, async (app) => {
    await serveFakeWebBuild(app, webBuild.dir, 60_000);
  });
});

afterAll(async () => {
  await shop?.close();
  if (webBuild) await rm(webBuild.dir, { recursive: true, force: true });
});

const CART = '_cart__rf=%5B%22AG-100%22%5D';

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return {
    render: /<p id="render">([^<]*)<\/p>/.exec(response.body)![1],
    cookies: /<p id="cookies">([^<]*)<\/p>/.exec(response.body)![1],
    url: /<p id="url">([^<]*)<\/p>/.exec(response.body)![1]!.replaceAll('&#38;', '&'),
    vary: String(response.headers.vary ?? ''),
  };
}

describe('the page cache', () => {
  it('gives visitors with a cart but no session the render made without cookies', async () => {
    const first = await page('/shop?shared=1');
    expect(first.cookies).toBe('');
    const withCart = await page('/shop?shared=1', { cookie: `${CART}; _notifications_read=x` });
    expect(withCart).toEqual(first);
  });

  it('makes that render without cookies when a visitor with cookies asks first', async () => {
    const withCart = await page('/shop?shared=2', { cookie: CART });
    expect(withCart.cookies).toBe('');
    expect(await page('/shop?shared=2')).toEqual(withCart);
  });

  it('renders for each signed-in visitor or caller with credentials', async () => {
    const shared = await page('/shop?shared=3');
    const session = 'labshop_session=abc; ' + CART;
    const signedIn = await page('/shop?shared=3', { cookie: session });
    expect(signedIn.render).not.toBe(shared.render);
    expect(signedIn.cookies).toBe(session.replace(/"/g, '&#34;'));
    const withToken = await page('/shop?shared=3', { authorization: 'Bearer abc' });
    expect(withToken.render).not.toBe(shared.render);
    // The session cookie's name on an https site.
    const secure = await page('/shop?shared=3', { cookie: '__Host-labshop_session=abc' });
    expect(secure.render).not.toBe(shared.render);
  });

  it('renders a page that varies by cookie for each visitor with cookies', async () => {
    const shared = await page('/cart');
    expect(shared.vary).toMatch(/cookie/i);
    expect(await page('/cart')).toEqual(shared);

    const withCart = await page('/cart', { cookie: CART });
    expect(withCart.render).not.toBe(shared.render);
    expect(withCart.cookies).toBe(CART);
    const again = await page('/cart', { cookie: CART });
    expect(again.render).not.toBe(withCart.render);
  });
});

describe('the page cache key', () => {
  it('serves one render for any query parameter the page does not read, and makes it without them', async () => {
    const first = await page('/home?utm_source=mail');
    expect(first.url).toBe('/home');
    // A random value each time: every one is the same page, from the same render.
    for (let index = 0; index < 20; index++) {
      const again = await page(`/home?x=${Math.random().toString(36).slice(2)}`);
      expect(again.render).toBe(first.render);
    }
    expect((await page('/home')).render).toBe(first.render);
  });

  it('keeps the parameters the page reads, in one order, apart from the rest', async () => {
    const search = await page('/shop?q=belt&shared=4&fbclid=abc');
    expect(search.url).toBe('/shop?q=belt&shared=4');
    expect((await page('/shop?shared=4&q=belt')).render).toBe(search.render);
    expect((await page('/shop?q=belt&shared=4&gclid=xyz')).render).toBe(search.render);
    // Another search is another page.
    const other = await page('/shop?q=wheel&shared=4');
    expect(other.render).not.toBe(search.render);
    expect(other.url).toBe('/shop?q=wheel&shared=4');
  });
});

describe("a page's form", () => {
  const post = (headers: Record<string, string>) =>
    shop.app.inject({
      method: 'POST',
      url: '/product-details/AG-100',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'product=AG-100',
    });

  it("is refused when another site posts it, before the page's action runs", async () => {
    const forged: Record<string, string>[] = [
      { origin: 'https://other-shop.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
      { referer: 'https://other-shop.example/cart' },
    ];
    for (const headers of forged) {
      const response = await post(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.body).toBe('Cross-site requests are not accepted.');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it("reaches the page when the shop's own page posts it", async () => {
    // The stand-in page has no action: React Router answers 405, not the forgery check. Its
    // site is http://localhost (serveFakeWebBuild's PUBLIC_URL, where app.inject calls).
    const response = await post({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(405);
  });
});
