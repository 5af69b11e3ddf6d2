import { expect, test, type Page } from '@playwright/test';
import {
  exclusively,
  expectNoAccessibilityViolations,
  fieldLabelled,
  waitForHydration,
} from './fixtures.ts';

// Demo content facts (apps/server/src/db/seed/content-data.ts).
const LONG_PICTURE = {
  title: 'Assembly Floor',
  description:
    'Every grinder, lathe and trimmer is assembled by hand on our floor in Toledo, where the same team checks each machine from the first bolt to the final run test.',
};
const SHORT_PICTURE = {
  title: 'Motor Testing',
  description: 'Each motor runs for a full hour under load before it is mounted.',
};
const CONTACT = {
  address: '1250 Industrial Pkwy, Toledo, OH 43612',
  phone: '+1 (419) 555-0142',
  email: 'sales@labshop.example',
};
const SEEDED_NOTIFICATIONS = [
  'New variable-speed lathe',
  'Holiday shipping schedule',
  'Coupon for first orders',
  'Filter cartridges restocked',
  'Service and repair',
];

/** Each text page: its route, its <title>, and a heading and a sentence of its demo text. */
const TEXT_PAGES = [
  {
    path: '/about-us',
    title: 'About Us',
    heading: 'Over 80 years of dental laboratory equipment',
    text: 'every machine we sell is designed, built and tested in the USA',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    heading: 'Privacy Policy',
    text: 'We do not sell personal information.',
  },
  {
    path: '/cookies-policy',
    title: 'Cookies Policy',
    heading: 'Cookies Policy',
    text: 'none of them are used for advertising',
  },
  {
    path: '/terms-of-use',
    title: 'Terms of Use',
    heading: 'Terms of Use',
    text: 'By using this website you agree to these terms.',
  },
  {
    path: '/terms-of-purchase',
    title: 'Terms of Purchase',
    heading: 'Terms of Purchase',
    text: 'Prices are in US dollars and exclude shipping unless stated otherwise.',
  },
  {
    path: '/faq',
    title: 'FAQ',
    heading: 'Frequently Asked Questions',
    text: 'Most bench machines run on 115 V, 60 Hz.',
  },
  {
    path: '/partners',
    title: 'Partners',
    heading: 'Partners',
    text: 'Commercial dental laboratories, dental technology schools, and dealers who sell to them.',
  },
  {
    path: '/support',
    title: 'Support',
    heading: 'Support',
    text: 'Our support team helps with setup, maintenance, troubleshooting and repairs',
  },
] as const;

const field = fieldLabelled;

/** The field's error: shown, and tied to the field for screen readers. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

test.describe('the gallery', () => {
  test('a thumbnail opens the lightbox with its caption; Escape closes it', async ({ page }) => {
    await page.goto('/gallery');
    await waitForHydration(page);
    await expect(page).toHaveTitle(/^Gallery \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    const thumbnail = page.getByRole('button', { name: LONG_PICTURE.title, exact: true });
    await expect(thumbnail.getByRole('img', { name: LONG_PICTURE.title })).toBeVisible();
    // Stored pictures offer their WebP variants, and JPEG ones to browsers without WebP.
    await expect(thumbnail.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /-w400\.webp 400w/,
    );
    await expect(thumbnail.getByRole('img')).toHaveAttribute('srcset', /-w400\.jpg 400w/);
    await expectNoAccessibilityViolations(page);

    await thumbnail.click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(LONG_PICTURE.title, { exact: true })).toBeVisible();
    // The viewer shows a resized variant too, not the 1600 px original on every screen.
    const shown = viewer.getByRole('img', { name: LONG_PICTURE.title });
    await expect
      .poll(() => shown.evaluate((element: HTMLImageElement) => element.currentSrc))
      .toMatch(/-w800\.webp$|\.jpg$/);
    // The description is cut to 120 characters, then '...'.
    const cut = `${LONG_PICTURE.description.slice(0, 120)}...`;
    await expect(viewer.getByText(cut, { exact: true })).toBeVisible();
    await expect(viewer.getByText(LONG_PICTURE.description, { exact: true })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Focus is back on the picture the visitor opened.
    await expect(thumbnail).toBeFocused();

    // A short description shows whole; the keyboard opens a picture too.
    const short = page.getByRole('button', { name: SHORT_PICTURE.title, exact: true });
    await short.focus();
    await page.keyboard.press('Enter');
    await expect(viewer.getByText(SHORT_PICTURE.description, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('the lightbox is not part of the first load', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/gallery');
    await waitForHydration(page);
    const before = scripts.length;
    await page.getByRole('button', { name: LONG_PICTURE.title, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(before);
  });
});

test.describe('the text pages', () => {
  for (const textPage of TEXT_PAGES) {
    test(`${textPage.path} shows its text, in the HTML too`, async ({ page, request }) => {
      const check = async () => {
        const html = await (await request.get(textPage.path)).text();
        expect(html).toContain(textPage.text);

        const response = await page.goto(textPage.path);
        expect(response?.status()).toBe(200);
        await waitForHydration(page);
        await expect(page).toHaveTitle(new RegExp(`^${textPage.title} \\|`));
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1, name: textPage.title })).toHaveCount(1);
        await expect(
          main.getByRole('heading', { level: 2, name: textPage.heading, exact: true }),
        ).toBeVisible();
        await expect(main.getByText(textPage.text)).toBeVisible();
      };
      // The admin test edits Support for a moment.
      await (textPage.path === '/support' ? exclusively('text-page-support', check) : check());
    });
  }

  test('the About page has its fixed introduction and no accessibility violations', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await waitForHydration(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(
      main.getByText('American manufacturer of dental laboratory equipment'),
    ).toBeVisible();
    await expect(main.getByText('Toledo, Ohio', { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('the About and Privacy pages show Loading... while their text loads', async ({ page }) => {
    await page.goto('/gallery');
    await waitForHydration(page);
    // The text takes a moment to arrive, so that the spinner can be seen.
    await page.route('**/api/text_pages/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Over 80 years of dental laboratory equipment' }),
    ).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);

    await footer.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.getByText('We do not sell personal information.')).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Privacy Policy \|/);
  });
});

