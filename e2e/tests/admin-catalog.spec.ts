import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
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
import { adminConfirm, answerAdminConfirm } from './admin-confirm.ts';

// A 4x4 PNG: renamed to .jpg (so the browser calls it image/jpeg) it must still be refused.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN40KkN' +
    'RwzEcQCcIhlBdXj4zQAAAABJRU5ErkJggg==',
  'base64',
);

const field = fieldLabelled;

/** A grey square JPEG `size` px wide, so a stored image tells which upload it was. */
const squareJpeg = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

/** A small real PDF (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

async function openAsAdmin(page: Page, path: string) {
  await logIn(page, ADMIN, '/home');
  await page.goto(path);
  await waitForHydration(page);
}

async function fillProduct(page: Page, number: string, title: string) {
  const description = 'Made by the browser tests; deleted again at their end.';
  await fillProductForm(page, { number, title, description });
}

test.describe('admin catalogue', () => {
  test('the administrator creates a product, finds it, edits it and deletes it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const number = uniqueNumber(testInfo, 'E2E');
    const title = `Browser test grinder ${number}`;
    const revisedTitle = `${title} (revised)`;

    await openAsAdmin(page, '/admin/product-new');
    await expect(page).toHaveTitle(/^Add New Product \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
    await fillProduct(page, number, title);
    await field(page, 'Images').setInputFiles({
      name: 'grinder.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await expect(page.getByRole('list', { name: 'Images to save' }).getByRole('img')).toHaveCount(
      1,
    );
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product is created successfully!' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    // The form starts over for the next product, and the new one is a click away.
    await expect(field(page, 'Product Number')).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Images to save' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View in shop' })).toHaveAttribute(
      'href',
      `/product-details/${number}`,
    );
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
      'href',
      `/admin/products-edit/${number}`,
    );

    // The list finds it by a part of its number, case-insensitively.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page).toHaveTitle(/^Products \| Admin \|/);
    await page.getByLabel('Search by title or product number').fill(number.slice(4).toLowerCase());
    await expect(page).toHaveURL(/[?&]q=/);
    const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole('rowheader')).toHaveText(number);
    await expect(row).toContainText(title);
    await expect(row).toContainText('$99.50');
    await expect(row).toContainText('$75.25');
    await expect(row.getByRole('img')).toHaveCount(1);
    await expectNoAccessibilityViolations(page);

    // Edit: the form opens with the product, a new title and price are saved.
    await row.getByRole('link', { name: `Edit ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products-edit/${number}$`));
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'New Price')).toHaveValue('99.50');
    await expect(page.getByRole('list', { name: 'Images to save' }).getByRole('img')).toHaveCount(
      1,
    );
    await field(page, 'Title').fill(revisedTitle);
    await field(page, 'New Price').fill('123.45');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product updated successfully!' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expectNoAccessibilityViolations(page);

    const saved = await page.request.get(`/api/products/${number}`);
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      title: revisedTitle,
      newPrice: 123.45,
      images: [expect.any(String)],
    });

    await page.goto(`/product-details/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: revisedTitle })).toBeVisible();

    // Delete, after the confirm.
    await page.goto(`/admin/products?q=${number}`);
    await waitForHydration(page);
    const deleteButton = page.getByRole('button', { name: `Delete ${number}` });
    await expect(deleteButton).toBeVisible();
    await deleteButton.click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this product?', 'Delete');
    await expect(
      page.getByRole('status').filter({ hasText: `Product ${number} was deleted.` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${number}` })).toHaveCount(0);

    expect((await page.request.get(`/api/products/${number}`)).status()).toBe(404);
    const gone = await page.goto(`/product-details/${number}`);
    expect(gone?.status()).toBe(404);
  });

  test("the delete confirm is the admin's own dialog: Cancel and Escape keep the product", async ({
    page,
  }) => {
    // Signs in, runs axe and opens the dialog three times: more than the default on a busy machine.
    test.setTimeout(120_000);
    // Not the browser's confirm(): none may open.
    page.on('dialog', (dialog) => {
      throw new Error(`A browser dialog opened: ${dialog.message()}`);
    });
    await openAsAdmin(page, '/admin/products?q=AG-210');
    const deleteButton = page.getByRole('button', { name: 'Delete AG-210', exact: true });
    await expect(deleteButton).toBeVisible();
    const question = adminConfirm(page, 'Are you sure you want to delete this product?');

    // It asks with the spec's text and names the product; Cancel has the focus first.
    await deleteButton.click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('AG-210');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAccessibilityViolations(page);
    // The focus stays inside while it is open.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null))
      .toBe(true);

    // Cancel: the product stays, the focus goes back to its Delete button.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(deleteButton).toBeFocused();

    // Escape cancels too.
    await deleteButton.click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(deleteButton).toBeFocused();

    await expect(deleteButton).toBeVisible();
    expect((await page.request.get('/api/products/AG-210')).status()).toBe(200);
  });

  test('required fields, a missing image and a PNG named .jpg are refused', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const number = uniqueNumber(testInfo, 'E2E');
    await openAsAdmin(page, '/admin/product-new');

    // A required field left empty says so once it is left...
    await field(page, 'Title').focus();
    await field(page, 'Description').focus();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Description is required.')).toHaveCount(0);

    // ...and a submit reports every field.
    await page.getByRole('button', { name: 'Create Product' }).click();
    for (const message of [
      'Product Number is required and must be alphanumeric.',
      'Title is required.',
      'Description is required.',
      'Category is required.',
      'New Price is required and must be a valid number.',
      'Wholesale Price is required and must be a valid number.',
      'Partner Price is required and must be a valid number.',
      'Please upload at least one image.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoAccessibilityViolations(page);

    await fillProduct(page, number, `Browser test refused image ${number}`);
    // (Above the wholesale and partner prices fillProduct types: no warning to confirm.)
    await field(page, 'New Price').fill('123.456');
    await field(page, 'New Price').blur();
    await expect(page.getByText('New Price is required and must be a valid number.')).toBeVisible();
    await field(page, 'New Price').fill('123.45');
    await expect(page.getByText('New Price is required and must be a valid number.')).toHaveCount(
      0,
    );

    // The browser takes a .jpg name for a JPEG; the server looks at the bytes.
    await field(page, 'Images').setInputFiles({
      name: 'drawing.jpg',
      mimeType: 'image/jpeg',
      buffer: PNG,
    });
    await page.getByRole('button', { name: 'Create Product' }).click();
    // The answer names the refused file, and the form stays as it was for another try.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: '"drawing.jpg" was refused: Only JPG files are accepted.' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Product is created successfully!')).toHaveCount(0);
    await expect(field(page, 'Product Number')).toHaveValue(number);
    await expect(
      page.getByRole('list', { name: 'Images to save' }).getByRole('img', {
        name: 'New image drawing.jpg',
      }),
    ).toBeVisible();
    expect((await page.request.get(`/api/products/${number}`)).status()).toBe(404);
  });

  test('a file the browser refuses is named, and nothing is saved until it is dismissed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openAsAdmin(page, `/admin/products-edit/AG-210`);
    const before = await (await page.request.get('/api/products/AG-210')).json();
    await field(page, 'Images').setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: '"scan.png" was refused: Only JPG files are accepted.' });
    await expect(refusal).toBeVisible();
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(refusal).toBeFocused();
    await expect(page.getByText('Product updated successfully!')).toHaveCount(0);
    expect(await (await page.request.get('/api/products/AG-210')).json()).toEqual(before);
  });

  test('the administrator orders the images by drag and by keyboard, makes one main, and uploads a brochure PDF', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const number = uniqueNumber(testInfo, 'E2E');
    await openAsAdmin(page, '/admin/product-new');
    await fillProduct(page, number, `Browser test image order ${number}`);
    await field(page, 'Images').setInputFiles(
      await Promise.all(
        [20, 30, 40].map(async (size) => ({
          name: `w${size}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await squareJpeg(size),
        })),
      ),
    );
    const list = page.getByRole('list', { name: 'Images to save' });
    const order = () =>
      list
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    const tile = (name: string) =>
      list.getByRole('listitem').filter({ has: page.getByAltText(name) });
    await expect
      .poll(order)
      .toEqual(['New image w20.jpg', 'New image w30.jpg', 'New image w40.jpg']);

    // Drag the last onto the first.
    await tile('New image w40.jpg').dragTo(tile('New image w20.jpg'));
    await expect
      .poll(order)
      .toEqual(['New image w40.jpg', 'New image w20.jpg', 'New image w30.jpg']);

    // The keyboard: the arrow button keeps the focus as the image moves.
    const later = page.getByRole('button', { name: 'Move New image w40.jpg later' });
    await later.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(order)
      .toEqual(['New image w20.jpg', 'New image w40.jpg', 'New image w30.jpg']);
    await expect(later).toBeFocused();
    await page.keyboard.press('Enter');
    await expect
      .poll(order)
      .toEqual(['New image w20.jpg', 'New image w30.jpg', 'New image w40.jpg']);
    await page.getByRole('button', { name: 'Make New image w20.jpg the main image' }).click();
    await expect
      .poll(order)
      .toEqual(['New image w30.jpg', 'New image w40.jpg', 'New image w20.jpg']);
    await expect(tile('New image w20.jpg')).toContainText('Main');

    await page.getByLabel(/Upload a brochure PDF/).setInputFiles({
      name: 'Grinder manual.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product is created successfully!' }),
    ).toBeVisible({ timeout: 15_000 });

    const widths = async () => {
      const product = (await (await page.request.get(`/api/products/${number}`)).json()) as {
        images: string[];
        brochureUrl: string;
      };
      const sizes = await Promise.all(
        product.images.map(async (url) => {
          const stored = await (await page.request.get(url)).body();
          return (await sharp(stored).metadata()).width;
        }),
      );
      return { sizes, brochureUrl: product.brochureUrl };
    };
    const saved = await widths();
    expect(saved.sizes).toEqual([30, 40, 20]);
    expect(saved.brochureUrl).toMatch(/\/grinder-manual\.pdf$/);
    const brochure = await page.request.get(saved.brochureUrl);
    expect(brochure.headers()['content-type']).toBe('application/pdf');

    // On edit, the stored images take a new main one, which the save keeps.
    await page.goto(`/admin/products-edit/${number}`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: /grinder-manual\.pdf/ })).toBeVisible();
    await page.getByRole('button', { name: 'Make Image 1 the main image' }).click();
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product updated successfully!' }),
    ).toBeVisible({ timeout: 15_000 });
    expect((await widths()).sizes).toEqual([40, 20, 30]);

    expect((await page.request.delete(`/api/products/${number}`)).status()).toBe(204);
  });

  test('the categories screen lists the categories and refuses to delete one still in use', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/categories');
    await expect(page).toHaveTitle(/^Categories \| Admin \|/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Categories Management' }),
    ).toBeVisible();
    const deleteButton = page.getByRole('button', { name: 'Delete Alloy Grinders', exact: true });
    await expect(deleteButton).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await deleteButton.click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this category?', 'Delete');
    // Products are still in it: the server refuses, and the screen says why.
    await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
    await expect(deleteButton).toBeVisible();

    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category name is required.')).toBeVisible();
    await expect(page.getByText('Please choose a thumbnail image.')).toBeVisible();
  });

  test('the administrator adds a category with a JPEG thumbnail and deletes it', async ({
    page,
  }, testInfo) => {
    const name = `E2E category ${uniqueNumber(testInfo, 'E2E')}`;
    await openAsAdmin(page, '/admin/categories');
    await field(page, 'Name').fill(name);
    await field(page, 'Thumbnail').setInputFiles({
      name: 'drawing.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByText('Only JPG files are accepted.')).toBeVisible();
    await field(page, 'Thumbnail').setInputFiles({
      name: 'thumbnail.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await expect(page.getByText('Only JPG files are accepted.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Category ${name} was added.` }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(field(page, 'Name')).toHaveValue('');

    const item = page.getByRole('listitem').filter({ hasText: name });
    // The stored thumbnail is served and decodes.
    const thumbnail = item.locator('img');
    await expect(thumbnail).toHaveCount(1);
    await thumbnail.scrollIntoViewIfNeeded(); // it loads lazily
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await item.getByRole('button', { name: `Delete ${name}` }).click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this category?', 'Delete');
    await expect(
      page.getByRole('status').filter({ hasText: `Category ${name} was deleted.` }),
    ).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test('the price sync asks first with the count, reads Updating... while it runs, then reports its outcome', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/products');
    const sync = page.getByRole('button', { name: 'Sync All Prices from BC' });
    await expect(sync).toBeEnabled();

    // One click changes nothing: it reads the preview (a dry run on this shared server) and
    // asks, saying how many products' prices would change. Cancel sends no sync.
    const syncRequests: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products/update-prices') {
        syncRequests.push(request.postDataJSON());
      }
    });
    const question = page.getByRole('alertdialog', {
      name: /^Change the prices of \d+ products? now\?$|^No product's price would change/,
    });
    await sync.click();
    await expect(question).toBeVisible();
    await expect(question).toContainText(/already up to date/);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    expect(syncRequests).toEqual([]);
    const confirmSync = async () => {
      await sync.click();
      await question.getByRole('button', { name: /^(Update \d+ products?|Sync)$/ }).click();
    };

    // The real sync runs in erp.spec.ts on its own servers; here the answers are staged, so
    // this shared server's prices stay as seeded. First the ERP is down: 503 with its reason.
    await page.route('**/api/products/update-prices', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'Business Central did not answer within 30 s (GET items)' },
      }),
    );
    await confirmSync();
    // The sync carries the confirmation of the preview the admin was asked about. The click
    // returns before the browser sends the request, so wait for it rather than read at once.
    await expect
      .poll(() => syncRequests)
      .toEqual([{ confirmation: expect.stringMatching(/^[\w-]{20,}$/) }]);
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Error: Business Central did not answer within 30 s (GET items)',
      }),
    ).toBeVisible();
    await expect(sync).toBeEnabled();
    await page.unroute('**/api/products/update-prices');

    // A finished sync as the ERP would answer it, held back a moment to see the busy state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products/update-prices', async (route) => {
      await held;
      await route.fulfill({
        json: {
          updated: 74,
          failed: 2,
          failures: ['AG-150', 'PL-20'],
          unchanged: 0,
          syncId: '00000000-0000-4000-8000-000000000000',
        },
      });
    });
    await confirmSync();
    const busy = page.getByRole('button', { name: 'Updating...' });
    await expect(busy).toBeDisabled();
    release();
    const status = page.getByRole('status').filter({ hasText: 'Updated 74 products' });
    await expect(status).toBeVisible();
    await expect(status).toContainText('2 failures: AG-150, PL-20');
    await expect(sync).toBeEnabled();
  });
  test('the products table fits at 1440 px beside the menu, a long unbroken title too', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const number = uniqueNumber(testInfo, 'WIDE');
    const title = `Grinder${'X'.repeat(190)}`;
    await openAsAdmin(page, '/admin/products');
    const created = await page.request.post('/api/products', {
      multipart: {
        number,
        title,
        description: `${'Unbroken'.repeat(30)} description`,
        category: 'Alloy Grinders',
        newPrice: '99999.99',
        oldPrice: '88888.88',
        wholesalePrice: '77777.77',
        partnerPricex3: '66666.66',
        // A typed bare name must name a stored file: an outside address is taken as typed.
        brochure: `https://example.com/a-very-long-brochure-file-name-without-any-spaces-${'x'.repeat(60)}.pdf`,
        images: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      },
    });
    expect(created.status()).toBe(201);
    try {
      // The newest product is on the first page of the whole list.
      await page.goto('/admin/products');
      await waitForHydration(page);
      const table = page.getByRole('region', { name: 'Products table' });
      const row = table.locator('tbody tr').filter({ hasText: number });
      await expect(row).toHaveCount(1);
      // Nothing scrolls sideways: not the page, not the table's box.
      const overflow = await table.evaluate((box) => ({
        table: box.scrollWidth - box.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }));
      expect(overflow).toEqual({ table: 0, page: 0 });
      // Every column, the last (images) included, is on screen; the title shows whole on hover.
      const images = await row.locator('td').last().boundingBox();
      expect(images!.x + images!.width).toBeLessThanOrEqual(1440);
      await expect(row.getByTitle(title, { exact: true })).toBeVisible();
      await expect(row).toContainText('$66,666.66');
    } finally {
      await page.request.delete(`/api/products/${number}`);
    }
  });

  test('search, category, order and page stay in the address, for a reload and Back to products', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openAsAdmin(page, '/admin/products');
    const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');

    // Search by a word of the title, not the number. Vibrators: the products other tests create
    // meanwhile are Alloy Grinders, and the search reads category names too.
    await page.getByLabel('Search by title or product number').fill('vibrator');
    await expect(page).toHaveURL(/[?&]q=vibrator/);
    await page.getByLabel('Category').selectOption('Vibrators');
    await expect(page).toHaveURL(/[?&]category=Vibrators/);
    // The filter keeps the search (a run once lost it: the filter read a render's old address).
    await expect(page).toHaveURL(/[?&]q=vibrator/);
    await page.getByRole('button', { name: 'Title' }).click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const titles = async () =>
      (await rows.locator('td:nth-child(3)').allInnerTexts()).map((text) => text.toLowerCase());
    // The rows are the unsorted, unfiltered list's until the answer arrives (the table is busy).
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect
      .poll(async () => {
        const shown = await titles();
        return (
          shown.length > 1 &&
          shown.every((text) => text.includes('vibrator')) &&
          shown.join('\n') === [...shown].sort().join('\n')
        );
      })
      .toBe(true);
    const ascending = await titles();
    await page.getByRole('button', { name: 'Title' }).click();
    await expect(page).toHaveURL(/[?&]sort=-title/);
    await expect.poll(titles).toEqual([...ascending].reverse());
    const listUrl = page.url();

    // A reload shows the same list.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel('Search by title or product number')).toHaveValue('vibrator');
    await expect(page.getByLabel('Category')).toHaveValue('Vibrators');
    await expect.poll(titles).toEqual([...ascending].reverse());

    // To a product and back: the same list; a reload of the editor changes nothing.
    await rows
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/admin\/products-edit\//);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect.poll(titles).toEqual([...ascending].reverse());

    // The page too (76 demo products, 50 to a page).
    await page.goto('/admin/products?page=2');
    await waitForHydration(page);
    await expect(page.getByRole('navigation', { name: 'Product pages' })).toContainText(
      'Page 2 of',
    );
    await rows
      .first()
      .getByRole('link', { name: /^Edit / })
      .click();
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
  });

  test('a price of $0.00 is refused, prices above retail wait for a confirmation, numbers ignore case', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const number = uniqueNumber(testInfo, 'PRICE');
    await openAsAdmin(page, '/admin/product-new');
    await fillProduct(page, number, `Browser test price check ${number}`);
    await field(page, 'Images').setInputFiles({
      name: 'grinder.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await field(page, 'New Price').fill('0.00');
    await field(page, 'New Price').blur();
    await expect(page.getByText('New Price must be more than $0.00.')).toBeVisible();

    // Wholesale above retail: warned at once; Create waits for the box.
    await field(page, 'New Price').fill('99.50');
    await field(page, 'Wholesale Price').fill('120');
    const warning = page.getByRole('group', { name: 'Price warning' });
    await expect(warning).toContainText(
      'Wholesale Price ($120.00) is above the New Price ($99.50).',
    );
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(
      page.getByText('Correct the prices, or tick the box to save them as they are.'),
    ).toBeVisible();
    const confirm = page.getByLabel('These prices are right: save them as they are.');
    await expect(confirm).toBeFocused();
    expect((await page.request.get(`/api/products/${number}`)).status()).toBe(404);
    await expectNoAccessibilityViolations(page);

    await confirm.check();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Product is created successfully!' }),
    ).toBeVisible({ timeout: 15_000 });
    expect(await (await page.request.get(`/api/products/${number}`)).json()).toMatchObject({
      newPrice: 99.5,
      wholesalePrice: 120,
    });

    try {
      // The same number in other letters is taken...
      await fillProduct(page, number.toLowerCase(), `Browser test price check again`);
      await field(page, 'Images').setInputFiles({
        name: 'grinder.jpg',
        mimeType: 'image/jpeg',
        buffer: JPEG,
      });
      await page.getByRole('button', { name: 'Create Product' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: `A product with number ${number} already exists.`,
        }),
      ).toBeVisible({ timeout: 15_000 });
      // ...and its address leads to the product's own.
      await page.goto(`/product-details/${number.toLowerCase()}`);
      await expect(page).toHaveURL(new RegExp(`/product-details/${number}$`));
    } finally {
      await page.request.delete(`/api/products/${number}`);
    }
  });
});
