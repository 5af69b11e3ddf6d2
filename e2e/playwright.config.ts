import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

/**
 * Browser tests against the built app in embedded mode, on a fresh DATA_DIR (demo data loaded
 * at start). Workers inherit the environment, so they all see the one server.
 */
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3917);
if (!process.env.E2E_DATA_DIR) {
  // One folder, emptied at the start of each run: a run left 57 MB in a new temporary folder
  // that nothing removed. The workers load this file too and inherit the variable.
  const dataDir = path.join(root, 'node_modules/.cache/labshop/e2e-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}
const baseURL = `http://127.0.0.1:${port}`;
/** The map tiles' stand-in, started by global-setup.ts (the real tile server is not reachable). */
process.env.E2E_TILES_PORT ??= '3923';
/** Tests that start their own shop servers (a restart, a different configuration). */
const PROCESS_SPECS = [
  'persistence.spec.ts',
  'captcha.spec.ts',
  'erp.spec.ts',
  'server-processes.spec.ts',
];
/**
 * What the phone width (390 px) runs: every storefront spec, whose layout changes with the
 * width, and one admin pass (the dashboard: the admin shell, its menu and a screen). The admin
 * screens, security, XSS and ERP specs check the same thing at any width and run at 1440 px.
 */
const PHONE_SPECS = [
  'home.spec.ts',
  'shop.spec.ts',
  'cart.spec.ts',
  'checkout.spec.ts',
  'content.spec.ts',
  'shell.spec.ts',
  'newsletter-public.spec.ts',
  'login.spec.ts',
  'admin-dashboard.spec.ts',
  'early-actions.spec.ts',
  'layout.spec.ts',
  'account.spec.ts',
  'address-book.spec.ts',
  'quick-order.spec.ts',
  'quotes.spec.ts',
  'freight.spec.ts',
];

const launchOptions = { executablePath: chromiumPath, args: chromiumArgs };

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Machines of the CI kind differ about 2.5 times in speed (the whole run: 21 to 55 minutes).
  // On the slow ones, admin pages took more than 7 s to hydrate beside the other worker, and
  // the longest admin tests more than 30 s: bounds for a slow machine, not for a broken page.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, 'reports/e2e.json') }]],
  use: {
    baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      // Starts and kills its own servers: one run is enough, not one per screen size.
      name: 'process',
      testMatch: PROCESS_SPECS,
    },
    {
      name: 'desktop',
      testIgnore: PROCESS_SPECS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      name: 'phone',
      testMatch: PHONE_SPECS,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: `node ${path.join(root, 'apps/server/dist/main.js')}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ANALYTICS_URL: 'https://analytics.example.com/labshop',
      MAP_TILE_URL: `http://127.0.0.1:${process.env.E2E_TILES_PORT}/{z}/{x}/{y}.png`,
      // Both screen sizes send contact messages from 127.0.0.1; the default is 5 per 10 minutes.
      CONTACT_RATE_LIMIT_MAX: '100',
      // ...and request quotes (each mailed to the staff).
      QUOTE_REQUEST_RATE_LIMIT_MAX: '100',
      // Checkouts at both screen sizes from 127.0.0.1 ask for many captcha nonces.
      CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '1000',
      // ...and pay with one test card and one e-mail: the card-testing limits would stop them.
      PAYMENT_LIMIT_PER_IP: '1000',
      PAYMENT_LIMIT_PER_EMAIL: '1000',
      PAYMENT_LIMIT_PER_CARD: '1000',
      // Every footer sign-up test comes from 127.0.0.1, at two widths, with retries.
      NEWSLETTER_SIGNUP_RATE_LIMIT_MAX: '100',
      // Every login of every test comes from 127.0.0.1, most as the demo administrator.
      LOGIN_RATE_LIMIT_MAX: '1000',
      // The order mail and ERP sync run in the outbox: look often, so tests see them quickly.
      OUTBOX_POLL_SECONDS: '0.2',
    },
  },
});
