import { formatCents } from '@labshop/shared/money';
import { QUICK_ORDER_MESSAGES } from '@labshop/shared/quick-order';
import { expect, test, type Page } from '@playwright/test';
import { logIn, PARTNER, waitForHydration } from './fixtures.ts';

/**
 * Quick order (issue 36): lines checked as they are typed, and the valid ones put into the cart
 * in one action, before the page's code has started too.
 */

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
const GRINDER = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };
const VIBRATOR = { number: 'VB-12', title: 'Model Vibrator, Medium Platform' };
const COMPACT = { number: 'AG-150', title: 'Compact Bench Alloy Grinder' };
const UNAVAILABLE = 'AG-210-LH';
/** The page's own message (apps/web/app/features/quick-order/quick-order-form-fields.ts). */
const NOTHING_TO_ADD =
  'None of these lines can go into the cart. Please correct them and try again.';

const textArea = (page: Page) => page.getByLabel('Product numbers and quantities');
const lines = (page: Page) => page.getByTestId('quick-order-line');
/** The checked line that starts at input line `line`. */
const lineAt = (page: Page, line: number | string) =>
  lines(page).filter({ has: page.getByRole('rowheader', { name: String(line), exact: true }) });
const quantityInCart = (page: Page, title: string) =>
  page.getByLabel(`Quantity of ${title}`, { exact: true });

/** A product's prices in cents as the API answers them to this page's visitor. */
async function pricesOf(page: Page, number: string) {
  const response = await page.request.get(`/api/products/${number}`);
  expect(response.ok()).toBe(true);
  const product = (await response.json()) as {
    newPrice: number;
    wholesalePrice: number | null;
    partnerPricex3: number | null;
  };
  const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));
  return {
    retail: cents(product.newPrice)!,
    wholesale: cents(product.wholesalePrice),
    partnerX3: cents(product.partnerPricex3),
  };
}

test('pasted lines are checked one by one, and the valid ones go into the cart', async ({
  page,
}) => {
  await page.goto('/quick-order');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
  // As a spreadsheet's two columns arrive, with their header.
  await textArea(page).fill(
    [
      'Product number\tQty',
      `${GRINDER.number}\t2`,
      'NOPE-404\t1',
      `${UNAVAILABLE}\t1`,
      `${VIBRATOR.number.toLowerCase()}\t1`,
      `${GRINDER.number}\t1`,
      `${COMPACT.number}\tzero`,
    ].join('\n'),
  );

  await expect(lines(page)).toHaveCount(5);
  const grinder = await pricesOf(page, GRINDER.number);
  await expect(lineAt(page, '2, 6')).toContainText(GRINDER.title);
  await expect(lineAt(page, '2, 6')).toContainText('Lines 2 and 6 merged.');
  await expect(lineAt(page, '2, 6')).toContainText(formatCents(3 * grinder.retail));
  await expect(lineAt(page, 3)).toContainText(QUICK_ORDER_MESSAGES.unknownNumber);
  await expect(lineAt(page, 4)).toContainText(QUICK_ORDER_MESSAGES.notAvailable);
  await expect(lineAt(page, 5)).toContainText(VIBRATOR.title);
  await expect(lineAt(page, 5)).toContainText('Ready');
  await expect(lineAt(page, 7)).toContainText(QUICK_ORDER_MESSAGES.badQuantity);

  await page.getByRole('button', { name: 'Add 2 products to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(quantityInCart(page, GRINDER.title)).toHaveValue('3');
  await expect(quantityInCart(page, VIBRATOR.title)).toHaveValue('1');
});

test('a CSV file adds its lines, to the quantities the cart holds', async ({ page }) => {
  await page.context().addCookies([
    {
      name: '_cart__rf',
      value: encodeURIComponent(JSON.stringify([COMPACT.number])),
      url: test.info().project.use.baseURL!,
    },
  ]);
  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Quick Order by product number' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await page.getByLabel('Or upload a CSV file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`number,quantity\r\n"${COMPACT.number}","4"\r\n`),
  });
  await expect(textArea(page)).toHaveValue(new RegExp(`"${COMPACT.number}","4"`));
  await expect(lineAt(page, 2)).toContainText(COMPACT.title);

  await page.getByRole('button', { name: 'Add 1 product to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(quantityInCart(page, COMPACT.title)).toHaveValue('5');
});

test.describe('before the code starts', () => {
  /** Opens the page with its scripts held back until the returned function is called. */
  async function openWithoutCode(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/quick-order', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    return release;
  }

  test('Add products to cart posts the lines and opens the cart', async ({ page }) => {
    const release = await openWithoutCode(page);
    await textArea(page).fill(`${COMPACT.number} 2\n${VIBRATOR.number}\nNOPE-404 1`);
    await page.getByRole('button', { name: 'Add products to cart' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(quantityInCart(page, COMPACT.title)).toHaveValue('2');
    await expect(quantityInCart(page, VIBRATOR.title)).toHaveValue('1');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    release();
  });

  test('lines of which none is valid come back with their errors', async ({ page }) => {
    const release = await openWithoutCode(page);
    await textArea(page).fill(`NOPE-404 1\n${UNAVAILABLE} 1`);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      page.getByRole('button', { name: 'Add products to cart' }).click(),
    ]);
    expect(response.status()).toBe(400);

    await expect(page.getByText(NOTHING_TO_ADD)).toBeVisible();
    await expect(lineAt(page, 1)).toContainText(QUICK_ORDER_MESSAGES.unknownNumber);
    await expect(lineAt(page, 2)).toContainText(QUICK_ORDER_MESSAGES.notAvailable);
    // What was typed is there to correct.
    await expect(textArea(page)).toHaveValue(`NOPE-404 1\n${UNAVAILABLE} 1`);
    await expect(page.getByRole('button', { name: 'Add 0 products to cart' })).toBeVisible();
    release();
    await waitForHydration(page);
    await textArea(page).fill(`${GRINDER.number} 1`);
    await expect(page.getByRole('button', { name: 'Add 1 product to cart' })).toBeVisible();
    await expect(page.getByText(NOTHING_TO_ADD)).toHaveCount(0);
  });
});

test('a signed-in partner sees wholesale prices, partner x3 from quantity 3', async ({ page }) => {
  await logIn(page, PARTNER, '/quick-order');
  const grinder = await pricesOf(page, GRINDER.number);
  const vibrator = await pricesOf(page, VIBRATOR.number);
  if (grinder.wholesale === null || vibrator.partnerX3 === null) {
    throw new Error('Partners get no wholesale or partner x3 prices');
  }
  await textArea(page).fill(`${GRINDER.number} 1\n${VIBRATOR.number} 3`);

  await expect(lineAt(page, 1)).toContainText(formatCents(grinder.wholesale));
  await expect(lineAt(page, 2)).toContainText(formatCents(3 * vibrator.partnerX3));
  await expect(page.getByRole('status').filter({ hasText: 'ready' })).toContainText(
    'Your partner prices are shown',
  );
  await expect(page.getByTestId('quick-order-total')).toHaveText(
    formatCents(grinder.wholesale + 3 * vibrator.partnerX3),
  );
});
