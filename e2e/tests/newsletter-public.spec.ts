import type { MailLogMessageDto, MailLogPageDto } from '@labshop/shared/schemas/content';
import {
  NEWSLETTER_MESSAGES,
  isSendRunning,
  type NewsletterQueued,
  type NewsletterSendDto,
  type SubscribersAnswer,
} from '@labshop/shared/schemas/newsletter';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  expectNoAccessibilityViolations,
  logIn,
  waitForHydration,
  waitForPartHydrated,
} from './fixtures.ts';

/**
 * The storefront's side of the newsletter: the footer's sign-up with its confirmation link, and
 * the signed unsubscribe link at the foot of every newsletter. The links are read from the mail
 * the shop kept (the e2e server's database mailer) through the admin's Mail API.
 */

function uniqueEmail(label: string): string {
  const project = test.info().project.name;
  return `${label}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@lab.example`;
}

/** A page signed in as the administrator, in its own browser context. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await logIn(page, ADMIN, '/home');
  return page;
}

/** The text of the newest mail to `to` whose subject matches, once the outbox has sent it. */
async function mailText(admin: Page, to: string, subject: string | RegExp): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        // A newsletter to every subscriber may push it past the first page.
        for (let page = 1; page <= 6 && !id; page += 1) {
          const response = await admin.request.get(`/api/admin/mail?page=${page}`);
          const mails = ((await response.json()) as MailLogPageDto).mails;
          id = mails.find(
            (mail) =>
              mail.to.toLowerCase() === to.toLowerCase() &&
              (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
          )?._id;
          if (mails.length === 0) break;
        }
        return id ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  const mail = (await (
    await admin.request.get(`/api/admin/mail/${id}`)
  ).json()) as MailLogMessageDto;
  return mail.textBody;
}

/** The first address in `text` on this site starting with `path`. */
function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s]+`).exec(text);
  expect(match, `a link to ${path} in the mail`).not.toBeNull();
  return new URL(match![0]);
}

async function subscriber(admin: Page, email: string) {
  const response = await admin.request.get(
    `/api/newsletter-subscribers?${new URLSearchParams({ search: email })}`,
  );
  const answer = (await response.json()) as SubscribersAnswer;
  return answer.subscribers.find((row) => row.email.toLowerCase() === email.toLowerCase());
}

test.describe('newsletter, storefront', () => {
  test("the footer sign-up's code loads only once the form comes near the viewport", async ({
    page,
  }) => {
    const signupCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/newsletter-signup-[\w-]+\.js$/.test(request.url())) {
        signupCode.push(request.url());
      }
    });
    await page.goto('/home');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(signupCode).toEqual([]);
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    // Until then the browser posts the form to its page itself (early-actions.spec.ts).
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/newsletter/signup');

    await form.scrollIntoViewIfNeeded();
    await waitForPartHydrated(form);
    expect(signupCode).toHaveLength(1);
  });

  test('the footer sign-up thanks, and the mailed link confirms the subscription', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('signup');
    // The page's own messages; the footer's sign-up form has live regions of its own.
    const main = page.getByRole('main');
    await page.goto('/home');
    await waitForHydration(page);
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    // The form's code loads as it comes near the viewport, as a visitor scrolls down to it; a
    // click before then posts the form to its page (early-actions.spec.ts).
    await form.scrollIntoViewIfNeeded();
    await waitForPartHydrated(form);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.emailRequired)).toBeVisible();

    await form.getByLabel('Name (optional)').fill('Signup Tester');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(NEWSLETTER_MESSAGES.signupThanks)).toBeVisible();
    await expect(form.getByLabel('E-mail')).toHaveValue('');

    // Not on the list until the link is used.
    const admin = await adminPage(browser);
    expect(await subscriber(admin, email)).toBeUndefined();

    const confirm = linkIn(await mailText(admin, email, /confirm/i), '/newsletter/confirm');
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(main.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.signupConfirmed);
    expect((await subscriber(admin, email))?.subscribed).toBe(true);

    // The same link with another expiry is refused; an expired one says so.
    const altered = new URL(confirm);
    altered.searchParams.set('expires', String(Date.now() + 60_000));
    await page.goto(`${altered.pathname}${altered.search}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(main.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.linkInvalid);
    altered.searchParams.set('expires', String(Date.now() - 60_000));
    await page.goto(`${altered.pathname}${altered.search}`);
    await expect(main.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.linkExpired);
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
    await admin.context().close();
  });

  test("a newsletter's unsubscribe link opens a page whose button unsubscribes", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const main = page.getByRole('main');
    const admin = await adminPage(browser);
    const email = uniqueEmail('reader');
    const added = await admin.request.post('/api/add-subscriber', {
      data: { displayName: 'Link Tester', email },
    });
    expect(added.status()).toBe(201);

    const subject = `Link test ${email}`;
    const queued = await admin.request.post('/api/newsletter', {
      data: { subject, content: '<p>News for the unsubscribe link test.</p>' },
    });
    expect(queued.status()).toBe(202);
    const { newsletter } = (await queued.json()) as NewsletterQueued;
    await expect
      .poll(
        async () => {
          const response = await admin.request.get(`/api/newsletters/${newsletter.id}`);
          return isSendRunning((await response.json()) as NewsletterSendDto);
        },
        { timeout: 30_000 },
      )
      .toBe(false);

    const text = await mailText(admin, email, subject);
    const link = linkIn(text, '/newsletter/unsubscribe');
    expect(link.searchParams.get('email')).toBe(email);

    // Opening the link changes nothing (mail scanners open links).
    await page.goto(`${link.pathname}${link.search}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Unsubscribe from the newsletter',
    );
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect((await subscriber(admin, email))?.subscribed).toBe(true);
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.unsubscribedPage);
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    expect((await subscriber(admin, email))?.subscribed).toBe(false);
    await admin.context().close();
  });

  test('the unsubscribe page works without JavaScript, and refuses a forged link', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const main = page.getByRole('main');
    const forged = new URLSearchParams({
      email: 'someone.else@lab.example',
      sig: 'bm90LWEtcmVhbC1zaWduYXR1cmU',
    });
    await page.goto(`/newsletter/unsubscribe?${forged}`);
    await expect(page.getByText('someone.else@lab.example')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(main.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.linkInvalid);
    await expect(main.getByRole('status')).not.toContainText(NEWSLETTER_MESSAGES.unsubscribedPage);
    // Pressing again would not help: the button is gone.
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);

    // A link without its signature says so at once.
    await page.goto('/newsletter/unsubscribe?email=someone.else%40lab.example');
    await expect(main.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.linkInvalid);
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await context.close();
  });
});
