import { CONTACT_MESSAGES } from '@labshop/shared/schemas/content';
import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { expect, test, type Page } from '@playwright/test';
import { setCartCookie } from './checkout-steps.ts';
import { waitForHydration } from './fixtures.ts';

/**
 * Issue 33: the storefront's actions work before the page's code has started, and without it.
 * Each is clicked once with the page's scripts held back (as a visitor who clicks as soon as the
 * page shows, on a slow connection), and once with JavaScript turned off; each gets what it
 * gets after hydration (shop.spec.ts, shell.spec.ts).
 */

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
const VIBRATOR = { number: 'VB-12', title: 'Model Vibrator, Medium Platform' };
const GRINDERS = { category: 'Alloy Grinders', first: 'AG-210', second: 'AG-150' };
const GRINDER_TITLE = 'Single-Station Alloy Grinder';
const ADDED = 'Item added successfully to cart';

type Arrival = 'before the code starts' | 'without JavaScript';

/** An address no other test uses. */
function uniqueEmail(label: string): string {
  const project = test.info().project.name;
  return `${label}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@lab.example`;
}

/** The shop card of a product, found by its bracketed number. */
const card = (page: Page, number: string) =>
  page.getByRole('article').filter({ hasText: `[${number}]` });

async function cartCookie(page: Page): Promise<unknown> {
  const cookie = (await page.context().cookies()).find((each) => each.name === '_cart__rf');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
}

/**
 * Opens `path` as the visitor arrives. Before the code starts, the page's scripts are held until
 * the returned `startCode` is called, so the click lands where a slow connection puts it.
 */
async function open(page: Page, path: string, arrival: Arrival) {
  let startCode = async () => {};
  if (arrival === 'before the code starts') {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    startCode = async () => {
      release();
      await waitForHydration(page);
    };
  }
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  return startCode;
}

