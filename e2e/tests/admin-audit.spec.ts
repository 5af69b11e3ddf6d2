import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  fieldLabelled,
  fillProductForm,
  logIn,
  TINY_JPEG as JPEG,
  uniqueNumber,
  waitForHydration,
} from './fixtures.ts';
import { answerAdminConfirm } from './admin-confirm.ts';

/**
 * The audit log in the admin (issue 10 point 7): a price changed in Update Product is on the
 * Audit Log screen with who changed it and the price before and after, found by the filters,
 * and in the CSV export (at 1440 px; the phone width has its admin pass in admin-dashboard).
 */

const field = fieldLabelled;

async function createProduct(page: Page, number: string) {
  await page.goto('/admin/product-new');
  await waitForHydration(page);
  await fillProductForm(page, {
    number,
    title: `Audited lathe ${number}`,
    description: 'Made by the audit log browser test; deleted at its end.',
  });
  await field(page, 'Images').setInputFiles({
    name: 'lathe.jpg',
    mimeType: 'image/jpeg',
    buffer: JPEG,
  });
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product is created successfully!' }),
  ).toBeVisible({ timeout: 15_000 });
}

async function deleteProduct(page: Page, number: string) {
  await page.goto(`/admin/products?number=${number}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Delete ${number}` }).click();
  await answerAdminConfirm(page, 'Are you sure you want to delete this product?', 'Delete');
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${number} was deleted.` }),
  ).toBeVisible();
}

test.describe('admin audit log', () => {
  test('a price changed in the admin is on the Audit Log with who, what, before and after', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const number = uniqueNumber(testInfo, 'AUDIT');
    await logIn(page, ADMIN, '/home');
    await createProduct(page, number);

    // The price change, as an administrator makes it.
    await page.goto(`/admin/products-edit/${number}`);
    await waitForHydration(page);
    await expect(field(page, 'New Price')).toHaveValue('99.50');
    await field(page, 'New Price').fill('123.45');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product updated successfully!' }),
    ).toBeVisible({ timeout: 15_000 });

    // The Audit Log, from the admin navigation.
    await page.goto('/admin');
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Audit Log', exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await expect(page).toHaveTitle(/^Audit Log \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();

    // Filtered to this product: its update, then its creation, newest first.
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('About').selectOption('product');
    await filters.getByLabel('Number, id or name').fill(number);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]entityId=${number}`));
    await expect(page.getByText('2 entries match the filters.')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const update = rows.first();
    await expect(update).toContainText('Product updated');
    await expect(update).toContainText('product.update');
    await expect(update).toContainText(number);
    await expect(update.getByRole('rowheader')).toContainText(ADMIN.email);
    // Only the price changed: one field, $99.50 struck out, $123.45 after it.
    const changes = update.getByRole('list', { name: /^Changes of entry/ });
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(changes.getByRole('listitem')).toContainText('newPrice');
    await expect(changes.locator('del')).toHaveText('before: $99.50');
    await expect(changes.locator('ins')).toHaveText('after: $123.45');
    await expect(changes.locator('del')).toBeVisible();
    await expect(changes.locator('ins')).toBeVisible();
    await expect(rows.nth(1)).toContainText('product.create');
    await expectNoAccessibilityViolations(page);

    // The export holds the same entries, the filters applied.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    const href = await exportLink.getAttribute('href');
    expect(href).toContain(`entityId=${number}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toBe('attachment; filename="audit_log.csv"');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('product.update');
    expect(lines[1]).toContain('""newPrice"":99.5');
    expect(lines[1]).toContain('""newPrice"":123.45');

    await deleteProduct(page, number);
  });

  test('visitors without a session cannot read the audit log or its export', async ({ page }) => {
    const response = await page.request.get('/api/admin/audit-log');
    expect(response.status()).toBe(401);
    expect((await page.request.get('/api/admin/audit-log/export')).status()).toBe(401);
  });
});
