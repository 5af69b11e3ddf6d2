import { CUSTOMER_FIELDS } from '@labshop/shared/schemas/erp';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server.ts';
import {
  startFakeBusinessCentral,
  type FakeBusinessCentral,
} from '../../apps/server/test/fakes/business-central.ts';
import {
  checkCustomerPaging,
  customerCount,
  customerNames,
  exportCustomersCsv,
  searchCustomers,
} from './erp-helpers.ts';
import { ADMIN, expectNoAccessibilityViolations, logIn, waitForHydration } from './fixtures.ts';

/**
 * The business system end to end, on servers of their own (a price sync changes the shop's
 * prices, which the shared server's other tests read):
 * - embedded mode: the built-in ERP's demo items (a few raised prices, one product without an
 *   item), synced from Products Management, seen in the ledger and on the storefront;
 * - with Business Central configured: the local fake of its API v2.0
 *   (apps/server/test/fakes/business-central.ts) with customers over several pages and items,
 *   read by the customers screen and the price sync.
 */
const EMBEDDED_PORT = Number(process.env.E2E_ERP_PORT ?? 3920);
const BC_PORT = Number(process.env.E2E_ERP_BC_PORT ?? 3921);

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

async function openAsAdmin(page: Page, to: string) {
  await logIn(page, ADMIN, '/home');
  await page.goto(to);
  await waitForHydration(page);
}

/**
 * Holds the answer of the price sync (the sync itself runs on the server at once) until
 * `release`, to look at the busy screen.
 */
async function holdPriceSync(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products/update-prices', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return release;
}

