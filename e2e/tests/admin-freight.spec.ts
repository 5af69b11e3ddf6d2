import { expect, test } from '@playwright/test';
import { setCartCookie } from './checkout-steps.ts';
import { ADMIN, logIn, usd, waitForHydration } from './fixtures.ts';

/**
 * Admin → Freight (issue 37): the staff add a zone to the freight table, and a visitor's cart
 * estimates freight there at once; then they remove it again. Hawaii is in no demo zone and no
 * other test ships there. At 1440 px only: the table is the shop's one, so two screen sizes
 * saving it at once would race (the phone layout was looked at in screenshots).
 */

const HAWAII_RATE = 250;

test('a zone the staff add is the cart’s estimate at once, and removing it ends it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ADMIN, '/admin/freight');
  await expect(page.getByRole('heading', { level: 1, name: 'Freight' })).toBeVisible();
  await expect(page.getByText(/^States in no zone/).locator('..')).toContainText('HI');

  await page.getByRole('button', { name: 'Add zone' }).click();
  const zone = page.getByRole('article').last();
  await zone.getByLabel('Zone name').fill('Hawaii');
  // A new zone opens its states picker.
  await zone.getByRole('checkbox', { name: 'HI, Hawaii' }).check();
  await zone.getByRole('radio', { name: 'Flat rate' }).check();
  await zone.getByLabel('Flat rate ($)').fill(String(HAWAII_RATE));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The freight table was saved.')).toBeVisible();

  // A visitor, in a browser of their own, estimates freight to Hawaii.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shopper = await visitor.newPage();
  await setCartCookie(shopper, [
    { number: 'AG-210', title: 'Single-Station Alloy Grinder', quantity: 2 },
  ]);
  await shopper.goto('/cart');
  await waitForHydration(shopper);
  const estimate = shopper.getByTestId('freight-estimate');
  await estimate.getByLabel('Estimate freight to').selectOption('HI');
  // A flat rate, whatever the weight.
  await expect(estimate.getByTestId('freight-amount')).toHaveText(usd(HAWAII_RATE));

  // The staff remove it: Hawaii's freight is quoted again.
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Remove zone Hawaii' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The freight table was saved.')).toBeVisible();
  await estimate.getByLabel('Estimate freight to').selectOption('');
  await estimate.getByLabel('Estimate freight to').selectOption('HI');
  await expect(estimate).toContainText('Freight to HI is quoted separately.');
  await visitor.close();
});
