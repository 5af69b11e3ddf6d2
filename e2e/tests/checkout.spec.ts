import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { ContactDataDto, MailLogPageDto } from '@labshop/shared/schemas/content';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAccessibilityViolations,
  logIn,
  PARTNER,
  TINY_JPEG,
  uniqueNumber,
  waitForHydration,
  usd,
} from './fixtures.ts';
import {
  adminOrder,
  adminPage,
  cartCheckout,
  CARDS,
  enterCard,
  fillBilling,
  MARYLAND_FREIGHT,
  OHIO_FREIGHT,
  openCheckout,
  payAndLand,
  payNow,
  setCartCookie,
  uniqueEmail,
} from './checkout-steps.ts';

/**
 * The checkout end to end in embedded mode: the sandbox tokenizer page in the frame, the
 * sandbox gateway behind process-payment (test cards: SANDBOX_TEST_CARDS), the outbox sending
 * the confirmation mail to the mail log.
 */

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
const APRON = { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas', retail: 24 };
const MASKS = { number: 'AC-DM20', title: 'Disposable Dust Masks, Box of 20', retail: 18.6 };
const VIBRATOR = {
  number: 'VB-12',
  title: 'Model Vibrator, Medium Platform',
  wholesale: 285,
  partnerX3: 269,
};

async function addToCartFromProductPage(page: Page, number: string) {
  await page.goto(`/product-details/${number}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('In Cart', { exact: true })).toBeVisible();
}

/** The confirmation mail of the order, once the outbox has sent it. */
async function expectConfirmationMail(admin: Page, orderNumber: string, to: string) {
  await expect
    .poll(
      async () => {
        const response = await admin.request.get('/api/admin/mail');
        const page = (await response.json()) as MailLogPageDto;
        return page.mails.filter((mail) => mail.to.includes(to)).map((mail) => mail.subject);
      },
      { timeout: 20_000 },
    )
    .toContain(`Your labshop order ${orderNumber}`);
}

test.describe('the checkout', () => {
  test('an anonymous visitor pays with Black10 and gets the order and its mail', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await addToCartFromProductPage(page, APRON.number);
    await addToCartFromProductPage(page, MASKS.number);
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await page.goto('/cart');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Increase quantity of ${APRON.title}` }).click();
    await expect(page.getByLabel(`Quantity of ${APRON.title}`, { exact: true })).toHaveValue('2');
    await cartCheckout(page).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Check Out' })).toBeVisible();

    const subtotal = 2 * APRON.retail + MASKS.retail;
    const discount = Math.round(subtotal * 10) / 100;
    // Three pieces of a pound each, to Ohio; the coupon takes nothing off the freight.
    const freight = OHIO_FREIGHT.upTo5Lb;
    const total = subtotal - discount + freight;
    const details = page.getByTestId('order-details');
    await expect(details.getByRole('row', { name: new RegExp(APRON.title) })).toContainText(
      usd(2 * APRON.retail),
    );
    await expect(page.getByTestId('order-total')).toHaveText(usd(subtotal));
    await expect(page.getByText('Price does not include freight charges')).toBeVisible();

    await page.getByLabel('Coupon code').fill('black10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('order-discount')).toHaveText(`−${usd(discount)}`);
    await expect(page.getByTestId('order-total')).toHaveText(usd(subtotal - discount));

    const email = uniqueEmail('ann');
    await fillBilling(page, email);
    await expect(page.getByTestId('order-freight')).toHaveText(usd(freight));
    await expect(page.getByTestId('order-total')).toHaveText(usd(total));
    await enterCard(page, CARDS.approves);
    const orderNumber = await payAndLand(page);
    await expect(page.getByTestId('order-amount')).toHaveText(usd(total));

    const admin = await adminPage(browser);
    const order = await adminOrder(admin, orderNumber);
    expect(order.status).toBe('paid');
    expect(order.amount).toBeCloseTo(total, 2);
    expect(order.customerType).toBe('Retail');
    expect(order.couponCode?.toLowerCase()).toBe('black10');
    expect(order.email).toBe(email);
    expect(order.cart.map((item) => [item.number, item.quantity])).toEqual(
      expect.arrayContaining([
        [APRON.number, 2],
        [MASKS.number, 1],
      ]),
    );
    await expectConfirmationMail(admin, orderNumber, email);
    await admin.context().close();
  });

  test('a signed-in partner pays the partner price for quantity 3', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await logIn(page, PARTNER, '/home');
    await addToCartFromProductPage(page, VIBRATOR.number);
    await page.goto('/cart');
    await waitForHydration(page);
    const quantity = page.getByLabel(`Quantity of ${VIBRATOR.title}`, { exact: true });
    await quantity.fill('3');
    await quantity.blur();
    await expect(page.getByTestId('cart-total')).toHaveText(usd(3 * VIBRATOR.partnerX3));
    await cartCheckout(page).click();
    await expect(page).toHaveURL(/\/checkout$/);

    const row = page.getByTestId('order-details').getByRole('row', { name: /Model Vibrator/ });
    await expect(row).toContainText('Partner price (3+)');
    await expect(row.getByRole('cell').nth(0)).toHaveText('3');
    await expect(row.getByRole('cell').nth(1)).toHaveText(usd(VIBRATOR.partnerX3));
    await expect(row.getByRole('cell').nth(2)).toHaveText(usd(3 * VIBRATOR.partnerX3));
    // Three vibrators of 14 lb, to the lab's own state until the billing form says another.
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('MD');
    await expect(page.getByTestId('order-total')).toHaveText(
      usd(3 * VIBRATOR.partnerX3 + MARYLAND_FREIGHT.upTo50Lb),
    );

    const email = uniqueEmail('partner');
    await fillBilling(page, email);
    const total = 3 * VIBRATOR.partnerX3 + OHIO_FREIGHT.upTo50Lb;
    await expect(page.getByTestId('order-total')).toHaveText(usd(total));
    await enterCard(page, CARDS.approves);
    const orderNumber = await payAndLand(page);
    await expect(page.getByTestId('order-amount')).toHaveText(usd(total));

    const admin = await adminPage(browser);
    const order = await adminOrder(admin, orderNumber);
    expect(order.status).toBe('paid');
    expect(order.amount).toBe(total);
    expect(order.customerType).toBe('Wholesale');
    expect(order.cart).toEqual([expect.objectContaining({ number: VIBRATOR.number, quantity: 3 })]);
    await admin.context().close();
  });

  test('a declined card shows the decline and stays on the checkout', async ({ page }) => {
    await setCartCookie(page, [APRON.number]);
    await openCheckout(page);
    await fillBilling(page, uniqueEmail('declined'));
    await enterCard(page, CARDS.declines);
    await payNow(page).click();

    // The gateway's reason, that nothing was charged, and what to do, with the shop's phone
    // from its contact data.
    const contact = (await (await page.request.get('/api/contact-data')).json()) as ContactDataDto;
    expect(contact.phone).not.toBe('');
    const alert = page.getByTestId('checkout-error');
    await expect(alert).toHaveText(
      'Your card was declined (Do not honor). You have not been charged. ' +
        `Please try another card, or call us at ${contact.phone}.`,
      { timeout: 20_000 },
    );
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(alert).toBeInViewport();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-progress')).toHaveText('');
    // Ready to try again with another card; the cart is kept.
    await expect(payNow(page)).toBeEnabled();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('a price the staff change during the checkout: the page shows the new total and takes it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    // A product of this test's own, so no other test sees its price move. No weight: no freight.
    const number = uniqueNumber(testInfo, 'REPRICE');
    const title = `Browser test repriced ${number}`;
    const admin = await adminPage(browser);
    const fields = (newPrice: string) => ({
      number,
      title,
      description: 'Made by the browser tests.',
      category: 'Accessories',
      newPrice,
      wholesalePrice: '40',
      partnerPricex3: '35',
    });
    const created = await admin.request.post('/api/products', {
      multipart: {
        ...fields('50'),
        images: { name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as ProductDto;

    await setCartCookie(page, [{ number, title, quantity: 1 }]);
    await openCheckout(page);
    await fillBilling(page, uniqueEmail('repriced'));
    await expect(page.getByTestId('order-total')).toHaveText(usd(50));
    await enterCard(page, CARDS.approves);

    // The staff raise the price while the visitor is on the page.
    const updated = await admin.request.put(`/api/products/${encodeURIComponent(number)}`, {
      multipart: { ...fields('60'), existingImages: JSON.stringify(product.images) },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    await payNow(page).click();
    await expect(page.getByTestId('checkout-error')).toHaveText(CHECKOUT_MESSAGES.amountMismatch);
    // Nothing was charged, and the page now shows what paying would cost.
    await expect(page.getByTestId('order-total')).toHaveText(usd(60));
    const orderNumber = await payAndLand(page);
    await expect(page.getByTestId('order-amount')).toHaveText(usd(60));
    expect((await adminOrder(admin, orderNumber)).amount).toBe(60);
    await admin.context().close();
  });

  test('state and ZIP follow the country: a US list and ZIP, free text elsewhere', async ({
    page,
  }) => {
    await setCartCookie(page, [APRON.number]);
    await openCheckout(page);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const state = field('State');
    const zip = field('ZIP code');
    const errorOf = async (label: string, message: string) => {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(field(label)).toHaveAccessibleDescription(message);
    };

    // The United States: the state from a list of states and territories, a ZIP or ZIP+4.
    await expect(state).toHaveJSProperty('tagName', 'SELECT');
    await expect(state.locator('option', { hasText: 'Ohio' })).toHaveAttribute('value', 'OH');
    await expect(state.locator('option', { hasText: 'Puerto Rico' })).toHaveCount(1);
    await zip.fill('abc!!');
    await zip.blur();
    await errorOf('ZIP code', CHECKOUT_MESSAGES.usZip);
    await zip.fill('43612-1234');
    await expect(page.getByText(CHECKOUT_MESSAGES.usZip)).toHaveCount(0);
    await state.selectOption('OH');

    // Canada: the state is text, checked for its characters; a postal code is letters too.
    await field('Country').selectOption('CA');
    await expect(state).toHaveJSProperty('tagName', 'INPUT');
    await expect(state).toHaveValue('');
    await state.fill('abc!!');
    await state.blur();
    await errorOf('State', CHECKOUT_MESSAGES.region);
    await state.fill('Québec');
    await expect(page.getByText(CHECKOUT_MESSAGES.region)).toHaveCount(0);
    await zip.fill('H2X#1Y4');
    await zip.blur();
    await errorOf('ZIP code', CHECKOUT_MESSAGES.postalCode);
    await zip.fill('H2X 1Y4');
    await expect(page.getByText(CHECKOUT_MESSAGES.postalCode)).toHaveCount(0);

    // Back to the US: the Canadian postal code is no ZIP, and the state is to be chosen again.
    await field('Country').selectOption('US');
    await expect(state).toHaveJSProperty('tagName', 'SELECT');
    await expect(state).toHaveValue('');
    await errorOf('ZIP code', CHECKOUT_MESSAGES.usZip);

    // Canada again, filled in: the server takes what the form takes, and the order is paid.
    await field('Country').selectOption('CA');
    await fillBilling(page, uniqueEmail('canada'), {
      state: 'Québec',
      zip: 'H2X 1Y4',
      country: 'CA',
    });
    await enterCard(page, CARDS.approves);
    await payAndLand(page);
  });

  test('Pay Now waits for the card token and a valid billing form', async ({ page }) => {
    await setCartCookie(page, [APRON.number]);
    await openCheckout(page);
    await expect(payNow(page)).toBeDisabled();

    // Errors show once a field was left, tied to it.
    const city = page.getByLabel('City', { exact: true });
    await city.focus();
    await city.blur();
    await expect(page.getByText('City is required.')).toBeVisible();
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(city).toHaveAccessibleDescription('City is required.');

    await fillBilling(page, uniqueEmail('waits'));
    await expect(payNow(page)).toBeDisabled();
    await enterCard(page, CARDS.approves);
    await expect(payNow(page)).toBeEnabled();

    // A required field emptied again, or an invalid card, disables it again.
    await city.fill('');
    await city.blur();
    await expect(payNow(page)).toBeDisabled();
    await city.fill('Toledo');
    await expect(payNow(page)).toBeEnabled();
    const frame = page.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4111111111111112');
    await expect(page.getByText('Invalid card number')).toBeVisible();
    await expect(payNow(page)).toBeDisabled();

    await expectNoAccessibilityViolations(page);
  });

  test("an unknown coupon says 'Invalid coupon code' and changes nothing", async ({ page }) => {
    await setCartCookie(page, [APRON.number, MASKS.number]);
    await openCheckout(page);
    const total = usd(APRON.retail + MASKS.retail);
    await expect(page.getByTestId('order-total')).toHaveText(total);

    await page.getByLabel('Coupon code').fill('NOT-A-COUPON');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Invalid coupon code')).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText(total);

    // WELCOME2 works in any case, and an unknown code afterwards resets the discount.
    await page.getByLabel('Coupon code').fill('welcome2');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('order-discount')).toBeVisible();
    await expect(page.getByText('Invalid coupon code')).toHaveCount(0);
    await page.getByLabel('Coupon code').fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Invalid coupon code')).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText(total);
  });

  test('an empty cart says so and links to the shop', async ({ page }) => {
    await openCheckout(page);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
  });
});
