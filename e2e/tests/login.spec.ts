import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  fillProviderLogin,
  logIn,
  logInWithForm,
  openAccountArea,
  OTHER_PARTNER,
  PARTNER,
  waitForHydration,
} from './fixtures.ts';

/** A shop page and one of its cards, for the prices partners see. */
const SHOP_CARD_PAGE = '/shop/Alloy%20Grinders';
const shopCard = (page: Page) => page.getByRole('article').filter({ hasText: '[AG-210]' });

async function tier(page: Page) {
  const response = await page.request.get('/api/me');
  return ((await response.json()) as { tier: string }).tier;
}

test.describe('login', () => {
  for (const partner of [PARTNER, OTHER_PARTNER]) {
    test(`${partner.name} logs in, sees wholesale prices, and logs out back to retail`, async ({
      page,
    }) => {
      await logInWithForm(page, partner, '/home');
      await openAccountArea(page);
      const user = page.getByTestId('signed-in-user').filter({ visible: true });
      await expect(user).toContainText(partner.name);
      await expect(user).toContainText('Wholesale prices');
      await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
      expect(await tier(page)).toBe('wholesale');

      // Shop cards show partners the wholesale price beside the retail one.
      await page.goto(SHOP_CARD_PAGE);
      await expect(shopCard(page)).toContainText(/Wholesale: \$\d/);
      await page.goto('/home');
      await waitForHydration(page);
      await openAccountArea(page);

      await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await waitForHydration(page);
      await openAccountArea(page);
      await expect(
        page.getByRole('link', { name: 'Login' }).filter({ visible: true }),
      ).toBeVisible();
      await expect(page.getByText('Wholesale prices')).toHaveCount(0);
      expect(await tier(page)).toBe('retail');

      await page.goto(SHOP_CARD_PAGE);
      await expect(shopCard(page)).toContainText('$');
      await expect(shopCard(page)).not.toContainText('Wholesale:');
    });
  }

  test('the administrator sees the Admin link and the admin shell', async ({ page }) => {
    await logInWithForm(page, ADMIN, '/home');
    await openAccountArea(page);
    await page.getByRole('link', { name: 'Admin', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    // The overview counts what the shop holds: the demo catalogue is there.
    const productsCard = page.getByRole('main').getByRole('link', { name: /^Products \d+/ });
    await expect(productsCard).toBeVisible();
    await expect(productsCard).toContainText(/^Products\s*[1-9]/);

    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    // On phones the entries are behind the Menu button.
    const menuButton = sidebar.locator('summary', { hasText: 'Menu' });
    if (await menuButton.isVisible()) await menuButton.click();
    for (const entry of [
      'Orders History',
      'Contacts Data',
      'Gallery',
      'Products',
      'Categories',
      'Customers',
      'Notifications',
      'Text Pages',
      'Testimonials',
      'Newsletter',
    ]) {
      await expect(sidebar.getByRole('link', { name: entry, exact: true })).toHaveCount(1);
    }
    const analytics = sidebar.getByRole('link', { name: /Analytics/ });
    await expect(analytics).toHaveAttribute('href', 'https://analytics.example.com/labshop');
    await expect(analytics).toHaveAttribute('target', '_blank');

    await sidebar.getByRole('link', { name: 'Text Pages', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/static$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Text Pages' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // The spec's admin/admin address still works.
    await page.goto('/admin/admin/newsletter');
    await expect(page).toHaveURL(/\/admin\/newsletter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  });

  test('an anonymous visitor opening an admin page logs in and lands on it', async ({ page }) => {
    await page.goto('/admin/products');
    await fillProviderLogin(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  });

  test("a partner opening /admin gets 'not allowed'", async ({ page }) => {
    await logIn(page, PARTNER, '/home');
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
  });

  test('a tampered state parameter lands on the error page', async ({ page }) => {
    // Browsers follow the provider's redirects internally, out of reach of request routing, so
    // this walk goes through the same redirects with the context's own cookie jar, stops at
    // the callback, and hands the browser a callback with its state changed.
    const api = page.request;
    let location: URL;
    let response = await api.get('/auth/login', { maxRedirects: 0 });
    for (;;) {
      location = new URL(response.headers().location ?? '', response.url());
      if (location.pathname.startsWith('/oidc/interaction/')) break;
      response = await api.get(location.href, { maxRedirects: 0 });
    }
    response = await api.post(`${location.pathname}/login`, {
      form: { email: PARTNER.email, password: PARTNER.password },
      maxRedirects: 0,
    });
    for (;;) {
      location = new URL(response.headers().location ?? '', response.url());
      if (location.pathname === '/auth/callback') break;
      response = await api.get(location.href, { maxRedirects: 0 });
    }
    location.searchParams.set('state', 'tampered');

    await page.goto(location.href);
    await expect(page).toHaveURL(/\/auth\/error\?reason=invalid_state$/);
    await expect(page.getByRole('heading', { name: 'Login failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Invalid state');
    expect(await tier(page)).toBe('retail');
    await expectNoAccessibilityViolations(page);
  });

  test('the provider login page lists the demo accounts and refuses a wrong password', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
    for (const account of [ADMIN, PARTNER, OTHER_PARTNER]) {
      await expect(page.getByText(account.email)).toBeVisible();
    }
    await fillProviderLogin(page, { email: PARTNER.email, password: 'wrong' });
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
    await expectNoAccessibilityViolations(page);
  });
});
