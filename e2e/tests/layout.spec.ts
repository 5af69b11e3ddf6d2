import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration, waitForPartHydrated } from './fixtures.ts';

/**
 * Issue 34: what the storefront's layout did to customers at 320, 390 and 1440 px: sideways
 * scrolling, the floating Customer Support button over text and controls, the product page's
 * price and Add to Cart below the fold, and keyboard stops that should not be there.
 */

// Demo catalogue facts (apps/server/src/db/seed/catalog-data.ts).
const GRINDER = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };
/** One of the longest titles: two lines at 390 px. */
const HEAVY_GRINDER = {
  number: 'AG-300X',
  title: 'Heavy-Duty Alloy Grinder, 1 HP, Three-Phase Ready',
};
const VIBRATOR = { number: 'VB-12', title: 'Model Vibrator, Medium Platform' };
const ADDED = 'Item added successfully to cart';

/** A cart of two lines and three items, so the cart and checkout pages show their full layout. */
async function fillCart(page: Page) {
  await page.context().addCookies([
    {
      name: '_cart__rf',
      value: encodeURIComponent(
        JSON.stringify([
          { number: GRINDER.number, title: GRINDER.title, quantity: 2 },
          VIBRATOR.number,
        ]),
      ),
      url: test.info().project.use.baseURL!,
    },
  ]);
}

/** The cookie banner accepted: it covers the page bottom until then, by design. */
async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'true'));
}

const PAGES = [
  '/home',
  '/shop',
  `/product-details/${GRINDER.number}`,
  `/product-details/${HEAVY_GRINDER.number}`,
  '/cart',
  '/checkout',
  '/contact-us',
] as const;

