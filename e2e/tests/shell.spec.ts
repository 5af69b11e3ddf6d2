import { expect, test } from '@playwright/test';
import { ADMIN, expectNoAccessibilityViolations, logIn, waitForHydration } from './fixtures.ts';

test.describe('the storefront shell', () => {
  test('the home page HTML carries the header before any JavaScript runs', async ({ request }) => {
    const response = await request.get('/home');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<header');
    expect(html).toMatch(/href="tel:\+\d+"/);
    for (const label of ['Products', 'About', 'Contacts', 'Customer Support', 'Login']) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('action="/shop"');
    expect(html).toContain('name="q"');
    expect(html).toContain('<footer');
  });

  test('a page reused for visitors without cookies still gets its own CSP nonce', async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const response = await request.get('/shop');
      expect(response.status()).toBe(200);
      const policyNonce = /'nonce-([^']+)'/.exec(
        response.headers()['content-security-policy'] ?? '',
      )?.[1];
      expect(policyNonce).toBeTruthy();
      const html = await response.text();
      // Every inline script carries this response's nonce, and no other.
      const scriptNonces = [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([policyNonce]));
      nonces.push(policyNonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("the page's code is fetched after the page has loaded and painted, then the page hydrates", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      const paints: number[] = [];
      (window as unknown as { paints: number[] }).paints = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/shop');
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        loaded: navigation!.loadEventStart,
        paints: (window as unknown as { paints: number[] }).paints,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    });
    expect(timing.paints.length).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paints[0]!);
    // Hydrated: the cart button works in the app, with no reload.
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(errors).toEqual([]);
  });

  test('odd addresses get a 4xx answer, never a server error', async ({ request }) => {
    const api = await request.get('/api/no-such-endpoint', { maxRedirects: 0 });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: 'No such endpoint: GET /api/no-such-endpoint' });
    for (const path of ['/shop?q=%00', '/shop?page=abc']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    for (const path of [
      '/shop/%00',
      '/product-details/%00',
      `/product-details/${'x'.repeat(600)}`,
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test('the empty path opens the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the cookie banner shows until accepted, and stays away after a reload', async ({
    page,
  }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute(
      'href',
      '/cookies-policy',
    );
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('true');

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  });

  test('an unknown path leads to the not-found page, which answers 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/notfound$/);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the header search sends the visitor to the shop with the query', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('searchbox', { name: 'Search products by name or number' });
    await expect(box).toBeFocused();
    const shopRequest = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.startsWith('/shop') && url.searchParams.get('q') === 'alloy grinder';
    });
    await box.fill('alloy grinder');
    await box.press('Enter');
    await shopRequest;
  });

  test('the Customer Support button opens the contact page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Customer Support' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('the main links are reachable at this width', async ({ page, isMobile }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (isMobile) {
      await expect(nav.getByRole('link', { name: 'Products' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/shop');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-us');
    await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('a navigation scrolls to the top', async ({ page, viewport }) => {
    // A short window, so the page is sure to scroll at any width.
    await page.setViewportSize({ width: viewport?.width ?? 1440, height: 420 });
    await page.goto('/notfound');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gallery' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the cart count reads the cart cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([
      {
        name: '_cart__rf',
        value: encodeURIComponent(JSON.stringify(['AG-210', 'VB-12'])),
        url: baseURL!,
      },
    ]);
    await page.goto('/home');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });

  test('visitors without a session share one page, and their browser fills in their cart and what they read', async ({
    page,
    context,
    baseURL,
  }) => {
    const path = '/shop/Vibrators';
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, '');
    const shared = withoutNonce(await (await context.request.get(path)).text());
    await context.addCookies([
      { name: '_cart__rf', value: encodeURIComponent(JSON.stringify(['VB-12'])), url: baseURL! },
    ]);
    // The server sends the very page it sends visitors without cookies...
    expect(withoutNonce(await (await context.request.get(path)).text())).toBe(shared);

    // ...and the browser shows this visitor's cart in it.
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const vibrator = page.getByRole('article').filter({ hasText: '[VB-12]' });
    await expect(vibrator.getByRole('link', { name: /In Cart/ })).toBeVisible();

    // Notifications opened once stay read on the next shared page.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await page.goto('/gallery');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
  });

  test('home and not-found pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/home', '/notfound']) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAccessibilityViolations(page);
    }
  });

  test("an administrator's change reaches visitors without cookies at once, not after the page cache's seconds", async ({
    page,
    request,
  }, testInfo) => {
    const title = `Cache check ${testInfo.project.name} ${Date.now()}`;
    // Twice, so the second answer comes from the page cache.
    for (let visit = 0; visit < 2; visit++) {
      expect(await (await request.get('/gallery')).text()).not.toContain(title);
    }
    await logIn(page, ADMIN);
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/notifications', {
      data: { title, body: 'Shown in the bell of every page.' },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    try {
      // The bell's notifications are part of every page's data.
      expect(await (await request.get('/gallery')).text()).toContain(title);
    } finally {
      await page.request.delete(`/api/notifications/${_id}`, { headers: { origin } });
    }
    expect(await (await request.get('/gallery')).text()).not.toContain(title);
  });
});
