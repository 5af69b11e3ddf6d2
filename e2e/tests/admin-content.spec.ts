import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  ADMIN,
  changingContactData,
  changingTextPage,
  expectNoAccessibilityViolations,
  fieldLabelled,
  logIn,
  waitForHydration,
  TINY_JPEG as JPEG,
} from './fixtures.ts';
import { answerAdminConfirm } from './admin-confirm.ts';

// A 4x4 PNG, for the browser-side check of the picture's type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN40KkN' +
    'RwzEcQCcIhlBdXj4zQAAAABJRU5ErkJggg==',
  'base64',
);

/** One mark per test and project: both projects run at once against one server. */
function uniqueMark(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
}

const field = fieldLabelled;
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openAsAdmin(page: Page, path: string) {
  await logIn(page, ADMIN, '/home');
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('admin content', () => {
  test('a text page written in the editor shows on its public route, with script as mere text', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    const mark = uniqueMark(testInfo);
    const heading = `Service hours ${mark}`;
    const script = `<script>window.__pwned = '${mark}'</script>`;
    // Any alert, confirm or prompt here would be the page running what was typed.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await openAsAdmin(page, '/admin/static?page=Support');
    await expect(page).toHaveTitle(/^Text Pages \| Admin \|/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Text Pages Management' }),
    ).toBeVisible();
    await expect(field(page, 'Page')).toHaveValue('Support');
    const view = page.getByRole('link', { name: /^View page/ });
    await expect(view).toHaveAttribute('href', '/support');

    const editor = page.getByRole('textbox', { name: 'Content of Support' });
    await expect(editor).toBeVisible({ timeout: 15_000 });
    await expectNoAccessibilityViolations(page);

    // The page goes back to what it said, for the other tests.
    await changingTextPage(page.request, 'Support', async () => {
      await editor.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      const toolbar = page.getByRole('toolbar', { name: 'Formatting for Content of Support' });
      await toolbar.getByRole('button', { name: 'Heading 2' }).click();
      await page.keyboard.type(heading);
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Bullet list' }).click();
      await page.keyboard.type('Grinders within two days');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Lathes within a week');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter'); // leaves the list
      await page.keyboard.type(script);
      await expect(editor.getByRole('heading', { level: 2 })).toHaveText(heading);
      await expect(page.getByText('Unsaved changes')).toBeVisible();

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(status(page, 'Page saved successfully!')).toBeVisible({ timeout: 15_000 });
      // The editor shows what the server stored.
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);
      await expect(editor.getByRole('heading', { level: 2 })).toHaveText(heading);
      await expect(editor.getByRole('listitem')).toHaveText([
        'Grinders within two days',
        'Lathes within a week',
      ]);
      await expect(editor).toContainText(script);

      // 'View page' opens the public route in a new tab.
      const [publicPage] = await Promise.all([context.waitForEvent('page'), view.click()]);
      await publicPage.waitForLoadState();
      expect(new URL(publicPage.url()).pathname).toBe('/support');
      await publicPage.close();

      const response = await page.goto('/support');
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(
        main.getByRole('listitem').filter({ hasText: 'Grinders within two days' }),
      ).toBeVisible();
      await expect(
        main.getByRole('listitem').filter({ hasText: 'Lathes within a week' }),
      ).toBeVisible();
      // The script arrives as text: shown, never run, no script element in the page's content.
      await expect(main.getByText(script)).toBeVisible();
      expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(await main.locator('script').count()).toBe(0);
      expect(dialogs).toEqual([]);
    });
  });

  test('a gallery picture added in the admin shows in the public gallery until deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const title = `Lab bench ${uniqueMark(testInfo)}`;
    const description = `A ${'very '.repeat(30)}long description of the bench at the browser tests' lab.`;
    await openAsAdmin(page, '/admin/gallery');
    await expect(page).toHaveTitle(/^Gallery \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery Management' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pictures' })).toBeVisible();

    // A file the browser calls PNG is refused before anything is sent.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/gallery')) {
        posts.push(request.url());
      }
    });
    await field(page, 'Picture').setInputFiles({
      name: 'bench.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByText('Only JPG images are allowed')).toBeVisible();
    await field(page, 'Title').fill(title);
    await field(page, 'Description').fill(description);
    await page.getByRole('button', { name: 'Add Picture' }).click();
    await expect(page.getByText('Only JPG images are allowed')).toBeVisible();
    expect(posts).toEqual([]);

    await field(page, 'Picture').setInputFiles({
      name: 'bench.jpg',
      mimeType: 'image/jpeg',
      buffer: JPEG,
    });
    await expect(page.getByText('Only JPG images are allowed')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Add Picture' }).click();
    await expect(status(page, 'Picture added successfully!')).toBeVisible({ timeout: 15_000 });
    await expect(field(page, 'Title')).toHaveValue('');
    await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toHaveCount(0);

    const card = page
      .getByRole('list', { name: 'Pictures' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name: title }),
      });
    await expect(card).toHaveCount(1);
    // The preview is the first 100 characters and '...'.
    await expect(card).toContainText(`${description.slice(0, 100)}...`);
    const image = card.getByRole('img', { name: title });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);

    await page.goto('/gallery');
    await waitForHydration(page);
    await expect(page.getByRole('img', { name: title })).toHaveCount(1);

    await page.goto('/admin/gallery');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this image?', 'Delete');
    await expect(status(page, 'Picture deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    await page.goto('/gallery');
    await waitForHydration(page);
    await expect(page.getByRole('img', { name: title })).toHaveCount(0);
  });

  test('a notification added in the admin is unread in the storefront bell until it is opened', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    const title = `Holiday hours ${uniqueMark(testInfo)}`;
    await openAsAdmin(page, '/admin/notifications');
    await expect(page).toHaveTitle(/^Notifications \| Admin \|/);

    // Blank fields are refused.
    await field(page, 'Title').fill('   ');
    await page.getByRole('button', { name: 'Add Notification' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await expect(page.getByText('Body is required.')).toBeVisible();

    await field(page, 'Title').fill(title);
    await field(page, 'Body').fill('The workshop closes at noon on Friday.');
    await page.getByRole('button', { name: 'Add Notification' }).click();
    await expect(status(page, 'Notification added successfully!')).toBeVisible({
      timeout: 15_000,
    });
    await expect(field(page, 'Title')).toHaveValue('');
    // Newest first: the new one heads the list.
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText(title);
    await expectNoAccessibilityViolations(page);

    const created = (
      (await (await page.request.get('/api/notifications')).json()) as {
        _id: string;
        title: string;
      }[]
    ).find((notification) => notification.title === title);
    expect(created).toBeDefined();

    // The storefront: unread in the bell (this browser has read nothing yet).
    await page.goto('/home');
    await waitForHydration(page);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const entry = panel.getByRole('listitem').filter({ hasText: title });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('New', { exact: true })).toBeVisible();
    // Opening the bell marked it read: its id is in the read cookie...
    await expect
      .poll(async () => {
        const cookie = (await context.cookies()).find((c) => c.name === '_notifications_read');
        return decodeURIComponent(cookie?.value ?? '').split('.');
      })
      .toContain(created!._id);
    // ...so after a reload it is no longer new.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const again = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({
      hasText: title,
    });
    await expect(again).toBeVisible();
    await expect(again.getByText('New', { exact: true })).toHaveCount(0);

    // Deleted again in the admin, after the confirm.
    await page.goto('/admin/notifications');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this notification?', 'Delete');
    await expect(status(page, 'Notification deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });

  test('contact data updated in the admin shows on the contact page', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const mark = uniqueMark(testInfo);
    await openAsAdmin(page, '/admin/contact');
    await expect(page).toHaveTitle(/^Contacts Data \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts Data' })).toBeVisible();
    await expect(field(page, 'Address')).not.toHaveValue('');
    await expectNoAccessibilityViolations(page);

    await changingContactData(page.request, async (original) => {
      await page.reload();
      await waitForHydration(page);
      await expect(field(page, 'Address')).toHaveValue(String(original.address));

      // The schema's messages, before anything is sent.
      await field(page, 'Email').fill('not-an-address');
      await field(page, 'Latitude').fill('95');
      await page.getByRole('button', { name: 'Update Contact' }).click();
      await expect(page.getByText('Invalid email format.')).toBeVisible();
      await expect(page.getByText('Latitude must be a number from -90 to 90.')).toBeVisible();

      const address = `1200 Test Avenue, Suite ${mark}, Toledo, OH 43604`;
      await field(page, 'Address').fill(address);
      await field(page, 'Phone').fill('+1 (419) 555-0199');
      await field(page, 'Email').fill('e2e-contact@labshop.example');
      await field(page, 'Latitude').fill('41.6528');
      await field(page, 'Longitude').fill('-83.5379');
      await page.getByRole('button', { name: 'Update Contact' }).click();
      await expect(status(page, 'Contact data was updated successfully!')).toBeVisible({
        timeout: 15_000,
      });

      // A new address with the coordinates left as they were: no geocoder here, so the form
      // says that the pin stayed where the old address put it.
      const movedAddress = `1300 Test Avenue, Suite ${mark}, Toledo, OH 43604`;
      await field(page, 'Address').fill(movedAddress);
      await page.getByRole('button', { name: 'Update Contact' }).click();
      await expect(status(page, 'Contact data was updated successfully!')).toContainText(
        'The map pin did not move',
        { timeout: 15_000 },
      );
      // A later save that moves the pin too says nothing of it.
      await field(page, 'Latitude').fill('41.66');
      await page.getByRole('button', { name: 'Update Contact' }).click();
      await expect(status(page, 'Contact data was updated successfully!')).not.toContainText(
        'The map pin did not move',
        { timeout: 15_000 },
      );

      await page.goto('/contact-us');
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect(main.getByText(movedAddress)).toBeVisible();
      await expect(main.getByRole('link', { name: '+1 (419) 555-0199' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'e2e-contact@labshop.example' })).toBeVisible();

      // The shell shows the Contacts Data too: the new number only, on a page the page cache
      // kept from before the change as well.
      for (const path of ['/contact-us', '/shop']) {
        await page.goto(path);
        const header = page.getByRole('banner');
        const footer = page.getByRole('contentinfo');
        await expect(
          header.getByRole('link', { name: 'Call us at +1 (419) 555-0199' }),
        ).toHaveAttribute('href', 'tel:+14195550199');
        await expect(footer.getByRole('link', { name: '+1 (419) 555-0199' })).toBeVisible();
        await expect(
          footer.getByRole('link', { name: 'e2e-contact@labshop.example' }),
        ).toBeVisible();
        await expect(footer.getByText(movedAddress)).toBeVisible();
        await expect(page.getByText(String(original.phone))).toHaveCount(0);
      }
    });
  });

  test('a message sent from the contact page can be read in the Mail screen', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const mark = uniqueMark(testInfo);
    const name = `Browser Test ${mark}`;
    const message = `Please send a quote for two vibrators (${mark}).`;

    await page.goto('/contact-us');
    await waitForHydration(page);
    await field(page, 'Name').fill(name);
    await field(page, 'Email').fill('buyer@dental-lab.example');
    await field(page, 'Phone').fill('+1 419 555 0100');
    await field(page, 'Inquiry type').selectOption('sales');
    await field(page, 'Message').fill(message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(status(page, 'Your message has been sent—thank you!')).toBeVisible({
      timeout: 15_000,
    });

    await openAsAdmin(page, '/admin/mail');
    await expect(page).toHaveTitle(/^Mail \| Admin \|/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    const subject = `Contact form: Sales from ${name}`;
    const row = page.getByRole('table', { name: 'Mail' }).getByRole('row').filter({
      hasText: subject,
    });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Kept');
    await expect(row).toContainText('Database');
    await expectNoAccessibilityViolations(page);

    await row.getByRole('button', { name: subject }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('pre')).toContainText(message);
    await expect(dialog.locator('pre')).toContainText('Email: buyer@dental-lab.example');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a testimonial added in the admin shows on the home page until deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const mark = uniqueMark(testInfo);
    const name = `Dana Tester ${mark}`;
    const text = `The trimmer has run every day for a year (${mark}).`;
    await openAsAdmin(page, '/admin/testimonials');
    await expect(page).toHaveTitle(/^Testimonials \| Admin \|/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'User Testimonial Management' }),
    ).toBeVisible();

    await field(page, 'Name').fill(name);
    await field(page, 'Position').fill('Lab owner, Toledo');
    await field(page, 'Text').fill(text);
    await field(page, 'Image URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    await expect(
      page.getByText('Image URL must be a web address starting with https://, http:// or /.'),
    ).toBeVisible();
    await field(page, 'Image URL').fill('');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    await expect(status(page, 'Testimonial added successfully!')).toBeVisible({
      timeout: 15_000,
    });
    const card = page.getByRole('list', { name: 'Testimonials' }).getByRole('listitem').filter({
      hasText: text,
    });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expectNoAccessibilityViolations(page);

    await page.goto('/home');
    await waitForHydration(page);
    // In the carousel (perhaps on a later slide than the one in view).
    const carousel = page.getByRole('region', { name: 'Testimonials' });
    await expect(carousel).toContainText(text);
    await expect(carousel).toContainText(name);

    await page.goto('/admin/testimonials');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Delete the testimonial of ${name}` }).click();
    await answerAdminConfirm(page, 'Are you sure you want to delete this testimonial?', 'Delete');
    await expect(status(page, 'Testimonial deleted successfully!')).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);

    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Testimonials' })).not.toContainText(text);
  });
});