test.describe('the storefront layout', () => {
  test('at 320 px no page scrolls sideways', async ({ page }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'phone',
      'one width, checked once (with the phone’s touch)',
    );
    test.setTimeout(120_000);
    await fillCart(page);
    await acceptCookies(page);
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      const widest = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        // What sticks out, to say why when it fails.
        outside: Array.from(document.querySelectorAll('body *'))
          .filter((element) => element.getBoundingClientRect().right > 320.5)
          .slice(0, 3)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 100)),
      }));
      expect(widest.scrollWidth, `${path}: ${widest.outside.join(' | ')}`).toBeLessThanOrEqual(320);
    }
  });

  test('the Customer Support button covers no text and no control, wherever the page is scrolled', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await fillCart(page);
    await acceptCookies(page);
    for (const path of [...PAGES, '/about-us']) {
      await page.goto(path);
      await waitForHydration(page);
      const support = page.getByRole('link', { name: 'Customer Support' });
      await expect(support).toHaveAttribute('href', '/contact-us');
      const { height, viewport, step } = await support.evaluate((button) => ({
        height: document.scrollingElement!.scrollHeight,
        viewport: window.innerHeight,
        // A button fixed to the window: steps of its height tile the page, so everything passes
        // under it at one step. One in the flow moves with the page.
        step:
          getComputedStyle(button).position === 'fixed'
            ? Math.max(20, Math.floor(button.getBoundingClientRect().height))
            : Math.round(window.innerHeight * 0.6),
      }));
      const positions = new Set<number>();
      for (let top = 0; top < height - viewport; top += step) positions.add(top);
      positions.add(Math.max(0, height - viewport)); // the bottom
      let seen = 0;
      for (const top of positions) {
        await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
        const covered = await support.evaluate(coveredByButton);
        if (covered === null) continue; // out of view, or under the sticky header
        seen += 1;
        expect(covered, `${path} scrolled to ${top}px`).toEqual([]);
      }
      // Once at least, at the bottom of the page if nowhere else, the button was in view.
      expect(seen, `${path}: the button was never in view`).toBeGreaterThan(0);
    }
  });

  test('the phone product page shows the price and Add to Cart without scrolling; the notice leaves the title alone', async ({
    page,
    isMobile,
  }) => {
    await acceptCookies(page);
    for (const product of [GRINDER, HEAVY_GRINDER]) {
      await page.goto(`/product-details/${product.number}`);
      await waitForHydration(page);
      const viewport = page.viewportSize()!;
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      for (const part of [page.getByTestId('product-pricing'), addToCart]) {
        const box = (await part.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${product.number}: below the fold`).toBeLessThanOrEqual(
          viewport.height,
        );
      }
      if (isMobile) {
        // Phones: the title and the buying area first, the pictures under them.
        const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        const picture = (await page
          .getByRole('img', { name: product.title })
          .first()
          .boundingBox())!;
        expect(picture.y).toBeGreaterThan(title.y);
      }
    }

    // The first add of a visitor shows the notice (SPEC.md: once, then not for 30 days).
    const title = page.getByRole('heading', { level: 1, name: HEAVY_GRINDER.title });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const notice = page.getByText(ADDED);
    await expect(notice).toBeVisible();
    const noticeBox = (await notice.locator('xpath=..').boundingBox())!;
    const titleBox = (await title.boundingBox())!;
    expect(overlaps(noticeBox, titleBox), 'the notice covers the title').toBe(false);
    // Scrolled so that the title sits right under the header, where the notice used to float.
    await title.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -120));
    const after = (await notice.locator('xpath=..').boundingBox())!;
    expect(overlaps(after, (await title.boundingBox())!), 'the notice covers the title').toBe(
      false,
    );
    await expect(page.getByRole('link', { name: 'View Cart' })).toBeVisible();
  });

  test('Tab skips the hidden slides’ Start Shopping and passes the footer sign-up without an error', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto('/home');
    await waitForHydration(page);
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);

    // From the shown slide's button, Tab goes on to the carousel's controls, not to the next
    // slide's button off screen.
    const shown = page.getByRole('group', { name: '1 of 4' });
    await shown.getByRole('link', { name: 'Start Shopping' }).focus();
    const reached: string[] = [];
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () =>
            `${document.activeElement?.textContent?.trim()}|${document.activeElement?.getAttribute('aria-label') ?? ''}`,
        ),
      );
    }
    expect(reached.filter((name) => name.startsWith('Start Shopping'))).toEqual([]);

    // The footer's sign-up is optional: tabbing through it says nothing.
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    const name = form.getByLabel('Name (optional)');
    await name.scrollIntoViewIfNeeded();
    await waitForPartHydrated(form);
    await name.focus();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('E-mail')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailRequired)).toHaveCount(0);
    await expect(form.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true');

    // A typed address is checked on leaving the field; Subscribe still asks for one.
    await form.getByLabel('E-mail').fill('ann@');
    await page.keyboard.press('Tab');
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeVisible();
    await form.getByLabel('E-mail').fill('');
    await form.getByRole('button', { name: 'Subscribe' }).press('Enter');
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailRequired)).toBeVisible();
  });
});

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Runs in the page, on the button: the visible text and controls its box overlaps (clipped by
 * their scrolling or hidden-overflow boxes), or null when the button is not on top where it is
 * in view (scrolled away, or under the sticky header).
 */
function coveredByButton(button: Element): string[] | null {
  const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  type Box = { left: number; top: number; right: number; bottom: number };
  const intersect = (a: Box, b: Box): Box | null => {
    const box = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return box.right - box.left > 0.5 && box.bottom - box.top > 0.5 ? box : null;
  };
  const own = intersect(button.getBoundingClientRect(), viewport);
  if (!own) return null;
  const hit = document.elementFromPoint((own.left + own.right) / 2, (own.top + own.bottom) / 2);
  if (!hit || !button.contains(hit)) return null;

  /** The part of `box` that its clipping ancestors (overflow other than visible) let show. */
  const shown = (element: Element, box: Box): Box | null => {
    let visible: Box | null = intersect(box, viewport);
    for (let at: Element | null = element; at && visible; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        visible = intersect(visible, at.getBoundingClientRect());
      }
    }
    return visible;
  };
  const related = (element: Element) => button.contains(element) || element.contains(button);
  const visibleElement = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !element.closest('[inert]');

  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || related(parent) || !visibleElement(parent))
      continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of Array.from(range.getClientRects())) {
      const visible = shown(parent, rect);
      if (visible && intersect(visible, own)) {
        found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
        break;
      }
    }
  }
  const controls = Array.from(
    document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
    ),
  );
  for (const control of controls) {
    if (related(control) || !visibleElement(control)) continue;
    const visible = shown(control, control.getBoundingClientRect());
    if (visible && intersect(visible, own)) {
      found.push(
        `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40) || control.getAttribute('aria-label')}"`,
      );
    }
  }
  return found;
}
