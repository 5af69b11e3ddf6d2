import type { OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, logIn, waitForHydration } from './fixtures.ts';

/**
 * The checkout's steps as a visitor takes them (the cart cookie, the billing form, the sandbox
 * card frame, Pay Now), and the administrator's view of the order: for the checkout's own tests
 * and for those that need a paid order (the account's).
 */

/** Sandbox test cards (SANDBOX_TEST_CARDS). */
export const CARDS = { approves: '4111111111111111', declines: '4000000000000002' };

export async function setCartCookie(page: Page, entries: unknown[]) {
  await page.context().addCookies([
    {
      name: '_cart__rf',
      value: encodeURIComponent(JSON.stringify(entries)),
      url: test.info().project.use.baseURL!,
    },
  ]);
}

export async function openCheckout(page: Page) {
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Check Out' })).toBeVisible();
}

/** A mailbox no other test (or the other screen size) writes to. */
export function uniqueEmail(name: string): string {
  const project = test.info().project.name;
  return `${name}.${project}.${Date.now()}@lee-dental.example`;
}

/**
 * The demo freight table's Midwest rates (apps/server/src/db/seed/freight-data.ts), which an
 * order billed to Ohio (fillBilling's default) pays by the cart's weight (issue 37).
 */
export const OHIO_FREIGHT = { upTo5Lb: 12, upTo50Lb: 45 } as const;
/**
 * Its East and South rate, to the demo partner's lab in Baltimore, Maryland: a signed-in lab's
 * cart and checkout estimate to its own state until it chooses another.
 */
export const MARYLAND_FREIGHT = { upTo50Lb: 55 } as const;

/** Fills the billing form: Toledo, Ohio unless `place` names another state, ZIP and country. */
export async function fillBilling(
  page: Page,
  email: string,
  place: { state: string; zip: string; country: string } = {
    state: 'OH',
    zip: '43612',
    country: 'US',
  },
) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill('Ann');
  await field('Last name').fill('Lee');
  await field('Email').fill(email);
  await field('Phone (optional)').fill('+1 419 555 0100');
  await field('Address').fill('1 Main St');
  await field('City').fill('Toledo');
  // The country first: it decides whether the state is a list (US) or text.
  await field('Country').selectOption(place.country);
  if (place.country === 'US') await field('State').selectOption(place.state);
  else await field('State').fill(place.state);
  await field('ZIP code').fill(place.zip);
  await field('ZIP code').blur();
}

/** Types a sandbox test card into the tokenizer frame: number, expiry and CVV. */
export async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await frame.getByLabel('CVV').fill('123');
  await expect(page.getByText('Card details received.')).toBeVisible();
}

/** The cart page's Checkout (a link or a button: either carries the cart to /checkout). */
export const cartCheckout = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link', { name: 'Checkout', exact: true })
    .or(page.getByRole('main').getByRole('button', { name: 'Checkout', exact: true }));

export const payNow = (page: Page) => page.getByRole('button', { name: 'Pay Now' });

/** Pays and waits for the receipt; answers the order number it shows. */
export async function payAndLand(page: Page): Promise<string> {
  await expect(payNow(page)).toBeEnabled();
  await payNow(page).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^WEB-\d+$/);
  return orderNumber;
}

/** A page signed in as the administrator, in its own browser context. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await logIn(page, ADMIN, '/home');
  return page;
}

/** GET /api/admin/orders/{number}: the order as Orders History shows it (dollar amounts). */
export async function adminOrder(admin: Page, orderNumber: string): Promise<OrderHistoryEntry> {
  const response = await admin.request.get(`/api/admin/orders/${orderNumber}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderHistoryEntry;
}