test.describe('the contact page', () => {
  test('shows the contact data and a map with a marker', async ({ page }) => {
    await exclusively('contact-data', async () => {
      await page.goto('/contact-us');
      await waitForHydration(page);
      await expect(page).toHaveTitle(/^Contact Us \|/);
      const main = page.getByRole('main');
      await expect(main.getByText(CONTACT.address, { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: CONTACT.phone })).toHaveAttribute(
        'href',
        'tel:+14195550142',
      );
      await expect(main.getByRole('link', { name: CONTACT.email })).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      );
      // The header and footer show the same contact data (Contacts Data is their one source).
      await expect(
        page.getByRole('banner').getByRole('link', { name: `Call us at ${CONTACT.phone}` }),
      ).toHaveAttribute('href', 'tel:+14195550142');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: CONTACT.phone })).toBeVisible();
      await expect(footer.getByRole('link', { name: CONTACT.email })).toBeVisible();
      await expect(footer.getByText(CONTACT.address)).toBeVisible();

      // The map loads as its box comes near the viewport (below the fold on a phone).
      await main.locator('[data-map-box]').scrollIntoViewIfNeeded();
      const marker = main.locator('.leaflet-marker-icon');
      await expect(marker).toBeVisible({ timeout: 15_000 });
      await expect(marker).toHaveAttribute('alt', `Our location: ${CONTACT.address}`);
      // The tiles come from MAP_TILE_URL (here the stand-in global-setup.ts starts): the CSP lets
      // the page load them, and Leaflet marks each one loaded.
      await expect(main.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      await marker.click();
      await expect(main.locator('.leaflet-popup-content')).toContainText(CONTACT.address);
    });
  });

  test('shows each validation message once a field is left, and all on an invalid submit', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent.push(request.method());
    });
    await page.goto('/contact-us');
    await waitForHydration(page);

    // Nothing is said before a field is touched.
    await expect(page.getByText('Name is required.')).toHaveCount(0);
    await field(page, 'Name').focus();
    await field(page, 'Email').focus();
    await expectFieldError(page, 'Name', 'Name is required.');
    await expect(page.getByText('Email is required.')).toHaveCount(0);

    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Email').blur();
    await expectFieldError(page, 'Email', 'Invalid email format.');

    await field(page, 'Phone').fill('12345');
    await field(page, 'Phone').blur();
    await expectFieldError(page, 'Phone', 'Phone number is too short.');
    await field(page, 'Phone').fill('call me maybe');
    await expectFieldError(
      page,
      'Phone',
      'Please enter a valid phone number (digits, spaces, +, (), -).',
    );

    // An invalid submit reports every field, sends nothing, and goes to the first error.
    await field(page, 'Email').fill('');
    await field(page, 'Phone').fill('');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectFieldError(page, 'Name', 'Name is required.');
    await expectFieldError(page, 'Email', 'Email is required.');
    await expectFieldError(page, 'Phone', 'Phone number is required.');
    await expectFieldError(page, 'Inquiry type', 'Please select an inquiry type.');
    await expectFieldError(page, 'Message', 'Message cannot be empty.');
    await expect(field(page, 'Name')).toBeFocused();
    await expectNoAccessibilityViolations(page);

    // Fixing a field takes its message away.
    await field(page, 'Inquiry type').selectOption('support');
    await expect(page.getByText('Please select an inquiry type.')).toHaveCount(0);
    await expect(field(page, 'Inquiry type')).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test('sends a message, saying so while sending, and empties the form', async ({ page }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    let body: Record<string, unknown> | null = null;
    // A moment's delay, so that 'Sending…' can be seen.
    await page.route('**/api/contact', async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });

    await field(page, 'Name').fill('Dana Whitaker');
    await field(page, 'Email').fill('dana@dental-lab.example');
    await field(page, 'Phone').fill('+1 (419) 555-0100');
    await field(page, 'Inquiry type').selectOption('sales');
    await field(page, 'Message').fill('Please send a quote for a PL-30 lathe.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your message has been sent—thank you!' }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(body).toMatchObject({
      name: 'Dana Whitaker',
      email: 'dana@dental-lab.example',
      phone: '+1 (419) 555-0100',
      inquiryType: 'sales',
      message: 'Please send a quote for a PL-30 lathe.',
      companyFax: '',
    });
    for (const label of ['Name', 'Email', 'Phone', 'Inquiry type', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    // A fresh form says nothing until it is touched again.
    await expect(page.getByText('Name is required.')).toHaveCount(0);
  });

  test("shows the server's error text, else a general failure", async ({ page }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    const answers = [
      {
        status: 400,
        body: JSON.stringify({ error: 'Captcha failed. Please refresh and try again.' }),
      },
      { status: 502, body: '<html>Bad gateway</html>' },
    ];
    await page.route('**/api/contact', async (route) => {
      const answer = answers.shift()!;
      await route.fulfill({ status: answer.status, body: answer.body, contentType: 'text/plain' });
    });
    await field(page, 'Name').fill('Dana Whitaker');
    await field(page, 'Email').fill('dana@dental-lab.example');
    await field(page, 'Phone').fill('4195550100');
    await field(page, 'Inquiry type').selectOption('general');
    await field(page, 'Message').fill('Hello');

    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Captcha failed. Please refresh and try again.' }),
    ).toBeVisible();
    // The form keeps what was typed, to try again.
    await expect(field(page, 'Name')).toHaveValue('Dana Whitaker');
    await send.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to send. Please try again later.' }),
    ).toBeVisible();
  });

  test('a filled hidden trap field blocks sending', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent.push(request.method());
    });
    await page.goto('/contact-us');
    await waitForHydration(page);
    // The footer's newsletter form has a trap of its own: this is the contact form's.
    const trap = page
      .getByRole('form', { name: 'Send us a message' })
      .locator('input[name="companyFax"]');
    // Out of sight and out of the tab order: only a robot fills it.
    await expect(trap).not.toBeInViewport();
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await trap.fill('+1 555 0100', { force: true });

    await field(page, 'Name').fill('Form Robot');
    await field(page, 'Email').fill('robot@spam.example');
    await field(page, 'Phone').fill('4195550100');
    await field(page, 'Inquiry type').selectOption('other');
    await field(page, 'Message').fill('Buy cheap watches');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid request.' })).toBeVisible();
    expect(sent).toEqual([]);
  });
});

