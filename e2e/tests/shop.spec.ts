import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  PARTNER,
  TINY_JPEG,
  uniqueNumber,
  waitForHydration,
  usd,
} from './fixtures.ts';

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
const GRINDER = {
  number: 'AG-210',
  title: 'Single-Station Alloy Grinder',
  category: 'Alloy Grinders',
  newPrice: '$1,295.00',
  oldPrice: '$1,395.00',
  saving: 'Save $100.00',
  weightLb: 38,
};

/** The shop card of a product, found by its bracketed number. */
function card(page: Page, number: string) {
  return page.getByRole('article').filter({ hasText: `[${number}]` });
}

test.describe('the shop', () => {
  test('browses a category from the category list', async ({ page }) => {
    await page.goto('/shop');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await expect(categories.getByRole('link', { name: 'All Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await categories.getByRole('link', { name: 'Vibrators', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/Vibrators$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vibrators' })).toBeVisible();
    await expect(categories.getByRole('link', { name: 'Vibrators', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(card(page, 'VB-12')).toBeVisible();
    await expect(card(page, GRINDER.number)).toHaveCount(0);
    await expect(page).toHaveTitle(/Vibrators/);
  });

  test('pages through the catalogue 24 cards at a time', async ({ page }) => {
    await page.goto('/shop');
    await waitForHydration(page);
    await expect(page.getByRole('article')).toHaveCount(24);
    const firstPage = await page.getByRole('article').allTextContents();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('article')).toHaveCount(24);
    const secondPage = await page.getByRole('article').allTextContents();
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
  });

  test('a category name in any case opens that category', async ({ page }) => {
    await page.goto('/shop/alloy%20GRINDERS');
    await expect(page.getByRole('heading', { level: 1, name: 'Alloy Grinders' })).toBeVisible();
    await expect(card(page, GRINDER.number)).toBeVisible();
  });

  test('searches from the header', async ({ page }) => {
    await page.goto('/shop');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('searchbox', { name: 'Search products by name or number' });
    await box.fill('ag-300x');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\?q=ag-300x$/);
    await expect(page.getByText("Results for 'ag-300x'")).toBeVisible();
    await expect(card(page, 'AG-300X')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    // A word of a title finds every product with it, and only those.
    await page.goto('/shop?q=vibrator');
    await expect(card(page, 'VB-12')).toBeVisible();
    await expect(card(page, GRINDER.number)).toHaveCount(0);

    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(card(page, GRINDER.number)).toBeVisible();
  });

  test('opens a product from its card', async ({ page }) => {
    await page.goto(`/shop/${GRINDER.category}`);
    await waitForHydration(page);
    const grinder = card(page, GRINDER.number);
    await expect(grinder).toContainText(GRINDER.saving);
    await grinder.getByRole('link', { name: GRINDER.title }).click();

    await expect(page).toHaveURL(new RegExp(`/product-details/${GRINDER.number}$`));
    await expect(page.getByRole('heading', { level: 1, name: GRINDER.title })).toBeVisible();
    await expect(page).toHaveTitle(`${GRINDER.title} | labshop`);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    await expect(breadcrumbs.getByRole('link', { name: GRINDER.category })).toHaveAttribute(
      'href',
      `/shop/${encodeURIComponent(GRINDER.category)}`,
    );
    await expect(breadcrumbs).toContainText(GRINDER.title);
    await expect(page.getByText(`Product number: ${GRINDER.number}`)).toBeVisible();
    await expect(page.getByText(`Category: ${GRINDER.category}`)).toBeVisible();
    await expect(page.getByText(`Shipping weight: ${GRINDER.weightLb} lb`)).toBeVisible();
    await expect(page.getByText('Made in USA')).toBeVisible();

    const pricing = page.getByTestId('product-pricing');
    await expect(pricing.locator('s')).toContainText(GRINDER.oldPrice);
    await expect(pricing).toContainText(GRINDER.newPrice);
    await expect(pricing).toContainText(GRINDER.saving);
    await expect(pricing).not.toContainText('Wholesale');
    await expect(page.getByRole('link', { name: 'Download brochure' })).toBeVisible();

    // Search engines get the product's data in the first HTML.
    const html = await (await page.request.get(`/product-details/${GRINDER.number}`)).text();
    expect(html).toContain('<script type="application/ld+json"');
    expect(html).toContain(`"sku":"${GRINDER.number}"`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/product-details\/AG-210"/);
  });

  test('Add to Cart turns the button into In Cart / View and counts in the header', async ({
    page,
  }) => {
    await page.goto(`/shop/${GRINDER.category}`);
    await waitForHydration(page);
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    const grinder = card(page, GRINDER.number);
    await grinder.getByRole('button', { name: 'Add to Cart' }).click();

    const inCart = grinder.getByRole('link', { name: 'In Cart / View' });
    await expect(inCart).toBeVisible();
    await expect(inCart).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByText('Item added successfully to cart')).toBeVisible();
    const cartCookie = (await page.context().cookies()).find((c) => c.name === '_cart__rf');
    expect(JSON.parse(decodeURIComponent(cartCookie?.value ?? ''))).toEqual([GRINDER.number]);

    // The alert shows once: the next product is added without it.
    await page.getByRole('button', { name: 'Close message' }).click();
    await card(page, 'AG-150').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card(page, 'AG-150').getByRole('link', { name: 'In Cart / View' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByText('Item added successfully to cart')).toHaveCount(0);

    // The product page knows it is in the cart, from the first HTML on.
    await page.goto(`/product-details/${GRINDER.number}`);
    await expect(page.getByText('In Cart', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('Add to Cart on the product page', async ({ page }) => {
    await page.goto('/product-details/VB-12');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('In Cart', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Cart' })).toBeFocused();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('unavailable products cannot be added', async ({ page }) => {
    await page.goto(`/shop/${GRINDER.category}`);
    await expect(
      card(page, 'AG-210-LH').getByRole('button', { name: 'Not Available' }),
    ).toBeDisabled();
    await page.goto('/product-details/AG-210-LH');
    await expect(page.getByText('Product is currently not available')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('a signed-in partner sees wholesale prices on cards and the product page', async ({
    page,
  }) => {
    await logIn(page, PARTNER, '/shop/vibrators');
    const answer = await page.request.get('/api/products?q=VB-12');
    const products = (await answer.json()) as { number: string; wholesalePrice: number | null }[];
    const wholesalePrice = products.find((p) => p.number === 'VB-12')?.wholesalePrice;
    if (typeof wholesalePrice !== 'number')
      throw new Error('Partners get no VB-12 wholesale price');
    const wholesale = `Wholesale: ${usd(wholesalePrice)}`;

    await expect(card(page, 'VB-12')).toContainText(wholesale);
    await card(page, 'VB-12')
      .getByRole('link', { name: 'Model Vibrator, Medium Platform' })
      .click();
    await expect(page).toHaveURL(/\/product-details\/VB-12$/);
    const row = page.getByRole('row', { name: /Wholesale/ });
    await expect(row).toContainText(usd(wholesalePrice));
    await expect(page.getByRole('row', { name: /Retail/ })).toBeVisible();
  });

  test('an unknown category answers the not-found page (404), not a made-up heading', async ({
    page,
  }) => {
    const response = await page.goto('/shop/Nosuchcategory');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nosuchcategory' })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Category not found/);
    await page.getByRole('link', { name: 'Browse products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('a page past the end shows the last page; page 0 or a word shows the first', async ({
    page,
  }) => {
    // The demo catalogue's 76 products fill 4 pages of 24; tests running beside this one may
    // add a product for a moment, so the last page and its cards are read from the page itself.
    await page.goto('/shop?page=99');
    await expect(page).toHaveURL(/\/shop\?page=[45]$/);
    const last = Number(new URL(page.url()).searchParams.get('page'));
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: `Page ${last}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const total = Number(
      (await page.getByText(/^\d+ products$/).textContent())!.replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThan((last - 1) * 24);
    await expect(page.getByRole('article')).toHaveCount(total - (last - 1) * 24);
    await expect(page.getByText('No Products to Display')).toHaveCount(0);

    // A search keeps its words: its one page.
    await page.goto('/shop?q=belts&page=7');
    await expect(page).toHaveURL(/\/shop\?q=belts$/);
    await expect(card(page, 'BT-S80')).toBeVisible();

    for (const bad of ['0', '-2', 'abc', '2.5']) {
      await page.goto(`/shop/Vibrators?page=${bad}`);
      await expect(page).toHaveURL(/\/shop\/Vibrators$/);
      await expect(card(page, 'VB-12')).toBeVisible();
    }
  });

  test('finds every word in any order, plurals, categories and small typos', async ({ page }) => {
    await page.goto('/shop?q=trimmer%2012');
    await expect(card(page, 'MT-12')).toBeVisible();
    await page.goto('/shop?q=%22Alloy%22');
    await expect(card(page, GRINDER.number)).toBeVisible();
    await page.goto('/shop?q=belts');
    await expect(page.getByText('5 products')).toBeVisible();
    await page.goto('/shop?q=accessories');
    await expect(card(page, 'AC-SG')).toBeVisible();
    await page.goto('/shop?q=grindr');
    await expect(card(page, GRINDER.number)).toBeVisible();
    // The exact number first.
    await page.goto('/shop?q=vb-12');
    await expect(page.getByRole('article').first()).toContainText('[VB-12]');
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  test('an unknown product answers 404 with a way back to the shop', async ({ page }) => {
    const response = await page.goto('/product-details/NO-SUCH-PRODUCT');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/shop',
    );
  });

  test('the shop and a product page have no accessibility violations', async ({ page }) => {
    for (const path of ['/shop', `/product-details/${GRINDER.number}`]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAccessibilityViolations(page);
    }
  });
});

/** A small real PDF (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A product with one 16 px picture and an uploaded brochure, made by an administrator. */
async function smallPictureProduct(browser: Browser, number: string): Promise<void> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await logIn(admin, ADMIN, '/home');
  const response = await admin.request.post('/api/products', {
    multipart: {
      number,
      title: `Browser test small picture ${number}`,
      description: 'Made by the browser tests.',
      category: 'Alloy Grinders',
      newPrice: '10',
      wholesalePrice: '9',
      partnerPricex3: '8',
      images: { name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG },
      brochureFile: { name: 'tiny-manual.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await context.close();
}

/** How wide an image shows, and how wide it is (in CSS px, as its srcset says). */
const shownAndNatural = (image: ReturnType<Page['locator']>) =>
  image.evaluate((img: HTMLImageElement) => ({
    shown: img.getBoundingClientRect().width,
    natural: img.naturalWidth,
    complete: img.complete,
  }));

test.describe('the product pictures and brochure', () => {
  test('the main picture enlarges without the code, never past its own size, and the brochure opens in a new tab', async ({
    browser,
  }, testInfo) => {
    // Signs an administrator in first, which takes long on a busy machine.
    test.setTimeout(120_000);
    const number = uniqueNumber(testInfo, 'PIC');
    await smallPictureProduct(browser, number);
    const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } =
      testInfo.project.use;
    const context = await browser.newContext({
      baseURL,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`/product-details/${number}`);

    const enlarge = page.getByRole('link', { name: /^Enlarge the picture/ });
    const main = enlarge.getByRole('img');
    await expect.poll(async () => (await shownAndNatural(main)).complete).toBe(true);
    const inPage = await shownAndNatural(main);
    expect(inPage.natural).toBeGreaterThan(0);
    // A 16 px picture is not blown up to fill the box.
    expect(inPage.shown).toBeLessThanOrEqual(inPage.natural + 0.5);

    const zoom = page.getByRole('dialog', { name: /^Enlarged picture/ });
    await expect(zoom).toBeHidden();
    await enlarge.click();
    await expect(zoom).toBeVisible();
    const big = zoom.getByRole('img');
    await expect.poll(async () => (await shownAndNatural(big)).complete).toBe(true);
    const enlarged = await shownAndNatural(big);
    expect(enlarged.natural).toBe(16);
    expect(enlarged.shown).toBeLessThanOrEqual(16);
    await zoom.getByRole('link', { name: 'Close the enlarged picture' }).click();
    await expect(zoom).toBeHidden();

    const brochure = page.getByRole('link', { name: /Download brochure/ });
    await expect(brochure).toContainText('PDF, opens in a new tab');
    await expect(brochure).toHaveAttribute('target', '_blank');
    await expect(brochure).toHaveAttribute('rel', /noopener/);
    const href = await brochure.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await context.close();
  });

  test('with the code running, the enlarged picture follows the chosen thumbnail and Escape closes it; thumbnails are sharp on a dense screen', async ({
    page,
  }) => {
    await page.goto(`/product-details/${GRINDER.number}`);
    await waitForHydration(page);
    const thumbnails = page.getByTestId('thumbnail-strip').getByRole('button');
    await expect(thumbnails.first()).toBeVisible();
    // Each thumbnail's file has at least twice the pixels of the box on a 2x screen.
    const dpr = await page.evaluate(() => window.devicePixelRatio);
    for (const thumbnail of await thumbnails.locator('img').all()) {
      await expect.poll(async () => (await shownAndNatural(thumbnail)).complete).toBe(true);
      const pixels = await thumbnail.evaluate((img: HTMLImageElement) => {
        const probe = new Image();
        probe.src = img.currentSrc;
        return probe.decode().then(() => ({ file: probe.naturalWidth, box: img.clientWidth }));
      });
      expect(pixels.file).toBeGreaterThanOrEqual(Math.max(dpr, 2) * pixels.box);
    }

    await thumbnails.first().click();
    const zoom = page.getByRole('dialog', { name: /^Enlarged picture/ });
    await page.getByRole('link', { name: /^Enlarge the picture/ }).click();
    await expect(zoom).toBeVisible();
    await expect(zoom).toHaveAccessibleName(/image 1 of/);
    await page.keyboard.press('Escape');
    await expect(zoom).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: GRINDER.title })).toBeVisible();
  });
});
