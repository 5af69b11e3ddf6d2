import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

/** Dollars as the shop shows them: $1,295.00. */
export const usd = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Waits until React has hydrated the page (root.tsx sets the marker). */
export async function waitForHydration(page: Page): Promise<void> {
  // The code starts after the page has loaded (decision 009), then loads and runs its chunks:
  // on a slow, busy machine that took more than the usual 10 s.
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
}

/**
 * Waits until React has hydrated `part`. A part whose code loads only when it comes near the
 * viewport (the footer's sign-up) works as a plain form until then (decision 013): a test of
 * what its code does waits for it. React marks each DOM node it has taken over with a key of
 * its own; the server's HTML has none.
 */
export async function waitForPartHydrated(part: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        part.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react'))),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Fails on any WCAG 2.1 A/AA violation axe-core finds on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
}

// The embedded provider's demo accounts, as README.md lists them.
export const ADMIN = {
  email: 'admin@labshop.example',
  password: 'admin-demo',
  name: 'Shop Administrator',
};
export const PARTNER = {
  email: 'orders@brightsmile-lab.example',
  password: 'partner-demo',
  name: 'Bright Smile Dental Lab',
};
export const OTHER_PARTNER = {
  email: 'purchasing@northside-dental.example',
  password: 'partner-demo',
  name: 'Northside Dental Studio',
};

/** On a phone the account links sit in the menu; open it when it is there. */
export async function openAccountArea(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
}

export async function fillProviderLogin(page: Page, account: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Logs in through the header of `from` and the provider's form, and waits to be back there. The
 * tests of the login itself use this; the others use `logIn`, which signs in once per account.
 */
export async function logInWithForm(
  page: Page,
  account: { email: string; password: string },
  from = '/home',
) {
  await page.goto(from);
  await waitForHydration(page);
  await openAccountArea(page);
  await page.getByRole('link', { name: 'Login' }).click();
  await fillProviderLogin(page, account);
  await expect(page).toHaveURL(new RegExp(`${from.replace('?', '\\?')}$`));
  await waitForHydration(page);
}

/** The session cookie's name on an http test server (COOKIES.session). */
const SESSION_COOKIE = 'labshop_session';

/**
 * Opens `from` signed in as `account`. The first test of the run to ask, on each server, signs in
 * through the form (logInWithForm) and keeps the session; later ones start with that session's
 * cookie, as a returning visitor's browser would. A session is the server's, so tests and both
 * screen sizes share it; a saved session the server no longer knows (a spec's own server that
 * restarted on the same port) is replaced. No test that uses this logs out (login.spec.ts logs in
 * with its own form).
 */
export async function logIn(
  page: Page,
  account: { email: string; password: string },
  from = '/home',
) {
  // Which server this test talks to: the project's, or a spec's own (test.use({ baseURL })).
  await page.goto(from, { waitUntil: 'commit' });
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([await savedSession(page, account, origin)]);
  await page.goto(from);
  await waitForHydration(page);
}

type SavedCookie = Parameters<BrowserContext['addCookies']>[0][number];

async function savedSession(
  page: Page,
  account: { email: string; password: string },
  origin: string,
): Promise<SavedCookie> {
  const base = process.env.E2E_DATA_DIR;
  if (!base) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  const name = `session-${new URL(origin).host.replace(/\W/g, '-')}-${account.email}`;
  const file = path.join(base, `e2e-${name}.json`);
  return exclusively(name, async () => {
    const saved = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as SavedCookie,
      () => undefined,
    );
    if (saved && (await signedInAs(origin, saved)) === account.email) return saved;
    // Not signed in on this server yet: sign in in a context of its own (this page stays as is).
    const browser = page.context().browser();
    if (!browser) throw new Error('logIn needs a browser context');
    const context = await browser.newContext({ baseURL: origin });
    try {
      await logInWithForm(await context.newPage(), account);
      const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE);
      if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie after signing in`);
      await writeFile(file, JSON.stringify(cookie));
      return cookie;
    } finally {
      await context.close();
    }
  });
}

/** Whose session `cookie` is on the server at `origin` (GET /api/me), if anyone's. */
async function signedInAs(origin: string, cookie: SavedCookie): Promise<string | undefined> {
  const response = await fetch(`${origin}/api/me`, {
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  });
  if (!response.ok) return undefined;
  const me = (await response.json()) as { user?: { email: string } | null };
  return me.user?.email;
}

/**
 * Runs `run` while holding a lock named `name`: a directory beside the test server's data. The
 * desktop and phone projects run at once against one server; tests that change a shop-wide
 * record (the contact data, a text page) hold its lock, and tests that read that record's demo
 * text take the same lock, so neither sees the other's change.
 */
export async function exclusively<T>(name: string, run: () => Promise<T>): Promise<T> {
  const base = process.env.E2E_DATA_DIR;
  if (!base) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  const lock = path.join(base, `e2e-lock-${name}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`The lock ${lock} was not released.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await run();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Runs `run` holding the contact data's lock, then puts back the contact data found before,
 * whatever `run` did. `admin` is an administrator's request context.
 */
export async function changingContactData<T>(
  admin: APIRequestContext,
  run: (original: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  return exclusively('contact-data', async () => {
    const original = (await (await admin.get('/api/contact-data')).json()) as Record<
      string,
      unknown
    >;
    try {
      return await run(original);
    } finally {
      const restored = await admin.put('/api/contact-data', {
        data: {
          address: original.address,
          phone: original.phone,
          email: original.email,
          ...(original.latitude === null
            ? {}
            : { latitude: original.latitude, longitude: original.longitude }),
        },
      });
      expect(restored.status()).toBe(200);
    }
  });
}

/**
 * Runs `run` holding the text page's lock, then puts back the page's content found before,
 * whatever `run` did. `admin` is an administrator's request context.
 */
export async function changingTextPage<T>(
  admin: APIRequestContext,
  name: 'Support' | 'Partners',
  run: (original: { content: string }) => Promise<T>,
): Promise<T> {
  return exclusively(`text-page-${name.toLowerCase()}`, async () => {
    const original = (await (await admin.get(`/api/text_pages/${name}`)).json()) as {
      content: string;
    };
    try {
      return await run(original);
    } finally {
      const restored = await admin.put(`/api/text_pages/${name}`, {
        data: { content: original.content },
      });
      expect(restored.status()).toBe(200);
    }
  });
}

/** A 16x16 JPEG that decodes (the server checks images by content, not by name). */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9' +
    'Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7' +
    'Ozv/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QA' +
    'FAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgBENv/2Q==',
  'base64',
);

/** A form's field by its exact label. */
export const fieldLabelled = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Fills the product form (New or Update Product) with a product in Alloy Grinders and the
 * usual test prices, without an old price. Pictures and the submit are the test's own.
 */
export async function fillProductForm(
  page: Page,
  product: { number: string; title: string; description: string },
): Promise<void> {
  const field = (label: string) => fieldLabelled(page, label);
  await field('Product Number').fill(product.number);
  await field('Title').fill(product.title);
  await field('Description').fill(product.description);
  // The categories arrive from the API after the form shows.
  await expect(field('Category').locator('option', { hasText: 'Alloy Grinders' })).toHaveCount(1);
  await field('Category').selectOption('Alloy Grinders');
  await field('Old Price').fill('');
  await field('New Price').fill('99.50');
  await field('Wholesale Price').fill('80');
  await field('Partner Price QTY x3').fill('75.25');
}

/** A product number or name unique to this test and project: both projects share one server. */
export function uniqueNumber(testInfo: TestInfo, prefix: string): string {
  return `${prefix}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`.toUpperCase();
}
