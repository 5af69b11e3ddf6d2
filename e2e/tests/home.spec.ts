import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures.ts';

// SPEC.md "Home page" and section 9; the figures as the page uses them.
const BANNER_ADVANCE_MS = 6000; // features/home/components/banner-carousel.tsx
const FEATURED_AUTO_SCROLL_MS = 3000; // HOME.featuredAutoScrollMs
const TESTIMONIALS_ADVANCE_MS = 5000; // HOME.testimonialsAdvanceMs
const TESTIMONIALS_PER_SLIDE = 3; // HOME.testimonialsPerSlide, from 1024 px wide
/** Room for a slow machine on top of an autoplay interval. */
const SLACK_MS = 5000;

function bannerDot(page: Page, n: number) {
  return page.getByRole('button', { name: `Go to slide ${n}`, exact: true });
}

function featured(page: Page) {
  return page.getByRole('region', { name: 'Featured products', exact: true });
}

/** Where the strip's first card is now, horizontally. */
async function firstFeaturedX(page: Page): Promise<number> {
  const box = await featured(page).getByRole('listitem').first().boundingBox();
  if (!box) throw new Error('the first featured card has no box');
  return box.x;
}

test.describe('the home page', () => {
  test('the first HTML carries every section, the banner picture first in line', async ({
    request,
  }) => {
    const html = await (await request.get('/home')).text();
    expect(html.match(/>Start Shopping</g)).toHaveLength(4);
    // The first banner picture is the largest paint: loaded at once, with high priority; the
    // others wait. Each comes as WebP in two widths.
    expect(html).toMatch(
      /<img src="\/home\/banner-1\.jpg"[^>]*loading="eager" fetchPriority="high"/i,
    );
    for (const n of [2, 3, 4]) {
      expect(html).toMatch(
        new RegExp(`<img src="/home/banner-${n}\\.jpg"[^>]*loading="lazy"`, 'i'),
      );
    }
    expect(html).toMatch(
      /srcSet="\/home\/banner-1-800\.webp 800w, \/home\/banner-1-1600\.webp 1600w"/i,
    );
    expect(html).toContain('href="/product-details/');
    expect(html).toContain('href="/shop/Alloy%20Grinders"');
    expect(html).toContain('Rated 5 out of 5');
    // The video does not weigh on the first load.
    expect(html).toMatch(/<video[^>]*preload="none"/);
  });

  test('the banner carousel advances by itself and by its buttons', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const first = page.getByRole('group', { name: '1 of 4' });
    await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(first.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    );
    await expect(bannerDot(page, 1)).toHaveAttribute('aria-current', 'true');

    await expect(bannerDot(page, 2)).toHaveAttribute('aria-current', 'true', {
      timeout: BANNER_ADVANCE_MS + SLACK_MS,
    });
    await expect(bannerDot(page, 1)).not.toHaveAttribute('aria-current', 'true');

    // The pointer on the carousel holds it, so the buttons alone move it now.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(bannerDot(page, 3)).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(bannerDot(page, 2)).toHaveAttribute('aria-current', 'true');
    await bannerDot(page, 4).click();
    await expect(bannerDot(page, 4)).toHaveAttribute('aria-current', 'true');
    await expect(
      page.getByRole('group', { name: '4 of 4' }).getByRole('link', { name: 'Start Shopping' }),
    ).toBeVisible();
  });

  test('the featured strip scrolls by its buttons', async ({ page }) => {
    // Without motion the strip stays put unless a button moves it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    await waitForHydration(page);
    const strip = featured(page);
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.getByRole('listitem')).toHaveCount(12);
    const start = await firstFeaturedX(page);

    await page.getByRole('button', { name: 'Scroll featured products right' }).click();
    await expect.poll(() => firstFeaturedX(page)).toBeLessThan(start - 100);
    await page.getByRole('button', { name: 'Scroll featured products left' }).click();
    await expect.poll(() => firstFeaturedX(page)).toBeCloseTo(start, 0);
  });

  test('the featured strip moves on by itself', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const start = await firstFeaturedX(page);
    await expect
      .poll(() => firstFeaturedX(page), { timeout: FEATURED_AUTO_SCROLL_MS + SLACK_MS })
      .toBeLessThan(start - 100);
  });

  test('a featured card opens its product, its title cut to 39 characters', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const strip = featured(page);
    // AG-220 'Twin-Station Alloy Grinder with Dust Hood' is one of the newest demo products.
    const card = strip.getByRole('article').filter({ hasText: '[AG-220]' });
    await expect(card).toContainText('Twin-Station Alloy Grinder with Dust Ho...');
    await expect(card).toContainText('$2,450.00');
    await expect(card.getByRole('link')).toHaveAttribute('href', '/product-details/AG-220');
    // Unavailable products are not advertised.
    await expect(strip).not.toContainText(/not available/i);
  });

  test('the testimonials carousel advances in groups', async ({ page, request, viewport }) => {
    const testimonials = (await (await request.get('/api/testimonials')).json()) as unknown[];
    expect(testimonials.length).toBeGreaterThan(TESTIMONIALS_PER_SLIDE);
    await page.goto('/home');
    await waitForHydration(page);
    const region = page.getByRole('region', { name: 'Testimonials', exact: true });
    await expect(region.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(
      testimonials.length,
    );
    const perSlide = (viewport?.width ?? 0) >= 1024 ? TESTIMONIALS_PER_SLIDE : 1;
    const dots = page.getByRole('button', {
      name: /^Go to testimonials page \d+$/,
      includeHidden: true,
    });
    // Wide screens: a slide is a group of three (phones show one card, and a count for dots).
    if (perSlide > 1) {
      await expect(dots).toHaveCount(Math.ceil(testimonials.length / perSlide));
    } else {
      await expect(region.getByText(`1 / ${testimonials.length}`)).toBeVisible();
    }
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', {
      timeout: TESTIMONIALS_ADVANCE_MS + SLACK_MS,
    });
  });

  test('a category tile opens that category in the shop', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const grid = page.getByRole('region', { name: 'Shop by Category' });
    // The first 11 categories and Show All.
    await expect(grid.getByRole('link')).toHaveCount(12);
    await grid.getByRole('link', { name: 'Polishing Lathes' }).click();
    await expect(page).toHaveURL(/\/shop\/Polishing%20Lathes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polishing Lathes' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: '[PL-30]' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: '[AG-210]' })).toHaveCount(0);
  });

  test('Show All opens the whole shop', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    await page
      .getByRole('region', { name: 'Shop by Category' })
      .getByRole('link', { name: 'Show All' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('Read More in the video banner opens About', async ({ page }) => {
    await page.goto('/home');
    await waitForHydration(page);
    const banner = page.getByRole('region', {
      name: 'Built, balanced and tested before it ever reaches your bench',
    });
    const video = banner.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveAttribute('loop', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('poster', '/home/workshop-loop-poster.webp');
    // It starts once it is in view.
    await banner.scrollIntoViewIfNeeded();
    await expect(video).toHaveJSProperty('paused', false);
    await banner.getByRole('link', { name: 'Read More' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
  });

  test('visitors who prefer less motion get the poster, not the video', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    await waitForHydration(page);
    const banner = page.getByRole('region', {
      name: 'Built, balanced and tested before it ever reaches your bench',
    });
    await banner.scrollIntoViewIfNeeded();
    // Nothing offers to pause what does not move; the video waits for Play.
    await expect(page.getByRole('button', { name: 'Pause slides' })).toHaveCount(0);
    const play = banner.getByRole('button', { name: 'Play background video' });
    await expect(play).toBeVisible();
    await expect(banner.locator('video')).toHaveJSProperty('paused', true);
    await play.click();
    await expect(banner.locator('video')).toHaveJSProperty('paused', false);
    await expect(banner.getByRole('button', { name: 'Pause background video' })).toBeVisible();
  });

  test('the bottom cards lead to contact, shop and about', async ({ page }) => {
    await page.goto('/home');
    const cards = page.getByRole('region', { name: 'Where to next' });
    await expect(cards.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(cards.getByRole('link', { name: 'Go to Shop' })).toHaveAttribute('href', '/shop');
    await expect(cards.getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/about-us',
    );
  });
});
