import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  CARDS,
  enterCard,
  fillBilling,
  openCheckout,
  payAndLand,
  setCartCookie,
} from './checkout-steps.ts';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  fillProviderLogin,
  logIn,
  openAccountArea,
  OTHER_PARTNER,
  PARTNER,
  waitForHydration,
} from './fixtures.ts';

/**
 * The lab's own account (issue 36) at both widths: a partner pays an order, finds it in the
 * account from the header, opens it, downloads its receipt; the admin marks it shipped and
 * invoiced in the built-in ERP; the partner sees the timeline, downloads the invoice and buys it
 * again; another lab's user never sees it.
 */

const APRON = { number: 'AC-AP', title: 'Lab Apron, Heavy Canvas' };
const MASKS = { number: 'AC-DM20', title: 'Disposable Dust Masks, Box of 20' };

/** Clicks the order's PDF link and answers the file's name; it must be a PDF. */
async function downloadPdf(page: Page, link: string | RegExp): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: link }).click(),
  ]);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return download.suggestedFilename();
}

test.describe('the lab account', () => {
  test('a partner pays an order, finds it in the account and buys it again', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, PARTNER, '/home');
    await setCartCookie(page, [
      { number: APRON.number, title: APRON.title, quantity: 2 },
      MASKS.number,
    ]);
    await openCheckout(page);
    await fillBilling(page, PARTNER.email);
    // The lab's own reference, kept on the order (unique per run and screen size).
    const poNumber = `PO ${test.info().project.name} ${Date.now() % 1_000_000}`;
    await page.getByLabel('PO number / reference (optional)', { exact: true }).fill(poNumber);
    await enterCard(page, CARDS.approves);
    const orderNumber = await payAndLand(page);
    // The receipt links a signed-in lab to the order in its account.
    await expect(
      page.getByRole('link', { name: 'See this order in your account' }),
    ).toHaveAttribute('href', `/account/orders/${orderNumber}`);

    // From the header's user link to the account: the user, their lab and the new order.
    await openAccountArea(page);
    await page
      .getByRole('link', { name: /My account/ })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    const lab = page.getByRole('region', { name: 'Your lab' });
    await expect(lab).toContainText('Bright Smile Dental Lab');
    await expect(lab).toContainText('Customer number C10017');

    // Searched by its PO number: the one order, which opens.
    const search = page.getByRole('search', { name: 'Search orders' });
    await search.getByLabel('Search orders by order, product or PO number').fill(poNumber);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=PO/);
    await expect(page.getByText(`1 order matching “${poNumber}”.`)).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toContainText(`PO ${poNumber}`);
    await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }),
    ).toBeVisible();
    await expect(page.getByText(`PO number / reference: ${poNumber}`)).toBeVisible();
    const products = page.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('listitem')).toHaveCount(2);
    await expect(products.getByRole('listitem').first()).toContainText('2 ×');
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status).toContainText('Placed and paid');
    await expect(status).toContainText('Not yet known');
    // The outbox enters it in the built-in ERP within moments; the page shows it on a reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          return status.getByRole('listitem').nth(1).textContent();
        },
        { timeout: 30_000 },
      )
      .not.toContain('Not yet');
    await expectNoAccessibilityViolations(page);

    // Before it is invoiced, the order's PDF is the shop's receipt.
    expect(await downloadPdf(page, 'Receipt (PDF)')).toBe(`receipt-${orderNumber}.pdf`);

    // The office ships and invoices it: in embedded mode the admin marks both in Orders History.
    const office = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await office.newPage();
    await logIn(admin, ADMIN, '/home');
    await admin.goto(`/admin/orders-history?search=${encodeURIComponent(orderNumber)}`);
    await waitForHydration(admin);
    const row = admin.getByRole('row', { name: new RegExp(orderNumber) });
    await row.getByRole('button', { name: `Mark shipped order ${orderNumber}` }).click();
    await expect(admin.getByRole('status')).toContainText(
      `Order ${orderNumber} is marked shipped.`,
    );
    await row.getByRole('button', { name: `Mark invoiced order ${orderNumber}` }).click();
    await expect(admin.getByRole('status')).toContainText(
      `Order ${orderNumber} is marked invoiced.`,
    );
    await expect(row).toContainText(/Shipped SH-\d+/);
    await expect(row).toContainText(/Invoiced SI-\d+/);
    await office.close();

    // The lab sees both steps with the ERP's numbers, and the invoice is now the PDF.
    await page.reload();
    await expect(status.getByRole('listitem').nth(2)).toContainText(/Shipped.*No\. SH-\d+/);
    await expect(status.getByRole('listitem').nth(3)).toContainText(/Invoiced.*No\. SI-\d+/);
    await expect(status).toContainText('Shipping and invoicing as of');
    expect(await downloadPdf(page, /^Invoice SI-\d+ \(PDF\)$/)).toMatch(/^invoice-SI-\d+\.pdf$/);

    // Buy again without the page's code (a click before it starts): a plain form post fills
    // the cart cookie with the order's products and quantities.
    const noCode = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
    });
    await noCode.addCookies(
      (await page.context().cookies()).filter((cookie) => cookie.name !== '_cart__rf'),
    );
    const plain = await noCode.newPage();
    await plain.goto(`/account/orders/${orderNumber}`);
    await plain.getByRole('button', { name: 'Buy again' }).click();
    await expect(plain).toHaveURL(/\/cart$/);
    const cart = (await noCode.cookies()).find((cookie) => cookie.name === '_cart__rf');
    expect(JSON.parse(decodeURIComponent(cart?.value ?? 'null'))).toEqual([
      { number: APRON.number, title: APRON.title, quantity: 2 },
      MASKS.number,
    ]);
    await noCode.close();

    // With the code: the same products and quantities in the cart, at today's prices.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Buy again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByLabel(`Quantity of ${APRON.title}`, { exact: true })).toHaveValue('2');
    await expect(page.getByLabel(`Quantity of ${MASKS.title}`, { exact: true })).toHaveValue('1');

    // Another lab's user: sent to sign in first, then their own lab; this order is not theirs.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto('/account');
    await fillProviderLogin(otherPage, OTHER_PARTNER);
    await expect(otherPage).toHaveURL(/\/account$/);
    await expect(otherPage.getByRole('region', { name: 'Your lab' })).toContainText(
      'Northside Dental Studio',
    );
    await expect(otherPage.getByRole('link', { name: `Order ${orderNumber}` })).toHaveCount(0);
    const response = await otherPage.goto(`/account/orders/${orderNumber}`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await other.close();
  });
});
