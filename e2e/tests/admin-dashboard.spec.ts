import { DASHBOARD_DAYS, ORDERS_MESSAGES } from '@labshop/shared/schemas/orders';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  openAccountArea,
  waitForHydration,
} from './fixtures.ts';

/** Every entry of the admin menu, in its order (Analytics, outside the shop, besides). */
const ADMIN_MENU: readonly (readonly [name: string, path: string])[] = [
  ['Overview', '/admin'],
  ['Orders History', '/admin/orders-history'],
  ['Quotes', '/admin/quotes'],
  ['Freight', '/admin/freight'],
  ['Contacts Data', '/admin/contact'],
  ['Gallery', '/admin/gallery'],
  ['Products', '/admin/products'],
  ['Categories', '/admin/categories'],
  ['Customers', '/admin/customers'],
  ['Notifications', '/admin/notifications'],
  ['Text Pages', '/admin/static'],
  ['Testimonials', '/admin/testimonials'],
  ['Newsletter', '/admin/newsletter'],
  ['Mail', '/admin/mail'],
  ['Sync History', '/admin/erp-syncs'],
  ['Audit Log', '/admin/audit-log'],
];

/**
 * The admin navigation's visible links are every entry of ADMIN_MENU and Analytics, in order,
 * each with its address, each whole inside the viewport (read at once: one round trip).
 */
async function expectWholeMenuInView(page: Page) {
  const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
  await expect(links).toHaveText([...ADMIN_MENU.map(([name]) => name), /^Analytics/]);
  const seen = await links.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const inView =
        box.width > 0 &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth;
      return { href: element.getAttribute('href'), inView };
    }),
  );
  expect(seen).toEqual([
    ...ADMIN_MENU.map(([, path]) => ({ href: path, inView: true })),
    { href: 'https://analytics.example.com/labshop', inView: true },
  ]);
}

/** The dashboard: the admin's first screen, with the counts, the 90-day chart and the links. */
test.describe('admin dashboard', () => {
  test('is the first admin screen: counts, the 90-day chart, top products, links', async ({
    page,
  }) => {
    await logIn(page, ADMIN, '/home');
    await openAccountArea(page);
    await page.getByRole('link', { name: 'Admin', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await waitForHydration(page);
    await expect(page).toHaveTitle(/^Overview \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // The counts: the demo catalogue is there; each count leads to its screen.
    const counts = page.getByRole('list', { name: 'Counts' });
    await expect(counts.getByRole('link', { name: /^Products [1-9]/ })).toHaveAttribute(
      'href',
      '/admin/products',
    );
    await expect(counts.getByRole('link', { name: /^Categories [1-9]/ })).toHaveAttribute(
      'href',
      '/admin/categories',
    );
    await expect(counts.getByRole('link', { name: /^Paid orders \d+/ })).toBeVisible();
    await expect(counts.getByRole('link', { name: /^Newsletter: subscribed \d+/ })).toBeVisible();
    for (const name of [/^ERP syncs pending \d+/, /^ERP syncs failed \d+/]) {
      await expect(counts.getByRole('link', { name })).toHaveAttribute(
        'href',
        '/admin/orders-history',
      );
    }

    // The chart: revenue and orders per day, a day's numbers on hover and with the keys.
    await expect(
      page.getByRole('heading', { name: `Orders and revenue, last ${DASHBOARD_DAYS} days` }),
    ).toBeVisible();
    await expect(page.getByTestId('total-orders')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('total-revenue')).toHaveText(/^\$[\d,]+\.\d\d$/);
    const chart = page.getByTestId('daily-chart');
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId('orders-line')).toHaveAttribute(
      'points',
      new RegExp(`^(\\S+ ){${DASHBOARD_DAYS - 1}}\\S+$`),
    );
    const box = await chart.getByTestId('orders-line').locator('xpath=..').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    await chart.locator('svg').first().hover();
    await expect(page.getByTestId('chart-tooltip')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('chart-tooltip')).toHaveCount(0);
    await chart.focus();
    await page.keyboard.press('Home');
    const tooltip = page.getByTestId('chart-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/Revenue \$[\d,]+\.\d\d/);
    await page.keyboard.press('End');
    await expect(tooltip).toContainText(/Orders \d+/);
    await chart.blur();
    await expect(tooltip).toHaveCount(0);

    // The accessible alternative: the same numbers, one row per day.
    await page.getByText('Show the numbers').click();
    const numbers = page.getByRole('table', { name: 'Orders and revenue per day' });
    await expect(numbers.getByRole('row')).toHaveCount(DASHBOARD_DAYS + 1);

    await expect(page.getByRole('heading', { name: /^Top products/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // The way to each screen.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: /^Orders History/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/orders-history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders History' })).toBeVisible();
  });

  test('the admin menu shows every screen: a Menu button on phones, the column on wide screens', async ({
    page,
  }) => {
    // Signs in and opens a few screens: on a busy machine that takes more than the default.
    test.setTimeout(120_000);
    await logIn(page, ADMIN, '/home');
    // A light screen: axe reads it quickly.
    await page.goto('/admin/contact');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menuButton = nav.locator('summary', { hasText: 'Menu' });
    const phone = (page.viewportSize()?.width ?? 0) < 1024;

    if (phone) {
      // 390 px: one Menu button naming the current screen; the list is closed.
      await expect(menuButton).toBeInViewport();
      await expect(menuButton).toContainText('Contacts Data');
      await expect(nav.getByRole('link')).toHaveCount(0);
      await menuButton.click();
    } else {
      // 1440 px: the column beside the content, no Menu button.
      await expect(menuButton).toBeHidden();
    }
    // Every screen at once, in order, each whole on screen and leading to its screen.
    await expectWholeMenuInView(page);
    await expectNoAccessibilityViolations(page);
    if (!phone) return;

    // Escape closes it and leaves the focus on the button.
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link')).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    // After a choice the menu closes and names the new screen: the last entry (the old strip
    // of tabs left it off screen), then back.
    for (const name of ['Audit Log', 'Overview']) {
      const [, path] = ADMIN_MENU.find(([entry]) => entry === name)!;
      await menuButton.click();
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(nav.getByRole('link')).toHaveCount(0);
      await expect(menuButton).toContainText(name);
    }
  });

  test("on phones the admin menu opens before the page's code has started", async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 1024, 'the Menu button is for narrow screens');
    test.setTimeout(120_000);
    await logIn(page, ADMIN, '/home');
    // The server's HTML alone: no script runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/admin/customers');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.locator('summary', { hasText: 'Menu' }).click();
    await expectWholeMenuInView(page);
    await nav.getByRole('link', { name: 'Sync History', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/erp-syncs$/);
  });

  test("a dashboard that cannot load says 'Failed to load the dashboard'", async ({ page }) => {
    await logIn(page, ADMIN, '/home');
    await page.route('**/api/admin/dashboard', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }),
    );
    await page.goto('/admin');
    await expect(page.getByText(ORDERS_MESSAGES.dashboardLoadFailed)).toBeVisible();
    await page.unroute('**/api/admin/dashboard');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('daily-chart')).toBeVisible();
  });
});
