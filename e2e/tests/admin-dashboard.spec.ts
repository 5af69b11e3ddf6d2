import { DASHBOARD_DAYS, ORDERS_MESSAGES } from '@labshop/shared/schemas/orders';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  openAccountArea,
  waitForHydration,
} from './fixtures.ts';

/** The dashboard: the admin's first screen, with the counts, the 90-day chart and the links. */
test.describe('admin dashboard', () => {
  test('is the first admin screen: counts, the 90-day chart, top products, links', async ({
    page,
  }) => {
    await logIn(page, ADMIN, '/home');
    await openAccountArea(page);
    await page.getByRole('link', { name: 'Admin' }).filter({ visible: true }).click();
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
