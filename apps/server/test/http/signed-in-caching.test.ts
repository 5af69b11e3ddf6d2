import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PRODUCTS, seedCheckoutData } from '../support/checkout-fixtures.ts';
import { serveFakeWebBuild, writeFakeWebBuild } from '../support/fake-web-build.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../support/helper.ts';

/**
 * Issue 31: what a signed-in partner is sent shows wholesale prices, so no cache may keep it:
 * `Cache-Control: private, no-store` on the catalogue's answers and on the pages rendered for a
 * session or a Bearer token. Anonymous answers stay `private, no-cache`, revalidated by ETag.
 */
let shop: SignedInTestApp;
let webBuild: { dir: string };

beforeAll(async () => {
  webBuild = await writeFakeWebBuild();
  shop = await startSignedInTestApp({}, async (app) => {
    await serveFakeWebBuild(app, webBuild.dir, 60_000);
  });
  await seedCheckoutData(shop);
});

afterAll(async () => {
  await shop?.close();
  if (webBuild) await rm(webBuild.dir, { recursive: true, force: true });
});

type WithPrice = { wholesalePrice: number | null };
const catalogue = ['/api/products', `/api/products/${PRODUCTS.grinder.number}`];

describe('the catalogue API', () => {
  it('sends a signed-in caller its wholesale prices with private, no-store and no ETag', async () => {
    for (const url of catalogue) {
      const response = await call(shop, 'GET', url, { token: shop.partnerToken });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('private, no-store');
      expect(response.headers.get('etag'), url).toBeNull();
      const body = (await response.json()) as WithPrice | WithPrice[];
      const product = Array.isArray(body) ? body[0] : body;
      expect(typeof product?.wholesalePrice, url).toBe('number');
    }
  });

  it('keeps anonymous answers private, no-cache, revalidated with their ETag', async () => {
    for (const url of catalogue) {
      const response = await call(shop, 'GET', url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('private, no-cache');
      expect(response.headers.get('etag'), url).toMatch(/^W\//);
    }
  });
});

describe('server-rendered pages', () => {
  const page = (url: string, headers: Record<string, string>) =>
    shop.app.inject({ method: 'GET', url, headers });

  it('are private, no-store when rendered for a session or a Bearer token', async () => {
    for (const url of ['/shop', `/product/${PRODUCTS.grinder.number}`]) {
      const withSession = await page(url, { cookie: 'labshop_session=abc' });
      expect(withSession.headers['cache-control'], url).toBe('private, no-store');
      const withToken = await page(url, { authorization: `Bearer ${shop.partnerToken}` });
      expect(withToken.statusCode, url).toBe(200);
      expect(withToken.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