test.describe('the notifications bell', () => {
  test('shows the notifications as unread until it is opened, also after a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/home');
    await waitForHydration(page);
    // A new visitor has read nothing.
    const unreadBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(unreadBell).toBeVisible();
    await expect(unreadBell).toHaveAttribute('aria-expanded', 'false');
    const count = Number((await unreadBell.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(count).toBeGreaterThanOrEqual(SEEDED_NOTIFICATIONS.length);
    await expect(page.getByTestId('notifications-unread')).toHaveText(
      count > 9 ? '9+' : String(count),
    );

    await unreadBell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    // Newest first, each with its body and date, marked new.
    const titles = await panel.getByRole('heading', { level: 3 }).allTextContents();
    const seededOrder = titles.filter((title) => SEEDED_NOTIFICATIONS.includes(title));
    expect(seededOrder).toEqual(SEEDED_NOTIFICATIONS);
    const newest = panel.getByRole('listitem').filter({ hasText: SEEDED_NOTIFICATIONS[0] });
    await expect(newest).toContainText(
      'The PL-30 polishing lathe with foot control is now in stock.',
    );
    await expect(newest.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(newest.getByText('New', { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Opening marked everything read: no badge, and the cookie remembers it.
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === '_notifications_read');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    await page.reload();
    await waitForHydration(page);
    // Only a notification another test added meanwhile could be unread now; the seeded ones
    // are read.
    const readIds = new Set(decodeURIComponent(cookie!.value).split('.'));
    const current = (await (await page.request.get('/api/notifications?limit=20')).json()) as {
      _id: string;
    }[];
    const stillUnread = current.filter((notification) => !readIds.has(notification._id)).length;
    await expect(
      page.getByRole('button', {
        name: stillUnread ? `Notifications, ${stillUnread} unread` : 'Notifications',
        exact: true,
      }),
    ).toBeVisible();
    expect(stillUnread).toBeLessThan(count);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    for (const title of SEEDED_NOTIFICATIONS) {
      const entry = panel.getByRole('listitem').filter({ hasText: title });
      await expect(entry).toBeVisible();
      await expect(entry.getByText('New', { exact: true })).toHaveCount(0);
    }
  });

  test('closes on a click elsewhere and on a navigation', async ({ page }) => {
    await page.goto('/gallery');
    await waitForHydration(page);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('region', { name: 'Notifications' });
    await bell.click();
    await expect(panel).toBeVisible();
    // Anywhere outside the list: on a phone it covers most of the page.
    await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5);
    await expect(panel).toBeHidden();

    await bell.click();
    await expect(panel).toBeVisible();
    // A link followed from the keyboard: no click elsewhere, only the navigation.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(panel).toBeHidden();
  });
});
