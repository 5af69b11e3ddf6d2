import {
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_CSV_COLUMNS,
  type NewsletterSendDto,
} from '@labshop/shared/schemas/newsletter';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { answerAdminConfirm } from './admin-confirm.ts';
import { parseCsv } from './erp-helpers.ts';
import { ADMIN, expectNoAccessibilityViolations, logIn, waitForHydration } from './fixtures.ts';

/**
 * The admin's Newsletter screen against the shared e2e server (the database mailer: a send ends
 * within seconds). Both screen sizes run at once on one server and other specs add subscribers,
 * so each test works on addresses and subjects of its own and never counts the whole list.
 */

/** An address and a subject no other test (or screen size, or earlier run) uses. */
function unique(label: string): string {
  const project = test.info().project.name;
  return `${label}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function openNewsletter(page: Page, path = '/admin/newsletter') {
  await logIn(page, ADMIN, '/home');
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
}

const subscribersTable = (page: Page) => page.getByRole('table', { name: 'Subscribers' });
const subscriberRow = (page: Page, email: string) =>
  subscribersTable(page).getByRole('row').filter({ hasText: email });
/** The row's status badge: in its column from tablet width up, under the name on phones. */
const statusOf = (row: Locator) =>
  row.getByText(/^(Subscribed|Unsubscribed)$/).filter({ visible: true });
const subscriberCount = (page: Page) => page.getByTestId('subscriber-count');

async function searchSubscribers(page: Page, search: string) {
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(search);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === search);
}

async function addSubscriber(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Add a subscriber' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Add Subscriber' }).click();
  return form;
}

test.describe('admin newsletter', () => {
  test('adds a subscriber, finds it, unsubscribes and subscribes it from its row, and exports it', async ({
    page,
  }) => {
    await openNewsletter(page);
    await expect(page).toHaveTitle(/^Newsletter \| Admin \|/);
    const name = unique('Reader');
    const email = `${unique('news').toLowerCase()}@lab.example`;

    const add = await addSubscriber(page, name, email);
    await expect(add.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.added);
    await expect(add.getByLabel('Email')).toHaveValue('');

    // The same address again, in capitals: refused with the reason.
    await addSubscriber(page, 'Someone Else', email.toUpperCase());
    await expect(add.getByRole('alert')).toContainText(NEWSLETTER_MESSAGES.addFailed);
    await expect(add.getByRole('alert')).toContainText('already on the list');

    // The search finds it by part of the name, in another letter case.
    await searchSubscribers(page, name.toUpperCase());
    await expect(subscriberCount(page)).toHaveText(/^1 address matches “/);
    await expect(subscribersTable(page).getByRole('row')).toHaveCount(2);
    const row = subscriberRow(page, email);
    await expect(statusOf(row)).toHaveText('Subscribed');

    // Unsubscribe from the row: the same row changes in place.
    await row.getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await expect(page.getByText(NEWSLETTER_MESSAGES.unsubscribed(email))).toBeVisible();
    await expect(statusOf(row)).toHaveText('Unsubscribed');
    await expect(subscribersTable(page).getByRole('row')).toHaveCount(2);
    await expect(
      row.getByRole('button', { name: `Subscribe ${email}`, exact: true }),
    ).toBeVisible();

    // And back.
    await row.getByRole('button', { name: `Subscribe ${email}`, exact: true }).click();
    await expect(page.getByText(NEWSLETTER_MESSAGES.subscribed(email))).toBeVisible();
    await expect(statusOf(row)).toHaveText('Subscribed');
    await expect(row.getByRole('button', { name: `Unsubscribe ${email}` })).toBeVisible();

    // Export CSV: subscribers.csv with the header and the one match.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('subscribers.csv');
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual([...SUBSCRIBER_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 3)).toEqual([name, email, 'true']);
    expect(Number.isNaN(Date.parse(rows[0]?.[3] ?? ''))).toBe(false);

    await expectNoAccessibilityViolations(page);
  });

  test('the unsubscribe form checks the address and unsubscribes it', async ({ page }) => {
    await openNewsletter(page);
    const name = unique('Leaver');
    const email = `${unique('leaver').toLowerCase()}@lab.example`;
    await addSubscriber(page, name, email);
    await expect(
      page.getByRole('form', { name: 'Add a subscriber' }).getByRole('status'),
    ).toHaveText(NEWSLETTER_MESSAGES.added);
    await searchSubscribers(page, email);
    await expect(statusOf(subscriberRow(page, email))).toHaveText('Subscribed');

    const form = page.getByRole('form', { name: 'Unsubscribe an address' });
    await form.getByLabel('Email').fill('not an address');
    await form.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeVisible();

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.unsubscribed(email));
    // The table below shows it too, without a reload.
    await expect(statusOf(subscriberRow(page, email))).toHaveText('Unsubscribed');

    const nobody = `${unique('nobody').toLowerCase()}@lab.example`;
    await form.getByLabel('Email').fill(nobody);
    await form.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(form.getByRole('alert')).toContainText(
      NEWSLETTER_MESSAGES.unsubscribeFailed(nobody),
    );
    await expect(form.getByRole('alert')).toContainText(NEWSLETTER_MESSAGES.notFound(nobody));
  });

  test('pages through the subscribers, and says when none match', async ({ page }) => {
    await openNewsletter(page);
    // The demo list is more than two pages of 10.
    await expect(subscriberCount(page)).toHaveText(
      /^\d+ addresses \(\d+ subscribed, \d+ unsubscribed\), page 1 of \d+\.$/,
    );
    await expect(subscribersTable(page).getByRole('row')).toHaveCount(11);
    const pager = page.getByRole('navigation', { name: 'Subscriber pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(subscriberCount(page)).toContainText(', page 2 of ');
    await expect(pager).toContainText('Page 2 of');
    // Other tests add subscribers meanwhile (newest first), so the rows are not compared.
    await expect(subscribersTable(page).getByRole('row')).not.toHaveCount(0);

    // A reload keeps the page.
    await page.reload();
    await waitForHydration(page);
    await expect(subscriberCount(page)).toContainText(', page 2 of ');

    await searchSubscribers(page, 'no-such-subscriber-anywhere');
    await expect(page).not.toHaveURL(/page=/);
    await expect(subscriberCount(page)).toHaveText(NEWSLETTER_MESSAGES.empty);
    await expect(subscribersTable(page)).toHaveCount(0);
  });

  test('sends a newsletter and follows its progress to the outcome', async ({ page }) => {
    test.setTimeout(60_000);
    await openNewsletter(page);
    const subject = `News ${unique('e2e')}`;
    const form = page.getByRole('form', { name: 'Send a newsletter' });

    // Both fields are required.
    await form.getByRole('button', { name: 'Send Newsletter' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.subjectRequired)).toBeVisible();
    await expect(form.getByText(NEWSLETTER_MESSAGES.contentRequired)).toBeVisible();

    await form.getByLabel('Subject').fill(subject);
    const editor = page.getByRole('textbox', { name: 'Newsletter content' });
    await editor.click();
    await editor.pressSequentially('New polishing lathes are in stock.');
    await form.getByRole('button', { name: 'Send Newsletter' }).click();
    await answerAdminConfirm(page, `Send “${subject}” to every subscribed address now?`, 'Send');

    // The queued message ("being sent to N") belongs to the send while it runs: the database
    // mailer ends it within a second, so the outcome is what the test can count on seeing.
    const bar = page.getByRole('progressbar', { name: `Progress of “${subject}”` });
    await expect(bar).toBeVisible();
    await expect(page.getByTestId('send-count')).toHaveText(/^[\d,]+ \/ [\d,]+ sent$/);
    // The database mailer keeps every mail: the send ends within seconds.
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByText(/^Sent to [\d,]+ of [\d,]+ subscribers?\.$/)).toBeVisible();
    // (The editor's toolbar has a status line of its own: the message is found by its text.)
    await expect(form.getByText(/^The newsletter is being sent to/)).toHaveCount(0);
    await expect(form.getByLabel('Subject')).toHaveValue('');

    const recent = page.getByRole('table', { name: 'Recent sends' });
    const sendRow = recent.getByRole('row').filter({ hasText: subject });
    await expect(sendRow.getByText('Sent', { exact: true })).toBeVisible();

    // The send as the API tells it: every recipient handled, none left.
    const answer = (await (await page.request.get('/api/newsletters')).json()) as {
      newsletters: NewsletterSendDto[];
    };
    const send = answer.newsletters.find((entry) => entry.subject === subject);
    expect(send?.status).toBe('sent');
    expect(send?.remaining).toBe(0);
    expect(send?.total).toBeGreaterThan(0);
    await expect(page.getByTestId('send-count')).toHaveText(
      `${send?.sent.toLocaleString('en-US')} / ${send?.total.toLocaleString('en-US')} sent`,
    );

    // After a reload the send is in the list; choosing it shows its outcome again.
    await page.reload();
    await waitForHydration(page);
    await recent.getByRole('button', { name: subject }).click();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expectNoAccessibilityViolations(page);
  });
});
