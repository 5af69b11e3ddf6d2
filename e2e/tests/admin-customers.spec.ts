import { CUSTOMER_FIELDS } from '@labshop/shared/schemas/erp';
import { expect, test, type Page } from '@playwright/test';
import {
  checkCustomerPaging,
  customerCount,
  customerNames,
  exportCustomersCsv,
  searchCustomers,
} from './erp-helpers.ts';
import { ADMIN, expectNoAccessibilityViolations, logIn, waitForHydration } from './fixtures.ts';

/**
 * List of Customers in embedded mode: the built-in ERP's customers (the demo's, and those the
 * checkout tests add) as cards, searched, paged and exported as customers.csv.
 */
const LOADING = 'Connecting with Business Central, Please wait...';

async function openCustomers(page: Page, path = '/admin/customers') {
  await logIn(page, ADMIN, '/home');
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('admin customers', () => {
  test('the list says it is connecting, then shows the customers as cards', async ({ page }) => {
    await logIn(page, ADMIN, '/home');
    // The first answer is held back a moment, to see the loading text.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/customers', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/customers');
    await expect(page).toHaveTitle(/^List of Customers \| Admin \|/);
    await expect(page.getByText(LOADING)).toBeVisible();
    release();

    await expect(page.getByText(LOADING)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'List of Customers' })).toBeVisible();
    const names = customerNames(page);
    await expect(names).toHaveCount(10);
    await expect(customerCount(page)).toHaveText(/^\d+ customers, page 1 of \d+\.$/);
    // The list says where it comes from (embedded: the built-in ERP itself).
    await expect(page.getByText('Live from the built-in ERP (embedded mode)')).toBeVisible();

    // A card: its name, type, address, and links to call, write and visit.
    const card = page.getByRole('article', { name: 'Brightline Dental Lab' });
    await searchCustomers(page, 'Brightline');
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /^\+1/ })).toHaveAttribute('href', /^tel:\+1\d+$/);
    await expect(card.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(card.getByRole('link', { name: /opens in a new tab/ })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    await expectNoAccessibilityViolations(page);
  });

  test('the search narrows the list case-insensitively on any field, from page 1', async ({
    page,
  }) => {
    await openCustomers(page, '/admin/customers?page=2');
    await expect(customerCount(page)).toContainText('page 2 of');

    // Priya Natarajan's city, typed in capitals.
    await searchCustomers(page, 'MADISON');
    await expect(page).not.toHaveURL(/page=/);
    await expect(customerNames(page).filter({ hasText: 'Priya Natarajan' })).toHaveCount(1);
    await expect(customerCount(page)).toHaveText(/^\d+ of \d+ customers match\.$/);
    for (const card of await page
      .getByRole('list', { name: 'Customers' })
      .getByRole('article')
      .all()) {
      expect((await card.textContent())?.toLowerCase()).toContain('madison');
    }

    // An e-mail address in lower case finds the same customer.
    await searchCustomers(page, 'priya.natarajan@');
    await expect(customerNames(page)).toHaveText(['Priya Natarajan']);
    await expect(customerCount(page)).toHaveText(/^1 of \d+ customers match\.$/);

    await searchCustomers(page, 'no-such-customer-anywhere');
    await expect(page.getByText('No customers match “no-such-customer-anywhere”.')).toBeVisible();
    await expect(customerNames(page)).toHaveCount(0);
  });

  test('paging shows at most 5 page links and moves between pages', async ({ page }) => {
    await openCustomers(page);
    await expect(customerNames(page)).toHaveCount(10);
    await checkCustomerPaging(page, { expectEllipsis: false });
  });

  test('Export CSV downloads customers.csv with every customer matching the search', async ({
    page,
  }) => {
    await openCustomers(page);
    // Every demo customer's e-mail is at example.com: more than a page.
    await searchCustomers(page, 'EXAMPLE.COM');
    // The address follows the box first; wait for the list to show the matches, then read.
    await expect(customerCount(page)).toHaveText(/^\d+ of \d+ customers match/);
    const count = await customerCount(page).textContent();
    const matching = Number(/^(\d+) of/.exec(count ?? '')?.[1]);
    expect(matching).toBeGreaterThan(10);

    const { filename, rows } = await exportCustomersCsv(page);
    expect(filename).toBe('customers.csv');
    const [header, ...customers] = rows;
    expect(header).toEqual([...CUSTOMER_FIELDS]);
    // All matches, not only the page shown.
    expect(customers).toHaveLength(matching);
    for (const customer of customers) {
      expect(customer).toHaveLength(10);
      expect(customer.join('\n').toLowerCase()).toContain('example.com');
    }
  });

  test("a customer's card opens its orders from the shop in Orders History", async ({ page }) => {
    await openCustomers(page);
    await searchCustomers(page, 'brightsmile');
    const card = page.getByRole('article').filter({ hasText: 'Bright Smile Dental Lab' });
    await card.getByRole('link', { name: 'Orders in the shop of Bright Smile Dental Lab' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/admin/orders-history' &&
        url.searchParams.get('search') === 'orders@brightsmile-lab.example',
    );
    await waitForHydration(page);
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(
      'orders@brightsmile-lab.example',
    );
  });

  test('the staff allow a customer to pay on account, then leave it to the ERP again', async ({
    page,
  }) => {
    await openCustomers(page);
    await searchCustomers(page, 'moretti');
    const card = page.getByRole('article').filter({ hasText: 'Angela Moretti' });
    await expect(card).toContainText('Card only');
    await card.getByRole('button', { name: 'Change pay on account for Angela Moretti' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Allowed by the shop' }).check();
    await dialog.getByLabel(/^Days to pay/).fill('45');
    await dialog.getByLabel(/^Credit limit/).fill('10000');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(
      'Pay on account: Net 45, credit limit $10,000.00 (allowed by the shop)',
    );

    await card.getByRole('button', { name: 'Change pay on account for Angela Moretti' }).click();
    await page
      .getByRole('dialog')
      .getByRole('radio', { name: /^As the ERP says/ })
      .check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(card).toContainText('Card only');
  });
});
