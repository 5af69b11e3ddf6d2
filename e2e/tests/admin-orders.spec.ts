import { readFile } from 'node:fs/promises';
import { ORDER_HISTORY_CSV_COLUMNS, ORDERS_MESSAGES } from '@labshop/shared/schemas/orders';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APRON, BUYER, MASKS, placeOrder } from './admin-orders-helpers.ts';
import { parseCsv } from './erp-helpers.ts';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  waitForHydration,
  usd,
} from './fixtures.ts';

/**
 * Orders History: an order bought through the checkout shows in the list, its cart and address
 * open in modals that print on their own, and orders_history.csv holds it.
 */

async function openOrdersHistory(page: Page, search = '') {
  await logIn(page, ADMIN, '/home');
  await page.goto('/admin/orders-history');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders History' })).toBeVisible();
  if (search) {
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(search);
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === search);
  }
}

/** While printing, only the dialog's content shows: not the admin shell, the list or buttons. */
async function expectPrintsAlone(page: Page, dialog: Locator, content: Locator) {
  await page.emulateMedia({ media: 'print' });
  await expect(content).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders History' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Orders' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeHidden();
  // The dialog is a plain block from the top of the page, not a box in the middle.
  const box = await dialog.boundingBox();
  expect(box?.y).toBeLessThan(10);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

test.describe('Orders History', () => {
  test('an order opens its cart and address in printable modals and is in the CSV', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const buyer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const order = await placeOrder(await buyer.newPage(), 'history');
    await buyer.close();

    await openOrdersHistory(page, order.email);
    await expect(page).toHaveTitle(/^Orders History \| Admin \|/);
    await expect(page.getByText(`1 order matches “${order.email}”.`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
    await expect(row).toContainText(`${BUYER.firstName} ${BUYER.lastName}`);
    await expect(row).toContainText(usd(order.total));
    await expect(row).toContainText('Paid');
    await expectNoAccessibilityViolations(page);

    // The cart: each item with quantity, unit price and line total, and the order's total.
    await page.evaluate(() => {
      // Headless Chromium has no print dialog: note the call instead.
      window.print = () => document.documentElement.setAttribute('data-printed', 'true');
    });
    const viewCart = row.getByRole('button', { name: `View Cart of order ${order.orderNumber}` });
    await viewCart.click();
    const cart = page.getByRole('dialog', { name: `Cart of order ${order.orderNumber}` });
    await expect(cart).toBeVisible();
    const items = cart.getByRole('table', { name: `Items of order ${order.orderNumber}` });
    await expect(
      items.getByRole('row', { name: new RegExp(APRON.title) }).getByRole('cell'),
    ).toHaveText(['2', usd(APRON.retail), usd(2 * APRON.retail)]);
    await expect(
      items.getByRole('row', { name: new RegExp(MASKS.title) }).getByRole('cell'),
    ).toHaveText(['1', usd(MASKS.retail), usd(MASKS.retail)]);
    await expect(items.getByRole('row', { name: /Freight/ })).toContainText(usd(order.freight));
    await expect(items.getByRole('row', { name: /Order total/ })).toContainText(usd(order.total));
    await expectNoAccessibilityViolations(page);
    await expectPrintsAlone(page, cart, items);
    await cart.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('html[data-printed="true"]')).toHaveCount(1);
    await cart.getByRole('button', { name: 'Close' }).click();
    await expect(cart).toBeHidden();
    await expect(viewCart).toBeFocused();

    // The address: where it ships and how to reach the buyer.
    await row.getByRole('button', { name: `View Address of order ${order.orderNumber}` }).click();
    const address = page.getByRole('dialog', { name: `Address of order ${order.orderNumber}` });
    await expect(address).toBeVisible();
    const shipping = address.getByRole('region', { name: 'Shipping address' });
    for (const value of [
      `${BUYER.firstName} ${BUYER.lastName}`,
      BUYER.address,
      BUYER.city,
      BUYER.state,
      BUYER.zip,
      BUYER.countryName,
      BUYER.phone,
    ]) {
      await expect(shipping).toContainText(value);
    }
    const contact = address.getByRole('region', { name: 'Order contact' });
    await expect(contact.getByRole('link', { name: order.email })).toHaveAttribute(
      'href',
      `mailto:${order.email}`,
    );
    await expect(contact).toContainText(BUYER.phone);
    await expectPrintsAlone(page, address, shipping);
    await page.keyboard.press('Escape');
    await expect(address).toBeHidden();

    // Download CSV: every order matching the search (this one), in the 16 columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders_history.csv');
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual([...ORDER_HISTORY_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(16);
    const cell = Object.fromEntries(header!.map((column, index) => [column, rows[0]![index]]));
    expect(cell).toMatchObject({
      orderNumber: order.orderNumber,
      customerName: `${BUYER.firstName} ${BUYER.lastName}`,
      customerType: 'Retail',
      email: order.email,
      amount: order.total.toFixed(2),
      cart: `${APRON.title} x 2 @ ${APRON.retail.toFixed(2)}; ${MASKS.title} x 1 @ ${MASKS.retail.toFixed(2)}`,
      shippingName: `${BUYER.firstName} ${BUYER.lastName}`,
      shippingAddress1: BUYER.address,
      shippingCity: BUYER.city,
      shippingState: BUYER.state,
      shippingPostCode: BUYER.zip,
      shippingCountry: BUYER.country,
    });
    expect(Date.parse(cell.createdAt ?? '')).not.toBeNaN();

    // Without a search the export holds every order, this one among them.
    const all = await page.request.get('/api/order-history/export');
    expect(all.status()).toBe(200);
    const allRows = parseCsv(await all.text());
    expect(allRows.some((line) => line[0] === order.orderNumber)).toBe(true);
  });

  test("a search nothing matches says 'No orders found.'", async ({ page }) => {
    await openOrdersHistory(page, 'no-such-order-anywhere');
    await expect(page.getByText(ORDERS_MESSAGES.empty)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders' })).toHaveCount(0);
  });

  test("a list that cannot load says 'Failed to load order history'", async ({ page }) => {
    await logIn(page, ADMIN, '/home');
    await page.route('**/api/order-history?*', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }),
    );
    await page.goto('/admin/orders-history');
    await waitForHydration(page);
    await expect(page.getByText(ORDERS_MESSAGES.loadFailed)).toBeVisible();
  });
});