/** The storefront's price of a product, as its page shows it to a visitor. */
async function storefrontPage(page: Page, origin: string, number: string): Promise<string> {
  const response = await page.request.get(`${origin}/product-details/${number}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('embedded mode (the built-in ERP)', () => {
  test.use({ baseURL: `http://127.0.0.1:${EMBEDDED_PORT}` });
  let dataDir: string;
  let server: BuiltServer;

  test.beforeAll(async () => {
    // A fresh server seeds the demo catalogue before it is ready: give it time.
    test.setTimeout(150_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-erp-'));
    server = await startBuiltServer({ port: EMBEDDED_PORT, dataDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the price sync previews, runs with Updating..., reports, and changes the shop', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/products');

    // The preview: what would change, what cannot, what the shop does not sell. Nothing changes.
    await page.getByRole('button', { name: 'Preview changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview of the price sync' });
    await expect(dialog).toBeVisible();
    const changes = dialog.getByRole('table', { name: 'Price changes' });
    const vibrator = changes.getByRole('row', { name: /VB-16/ });
    await expect(vibrator).toBeVisible();
    await expect(dialog).toContainText('AG-210-LH');
    await expect(dialog).toContainText('no item with this number in the ERP');
    await expect(dialog).toContainText('RP-118');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    const before = await storefrontPage(page, server.origin, 'VB-16');

    const release = await holdPriceSync(page);
    await page.getByRole('button', { name: 'Sync All Prices from BC' }).click();
    // It asks first, with the count of the preview it has read.
    const question = page.getByRole('alertdialog', {
      name: /^Change the prices of \d+ products now\?$/,
    });
    await question.getByRole('button', { name: /^Update \d+ products$/ }).click();
    const busy = page.getByRole('button', { name: 'Updating...' });
    await expect(busy).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Price sync progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preview changes' })).toBeDisabled();
    release();

    const outcome = page.getByRole('status').filter({ hasText: /Updated \d+ products/ });
    await expect(outcome).toBeVisible({ timeout: 30_000 });
    const updated = Number(/Updated (\d+) products/.exec((await outcome.textContent()) ?? '')?.[1]);
    expect(updated).toBeGreaterThan(0);
    await expect(outcome).toContainText(
      '1 failures: AG-210-LH (no item with this number in the ERP)',
    );
    await expect(outcome).toContainText('already up to date');
    await expect(page.getByRole('button', { name: 'Sync All Prices from BC' })).toBeEnabled();
    await page.unrouteAll();

    // The ledger: this sync, its failure with the reason, each price before and after.
    await page.getByRole('link', { name: 'Product by product results of this sync' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Prices sync/ })).toBeVisible();
    await expect(page.getByText('Succeeded')).toBeVisible();
    const items = page.getByRole('table', { name: 'Products of this sync' });
    await expect(items.getByRole('row', { name: /AG-210-LH/ })).toContainText(
      'no item with this number in the ERP',
    );
    await page.getByRole('button', { name: /^Updated \(\d+\)$/ }).click();
    await expect(items.getByRole('row')).toHaveCount(updated + 1);
    const row = items.getByRole('row', { name: /VB-16/ });
    const newPrice = /to (\$[\d,]+\.\d\d)/.exec((await row.textContent()) ?? '')?.[1];
    expect(newPrice).toBeTruthy();
    await expectNoAccessibilityViolations(page);

    // The storefront shows the new price.
    expect(before).not.toContain(newPrice);
    await expect
      .poll(async () => (await storefrontPage(page, server.origin, 'VB-16')).includes(newPrice!))
      .toBe(true);
    await page.goto('/product-details/VB-16');
    await expect(page.getByText(newPrice!).first()).toBeVisible();

    // The history lists it, newest first, with who ran it.
    await page.goto('/admin/erp-syncs');
    await waitForHydration(page);
    const first = page.getByRole('table', { name: 'Syncs' }).getByRole('row').nth(1);
    await expect(first).toContainText('Prices');
    await expect(first).toContainText(ADMIN.email);
    await expect(first).toContainText('Succeeded');
    await expect(first).toContainText(`${updated} updated`);
  });

  test('a second sync finds nothing to change', async ({ page }) => {
    await openAsAdmin(page, '/admin/products');
    await page.getByRole('button', { name: 'Sync All Prices from BC' }).click();
    await page
      .getByRole('alertdialog', { name: "No product's price would change. Sync anyway?" })
      .getByRole('button', { name: 'Sync', exact: true })
      .click();
    const outcome = page.getByRole('status').filter({ hasText: 'Updated 0 products' });
    await expect(outcome).toBeVisible({ timeout: 30_000 });
    await expect(outcome).toContainText('1 failures: AG-210-LH');
  });
});

test.describe('with Business Central (the fake)', () => {
  test.use({ baseURL: `http://127.0.0.1:${BC_PORT}` });
  let dataDir: string;
  let server: BuiltServer;
  let bc: FakeBusinessCentral;

  /** Business Central's unit prices that differ from the shop's. */
  const RAISED: Record<string, number> = { 'VB-8': 317.5, 'PL-10': 1234.56 };

  /** 73 customers: 8 pages; every 6th in Grand Rapids (12 of them: 2 pages). */
  const CUSTOMERS = Array.from({ length: 73 }, (_, i) => {
    const n = i + 1;
    const id = String(n).padStart(3, '0');
    const inGrandRapids = n % 6 === 0;
    return {
      displayName: `${n % 2 ? 'Lakeview' : 'Summit'} Dental Lab ${id}`,
      type: n % 5 === 0 ? 'Person' : 'Company',
      addressLine1: `${100 + n} Commerce Park Dr`,
      addressLine2: n % 4 === 0 ? `Suite ${n}` : '',
      city: inGrandRapids ? 'Grand Rapids' : 'Toledo',
      state: inGrandRapids ? 'MI' : 'OH',
      country: 'US',
      phoneNumber: `+1 419 555 0${id}`,
      email: `orders${id}@bc-lab${id}.example`,
      website: `https://bc-lab${id}.example`,
    };
  });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    bc = await startFakeBusinessCentral();
    bc.seed({ customers: CUSTOMERS });
    dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-erp-bc-'));
    server = await startBuiltServer({ port: BC_PORT, dataDir, env: bc.env() });

    // Business Central's items: the shop's products at their prices, except two raised, one
    // blocked and one missing; and an item the shop does not sell.
    const response = await fetch(`${server.origin}/api/products?limit=200`);
    const products = (await response.json()) as {
      number: string;
      title: string;
      newPrice: number;
    }[];
    expect(products.length).toBeGreaterThan(10);
    bc.seed({
      items: [
        ...products
          .filter((product) => product.number !== 'AG-220')
          .map((product) => ({
            number: product.number,
            displayName: product.title,
            unitPrice: RAISED[product.number] ?? product.newPrice,
            blocked: product.number === 'DC-400',
          })),
        { number: 'SP-900', displayName: 'Service visit', unitPrice: 95 },
      ],
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await bc?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("the customers screen lists Business Central's customers: search, paging, CSV", async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/customers');
    // The copy was never made: the screen refreshes it from Business Central on opening.
    await expect(customerCount(page)).toHaveText('73 customers, page 1 of 8.', {
      timeout: 30_000,
    });
    await expect(page.getByText(/^Copy from Business Central, refreshed/)).toBeVisible();
    await expect(customerNames(page).first()).toHaveText('Lakeview Dental Lab 001');
    // The demo's own customers are not Business Central's.
    await expect(page.getByRole('article', { name: 'Brightline Dental Lab' })).toHaveCount(0);
    expect(bc.calls.some((call) => call.entitySet === 'customers')).toBe(true);

    await checkCustomerPaging(page, { expectEllipsis: true });

    await searchCustomers(page, 'grand RAPIDS');
    await expect(customerCount(page)).toHaveText('12 of 73 customers match, page 1 of 2.');
    await expect(page).not.toHaveURL(/page=/);
    const { filename, rows } = await exportCustomersCsv(page);
    expect(filename).toBe('customers.csv');
    expect(rows[0]).toEqual([...CUSTOMER_FIELDS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      CUSTOMERS.filter((customer) => customer.city === 'Grand Rapids')
        .map((customer) => customer.displayName)
        .sort(),
    );
    expect(rows.slice(1).every((row) => row[4] === 'Grand Rapids')).toBe(true);
  });

  test("the price sync takes Business Central's item prices into the shop", async ({ page }) => {
    await openAsAdmin(page, '/admin/products');
    const release = await holdPriceSync(page);
    await page.getByRole('button', { name: 'Sync All Prices from BC' }).click();
    await page
      .getByRole('alertdialog', { name: 'Change the prices of 2 products now?' })
      .getByRole('button', { name: 'Update 2 products' })
      .click();
    await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();

    const outcome = page.getByRole('status').filter({ hasText: 'Updated 2 products' });
    await expect(outcome).toBeVisible({ timeout: 30_000 });
    await expect(outcome).toContainText(/2 failures: /);
    await expect(outcome).toContainText('AG-220 (no item with this number in the ERP)');
    await expect(outcome).toContainText('DC-400 (the item is blocked in the ERP)');
    await page.unrouteAll();
    expect(bc.calls.some((call) => call.entitySet === 'items')).toBe(true);

    // The products reloaded with Business Central's prices; the storefront shows them.
    const table = page.getByRole('table', { name: 'Products' });
    await page.getByRole('searchbox', { name: 'Search by title or product number' }).fill('PL-10');
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'PL-10', exact: true }) });
    await expect(row).toContainText(usd.format(1234.56));
    for (const [number, price] of Object.entries(RAISED)) {
      await expect
        .poll(async () =>
          (await storefrontPage(page, server.origin, number)).includes(usd.format(price)),
        )
        .toBe(true);
    }

    // The ledger keeps both kinds of sync.
    await page.goto('/admin/erp-syncs');
    await waitForHydration(page);
    const rows = page.getByRole('table', { name: 'Syncs' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Prices');
    await expect(rows.nth(1)).toContainText('2 failed');
    await expect(page.getByRole('table', { name: 'Syncs' })).toContainText('Customers');
  });
});