for (const arrival of ['before the code starts', 'without JavaScript'] as const) {
  test.describe(arrival, () => {
    if (arrival === 'without JavaScript') test.use({ javaScriptEnabled: false });

    test('Add to Cart on the product page adds the product and says so', async ({ page }) => {
      const startCode = await open(page, `/product-details/${VIBRATOR.number}`, arrival);
      await page.getByRole('button', { name: 'Add to Cart' }).click();

      await expect(page).toHaveURL(new RegExp(`/product-details/${VIBRATOR.number}\\?`));
      await expect(page.getByText('In Cart', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
      await expect(page.getByText(ADDED)).toBeVisible();
      expect(await cartCookie(page)).toEqual([VIBRATOR.number]);

      await startCode();
      if (arrival === 'before the code starts') {
        // The code takes over: the header counts it, and the address forgets the parameters.
        await expect(page.getByTestId('cart-count')).toHaveText('1');
        await expect(page).toHaveURL(new RegExp(`/product-details/${VIBRATOR.number}$`));
      } else {
        // The alert closes without the code too: the page again, without it (a form with no
        // fields leaves an empty query, '?').
        await page.getByRole('button', { name: 'Close message' }).click();
        await expect(page).toHaveURL(new RegExp(`/product-details/${VIBRATOR.number}\\??$`));
        await expect(page.getByText(ADDED)).toHaveCount(0);
      }
      await page.goto('/cart');
      await expect(page.getByRole('link', { name: VIBRATOR.title }).first()).toBeVisible();
    });

    test("Add to Cart on the shop's cards: In Cart / View, and the alert once", async ({
      page,
    }) => {
      const startCode = await open(page, `/shop/${GRINDERS.category}`, arrival);
      await card(page, GRINDERS.first).getByRole('button', { name: 'Add to Cart' }).click();

      const inCart = card(page, GRINDERS.first).getByRole('link', { name: 'In Cart / View' });
      await expect(inCart).toHaveAttribute('href', '/cart');
      await expect(page.getByText(ADDED)).toBeVisible();
      expect(await cartCookie(page)).toEqual([GRINDERS.first]);

      // The next one is added without the alert (SPEC.md: once, then not for 30 days).
      await card(page, GRINDERS.second).getByRole('button', { name: 'Add to Cart' }).click();
      await expect(
        card(page, GRINDERS.second).getByRole('link', { name: 'In Cart / View' }),
      ).toBeVisible();
      await expect(page.getByText(ADDED)).toHaveCount(0);
      expect(await cartCookie(page)).toEqual([GRINDERS.first, GRINDERS.second]);

      await startCode();
      if (arrival === 'before the code starts') {
        await expect(page.getByTestId('cart-count')).toHaveText('2');
        await expect(inCart).toBeVisible();
      }
    });

    test("the cart's stepper, a typed quantity and Remove change the cart", async ({ page }) => {
      await setCartCookie(page, [GRINDERS.first, VIBRATOR.number]);
      const startCode = await open(page, '/cart', arrival);
      const quantity = page.getByLabel(`Quantity of ${VIBRATOR.title}`, { exact: true });
      await page.getByRole('button', { name: `Increase quantity of ${VIBRATOR.title}` }).click();
      await expect(quantity).toHaveValue('2');
      expect(await cartCookie(page)).toEqual([
        GRINDERS.first,
        { number: VIBRATOR.number, title: VIBRATOR.title, quantity: 2 },
      ]);

      // Enter in the field sends the typed quantity (not the minus button's).
      await quantity.fill('5');
      await quantity.press('Enter');
      await expect(quantity).toHaveValue('5');
      await page.getByRole('button', { name: `Decrease quantity of ${VIBRATOR.title}` }).click();
      await expect(quantity).toHaveValue('4');

      await page.getByRole('button', { name: `Remove ${GRINDER_TITLE} from the cart` }).click();
      await expect(page.getByTestId('cart-item')).toHaveCount(1);
      expect(await cartCookie(page)).toEqual([
        { number: VIBRATOR.number, title: VIBRATOR.title, quantity: 4 },
      ]);
      // The header counts the items from the page the server sent, before and without the code.
      await expect(page.getByTestId('cart-count')).toHaveText('4');
      await startCode();
      if (arrival === 'before the code starts') {
        await expect(page.getByTestId('cart-count')).toHaveText('4');
      }
    });

    test("the cart's freight estimate waits for the code: its state picker is off until then", async ({
      page,
    }) => {
      await setCartCookie(page, [GRINDERS.first]);
      const startCode = await open(page, '/cart', arrival);
      const estimate = page.getByTestId('freight-estimate');
      const picker = estimate.getByLabel('Estimate freight to');
      // A pick now would be reset as the code starts: the picker says it is not ready instead.
      await expect(picker).toBeDisabled();
      await expect(estimate).toContainText('Price does not include freight charges.');
      await startCode();
      if (arrival === 'before the code starts') {
        await picker.selectOption('OH');
        // The 38 lb grinder to Ohio: the Midwest band up to 50 lb.
        await expect(estimate.getByTestId('freight-amount')).toHaveText('$45.00');
      }
    });

    test('the contact form sends, and a refusal keeps what was typed', async ({ page }) => {
      const startCode = await open(page, '/contact-us', arrival);
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByLabel('Name').fill('Dana Whitfield');
      await form.getByLabel('Email').fill('not-an-email');
      await form.getByLabel('Phone').fill('+1 419 555 0100');
      await form.getByLabel('Inquiry type').selectOption('support');
      await form.getByLabel('Message').fill('Our AG-210 wheel guard rattles. Can you help?');
      await form.getByRole('button', { name: 'Send Message' }).click();

      await expect(
        page.getByRole('alert').filter({ hasText: CONTACT_MESSAGES.emailFormat }),
      ).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('Dana Whitfield');
      await expect(form.getByLabel('Inquiry type')).toHaveValue('support');
      await expect(form.getByLabel('Message')).toHaveValue(
        'Our AG-210 wheel guard rattles. Can you help?',
      );

      await form.getByLabel('Email').fill(uniqueEmail('contact'));
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: CONTACT_MESSAGES.sent }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/contact-us$/);
      await startCode();
    });

    test("the footer's newsletter sign-up thanks, or says what is wrong", async ({ page }) => {
      const startCode = await open(page, '/shop', arrival);
      const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
      await form.getByLabel('E-mail').fill('not-an-email');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page).toHaveURL(/\/newsletter\/signup$/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        NEWSLETTER_MESSAGES.emailInvalid,
      );
      // Back to the page the form was on.
      await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
        'href',
        '/shop',
      );

      await form.getByLabel('E-mail').fill(uniqueEmail('signup'));
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        NEWSLETTER_MESSAGES.signupThanks,
      );
      await startCode();
    });

    test("the checkout's coupon applies, and the card form says it needs the code", async ({
      page,
    }) => {
      await setCartCookie(page, [GRINDERS.first]);
      const startCode = await open(page, '/checkout', arrival);
      const card = page.getByRole('region', { name: 'Card details' });
      await expect(card).toContainText('Loading the secure card form…');
      await expect(card).toContainText('It needs JavaScript.');
      const coupon = page.getByRole('form', { name: 'Coupon' });
      await coupon.getByLabel('Coupon code').fill('NO-SUCH-CODE');
      await coupon.getByRole('button', { name: 'Apply' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Invalid coupon code' }),
      ).toBeVisible();
      await page.getByRole('form', { name: 'Coupon' }).getByLabel('Coupon code').fill('welcome2');
      await page
        .getByRole('form', { name: 'Coupon' })
        .getByRole('button', { name: 'Apply' })
        .click();
      await expect(page.getByText(/Coupon WELCOME2 applied: 2% off/)).toBeVisible();

      await startCode();
      if (arrival === 'before the code starts') {
        await expect(card.locator('iframe[title="Card details"]')).toBeVisible();
        await expect(page.getByText(/Coupon WELCOME2 applied: 2% off/)).toBeVisible();
        await expect(page).toHaveURL(/\/checkout$/);
      }
    });

    test('the notifications bell opens its list, and closes it', async ({ page }) => {
      await open(page, '/home', arrival);
      const list = page.getByRole('region', { name: 'Notifications' });
      await expect(list).toBeHidden();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(list).toBeVisible();
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await list.getByRole('button', { name: 'Close notifications' }).click();
      await expect(list).toBeHidden();
    });

    test('the cookie banner waits for the code, so its Accept is never lost', async ({ page }) => {
      // Acceptance is kept in local storage (SPEC.md), which only the code can read: the
      // banner is not in the first HTML, and shows (with a working Accept) once the code runs.
      const startCode = await open(page, '/home', arrival);
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(banner).toHaveCount(0);
      if (arrival === 'without JavaScript') return;
      await startCode();
      await banner.getByRole('button', { name: 'Accept' }).click();
      await expect(banner).toHaveCount(0);
    });

    test('the header search icon opens the search box, and a search goes to the shop', async ({
      page,
    }) => {
      await open(page, '/home', arrival);
      const box = page.getByRole('searchbox', { name: 'Search products by name or number' });
      await expect(box).toBeHidden();
      await page.getByRole('button', { name: 'Search products' }).click();
      await expect(box).toBeVisible();
      await box.fill('vibrator');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/shop\?q=vibrator$/);
      await expect(card(page, VIBRATOR.number)).toBeVisible();
    });
  });
}
