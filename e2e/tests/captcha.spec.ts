import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server.ts';
import { startFakeRecaptcha, type FakeRecaptcha } from '../../apps/server/test/fakes/recaptcha.ts';
import { waitForHydration } from './fixtures.ts';

/**
 * The contact form with reCAPTCHA v3 switched on, end to end: the page loads the captcha script
 * (allowed by its CSP), asks for a token for the action contact_submit when the form is sent,
 * and the server checks that token with the verifier. Both are the local fake of Google's
 * service (apps/server/test/fakes/recaptcha.ts), on their own shop server.
 */
const port = Number(process.env.E2E_CAPTCHA_PORT ?? 3919);
const SECRET = 'e2e-captcha-secret';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;
let recaptcha: FakeRecaptcha;
let server: BuiltServer;

test.beforeAll(async () => {
  // A fresh server seeds the demo catalogue (images included) before it is ready: on a loaded
  // two-core machine that can take longer than a hook's default 30 s.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-captcha-'));
  recaptcha = await startFakeRecaptcha({ secret: SECRET, hostname: '127.0.0.1' });
  server = await startBuiltServer({
    port,
    dataDir,
    env: {
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_SECRET: SECRET,
      RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl,
      RECAPTCHA_SCRIPT_URL: recaptcha.scriptUrl,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await recaptcha?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function sendContactForm(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Name').fill('Lee Novak');
  await field('Email').fill('lee@novak-dental.example');
  await field('Phone').fill('+1 312 555 0188');
  await field('Inquiry type').selectOption('support');
  await field('Message').fill('Our VB-20 vibrator hums but does not shake.');
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test('the contact form sends with a captcha token that the server verifies', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      blocked.push(message.text());
    }
  });
  await page.goto(`${server.origin}/contact-us`);
  await waitForHydration(page);

  await sendContactForm(page);
  await expect(page.getByText('Your message has been sent—thank you!')).toBeVisible({
    timeout: 15_000,
  });
  const verified = recaptcha.verifications.at(-1);
  expect(verified?.secret).toBe(SECRET);
  expect(verified?.response).toMatch(/^fake:contact_submit:/);
  expect(blocked).toEqual([]);
});

test('a token that scores too low is refused with the spec message', async ({ page }) => {
  recaptcha.browserScore = 0.1;
  try {
    await page.goto(`${server.origin}/contact-us`);
    await waitForHydration(page);
    await sendContactForm(page);
    await expect(page.getByText('Captcha failed. Please refresh and try again.')).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    recaptcha.browserScore = 0.9;
  }
});

test('when the verifier fails, the form says the captcha is not available', async ({ page }) => {
  recaptcha.setMode('error');
  try {
    await page.goto(`${server.origin}/contact-us`);
    await waitForHydration(page);
    await sendContactForm(page);
    await expect(
      page.getByText('Captcha not available. Please refresh and try again.'),
    ).toBeVisible({ timeout: 15_000 });
  } finally {
    recaptcha.setMode('ok');
  }
});
