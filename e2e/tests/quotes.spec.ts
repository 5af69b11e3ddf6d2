import { expect, test, type Page } from '@playwright/test';
import { answerAdminConfirm } from './admin-confirm.ts';
import { CARDS, enterCard, payAndLand, setCartCookie } from './checkout-steps.ts';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  OTHER_PARTNER,
  PARTNER,
  waitForHydration,
} from './fixtures.ts';

/**
 * Quotes (issue 37) at both widths: a partner asks for a quote from the cart; the staff, in a
 * second browser, lower a price, add a line and freight, and send it; the partner accepts it and
 * pays by card at exactly the quoted amount; the order carries the freight, the quote its order,
 * and the quote cannot be paid twice. Another lab's user never sees it.
 */

const GRINDER = { number: 'AG-220', title: 'Twin-Station Alloy Grinder with Dust Hood' };
const APRON = { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas' };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

async function openQuote(page: Page, number: string) {
  await page.goto(`/account/quotes/${number}`);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`Quote ${number}`) }),
  ).toBeVisible();
}

test.describe('quotes', () => {
  test('a partner requests a quote, the staff price and send it, the partner accepts and pays', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const poNumber = `PO Q ${test.info().project.name} ${Date.now() % 1_000_000}`;
    await logIn(page, PARTNER, '/home');
    await setCartCookie(page, [{ number: GRINDER.number, title: GRINDER.title, quantity: 2 }]);

    // From the cart to the request: the lab's address fills the ship-to.
    await page.goto('/cart');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('77 Harbor View Dr');
    await page.getByLabel('PO number / reference (optional)', { exact: true }).fill(poNumber);
    await page
      .getByLabel(/^Message/)
      .fill('Two grinders for the new bench: freight to Baltimore, please.');
    await page.getByRole('button', { name: 'Request quote' }).click();

    await expect(page).toHaveURL(/\/account\/quotes\/Q-\d+\?done=requested$/);
    const number = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('status')).toContainText('we have your request');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Requested');
    // The cart's lines are the quote's now.
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    // The staff, in their own browser: a lower price, a second line, freight, then Send.
    const office = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await office.newPage();
    await logIn(admin, ADMIN, '/home');
    await admin.goto(`/admin/quotes?search=${encodeURIComponent(number)}`);
    await waitForHydration(admin);
    await admin.getByRole('link', { name: number }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
    await admin.getByLabel(`Unit price of ${GRINDER.title}`).fill('1950');
    await admin.getByLabel('Product number').fill(APRON.number);
    await admin.getByLabel('Quantity', { exact: true }).fill('4');
    await admin.getByLabel('Unit price', { exact: true }).fill('18');
    await admin.getByRole('button', { name: 'Add line' }).click();
    await admin.getByLabel(/^Freight/).fill('145.50');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('status')).toContainText(`Quote ${number} was saved.`);
    await expect(admin.getByText(APRON.title)).toBeVisible();
    await admin.getByRole('button', { name: 'Send to customer' }).click();
    await answerAdminConfirm(admin, `Send quote ${number} to the customer?`, 'Send');
    await expect(admin.getByRole('status')).toContainText(
      `Quote ${number} was sent to ${PARTNER.email}.`,
    );
    await expectNoAccessibilityViolations(admin);
    await office.close();

    // The partner's quote: the staff's prices and the freight, open to accept.
    const total = 2 * 1950 + 4 * 18 + 145.5;
    await openQuote(page, number);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sent');
    const lines = page.getByRole('region', { name: 'Products' });
    await expect(lines).toContainText(usd.format(1950));
    await expect(lines).toContainText('Freight');
    await expect(lines).toContainText(usd.format(145.5));
    await expect(lines).toContainText(usd.format(total));
    await expectNoAccessibilityViolations(page);

    // Accept leads to the checkout of the quote: its lines, its freight, its ship-to and PO.
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?quote=${number}$`));
    await waitForHydration(page);
    await expect(page.getByTestId('order-freight')).toHaveText(usd.format(145.5));
    await expect(page.getByTestId('order-total')).toHaveText(usd.format(total));
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Baltimore');
    await expect(page.getByLabel('PO number / reference (optional)', { exact: true })).toHaveValue(
      poNumber,
    );
    await enterCard(page, CARDS.approves);
    const orderNumber = await payAndLand(page);
    await expect(page.getByText(usd.format(total)).first()).toBeVisible();

    // The quote names its order; the order shows the freight; a second payment is refused.
    await openQuote(page, number);
    await expect(page.getByRole('link', { name: new RegExp(orderNumber) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
    await page.goto(`/checkout?quote=${number}`);
    await expect(
      page.getByText(`Quote ${number} is paid: it is order ${orderNumber}.`),
    ).toBeVisible();
    await page.goto(`/account/orders/${orderNumber}`);
    await expect(page.getByRole('region', { name: 'Products' })).toContainText(usd.format(145.5));

    // Another lab's user: as if the quote did not exist.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await logIn(otherPage, OTHER_PARTNER, '/home');
    const response = await otherPage.goto(`/account/quotes/${number}`);
    expect(response?.status()).toBe(404);
    await other.close();
  });

  test('a lab with terms accepts a quote and places it on account with its PO number', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const poNumber = `PO A ${test.info().project.name} ${Date.now() % 1_000_000}`;
    await logIn(page, PARTNER, '/home');
    await setCartCookie(page, [{ number: APRON.number, title: APRON.title, quantity: 10 }]);
    await page.goto('/account/quotes/new');
    await page.getByLabel('PO number / reference (optional)', { exact: true }).fill(poNumber);
    await page.getByRole('button', { name: 'Request quote' }).click();
    await expect(page).toHaveURL(/\/account\/quotes\/Q-\d+\?done=requested$/);
    const number = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The staff send it as it is, with freight.
    const office = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await office.newPage();
    await logIn(admin, ADMIN, '/home');
    await admin.goto(`/admin/quotes/${number}`);
    await waitForHydration(admin);
    await admin.getByLabel(/^Freight/).fill('12');
    await admin.getByRole('button', { name: 'Send to customer' }).click();
    await answerAdminConfirm(admin, `Send quote ${number} to the customer?`, 'Send');
    await expect(admin.getByRole('status')).toContainText(`Quote ${number} was sent`);
    await office.close();

    // Bright Smile pays on account (NET30 in the demo): no card, the PO number from the quote.
    await openQuote(page, number);
    await page.getByRole('button', { name: 'Accept quote' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?quote=${number}$`));
    await waitForHydration(page);
    await page.getByRole('radio', { name: /On account \(NET30\)/ }).check();
    await expect(page.getByTitle('Card details')).toBeHidden();
    // On account the PO number is required, and its label says so.
    await expect(page.getByLabel('PO number / reference', { exact: true })).toHaveValue(poNumber);
    await page.getByRole('button', { name: 'Place order on account' }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('payment-due')).not.toBeEmpty();
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    await expectNoAccessibilityViolations(page);

    await page.goto(`/account/orders/${orderNumber}`);
    await expect(page.getByRole('region', { name: 'Products' })).toContainText(
      'On account (NET30), due',
    );
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Placed on account');

    // A lab without terms sees only the card.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await logIn(otherPage, OTHER_PARTNER, '/home');
    await setCartCookie(otherPage, [APRON.number]);
    await otherPage.goto('/checkout');
    await waitForHydration(otherPage);
    await expect(
      otherPage.getByRole('heading', { level: 1, name: 'Secure Check Out' }),
    ).toBeVisible();
    await expect(otherPage.getByRole('radio', { name: /On account/ })).toHaveCount(0);
    await other.close();
  });
});
