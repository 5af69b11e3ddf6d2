import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaymentAnswer } from '@labshop/shared/schemas/checkout';
import { CAPTCHA_NONCE_HEADER } from '@labshop/shared/schemas/checkout';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { categories, products } from '../src/db/schema/index.ts';
import { paths } from '../src/paths.ts';
import { paymentBody, PRODUCTS } from '../test/support/checkout-fixtures.ts';

/**
 * The shop as a real process (apps/server/src/main.ts through tsx, so source fixes count
 * without a rebuild), with the settings a deployment would give it, and the calls the fault
 * tests make against it. Its pages need the web build (apps/web/build): `npm run build`.
 */

const serverRoot = paths.serverRoot;
const repoRoot = path.resolve(serverRoot, '../..');

export interface ShopProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr (JSON log lines). */
  output(): string;
  /** Resolves with the exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Waits (up to 5 minutes) for the web build, which a build running in another terminal may
 * have removed for a moment; fails saying what to run when there is none.
 */
export async function requireWebBuild(): Promise<void> {
  const entry = path.join(paths.webBuild, 'server', 'index.js');
  const deadline = Date.now() + 300_000;
  while (!existsSync(entry)) {
    if (Date.now() > deadline) {
      throw new Error(
        `the hardening tests start the real server, which serves the built web app: run \`npm run build\` first (${entry} is missing)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Starts main.ts with `env` on 127.0.0.1:`port`; resolves once /readyz answers 200. */
export async function startShop(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<ShopProcess> {
  await requireWebBuild();
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      // Load from one address with one test card: the abuse limits are other tests' subject.
      CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '100000',
      PAYMENT_LIMIT_PER_IP: '100000',
      PAYMENT_LIMIT_PER_EMAIL: '100000',
      PAYMENT_LIMIT_PER_CARD: '100000',
      OUTBOX_POLL_SECONDS: '0.2',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const shop: ShopProcess = {
    origin,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the shop exited during start:\n${output.slice(-4000)}`);
    }
    try {
      if ((await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return shop;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await shop.stop('SIGKILL');
  throw new Error(`the shop did not become ready:\n${output.slice(-4000)}`);
}

/** The checkout tests' catalogue (PRODUCTS of checkout-fixtures), written straight to `url`. */
export async function seedCatalog(url: string): Promise<void> {
  const database = await openDatabase({ driver: 'postgres', url, poolSize: 1 });
  try {
    await insertCatalog(database);
  } finally {
    await database.close();
  }
}

/**
 * The same catalogue in the embedded database the shop will open in `dataDir` (migrated here
 * first): PGlite admits one process, so this runs before the shop starts.
 */
export async function seedPgliteCatalog(dataDir: string): Promise<void> {
  const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await insertCatalog(database);
  } finally {
    await database.close();
  }
}

async function insertCatalog(database: DatabaseHandle): Promise<void> {
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Lab Machines', thumbnail: '/uploads/lab.jpg' })
    .returning();
  await database.db.insert(products).values(
    [PRODUCTS.vibrator, PRODUCTS.grinder].map((product) => ({
      ...product,
      description: `${product.title} for the lab.`,
      categoryId: category!.id,
      images: [`/uploads/products/${product.number}.jpg`],
    })),
  );
}

/** One vibrator at retail: 250.00. */
export const CHECKOUT_AMOUNT_CENTS = 25_000;

export type CheckoutResult =
  | { kind: 'paid'; orderNumber: string; retref: string | null; email: string }
  | { kind: 'refused'; status: number; error: string; email: string }
  | { kind: 'network'; error: string; email: string };

/**
 * One customer's checkout as the browser makes it: verify-captcha for a nonce, then
 * process-payment with the approving test card. Never throws: the outcome says what happened.
 */
export async function checkout(
  origin: string,
  email: string,
  timeoutMs = 60_000,
): Promise<CheckoutResult> {
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const verify = await fetch(`${origin}/api/checkout/verify-captcha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ captchaToken: '' }),
      signal,
    });
    const verified = (await verify.json()) as { nonce?: string; error?: string };
    if (verify.status !== 200 || !verified.nonce) {
      return { kind: 'refused', status: verify.status, error: verified.error ?? '', email };
    }
    const response = await fetch(`${origin}/api/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: verified.nonce },
      body: JSON.stringify(
        paymentBody([{ number: PRODUCTS.vibrator.number, quantity: 1 }], CHECKOUT_AMOUNT_CENTS, {
          email,
        }),
      ),
      signal,
    });
    const answer = (await response.json()) as PaymentAnswer & { error?: string };
    if (response.status === 200 && answer.ok && answer.orderNumber) {
      return { kind: 'paid', orderNumber: answer.orderNumber, retref: answer.retref, email };
    }
    return { kind: 'refused', status: response.status, error: answer.error ?? '', email };
  } catch (error) {
    return { kind: 'network', error: String(error), email };
  }
}

/**
 * Runs `workers` checkout loops until `stop()` is called; every outcome is kept. Each checkout
 * uses its own address, so a result can be matched with its order.
 */
export function checkoutLoad(origin: () => string, workers: number, prefix: string) {
  const results: CheckoutResult[] = [];
  let running = true;
  let next = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const email = `${prefix}-${next++}@load.example`;
      const result = await checkout(origin(), email);
      results.push(result);
      if (result.kind !== 'paid') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    results,
    paid: () => results.filter((result) => result.kind === 'paid'),
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

/** GET `url` with a deadline: its status and body, or the network error. */
export async function probe(
  url: string,
  timeoutMs = 10_000,
): Promise<
  { status: number; body: string; ms: number } | { status: 'error'; body: string; ms: number }
> {
  const started = Date.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text(), ms: Date.now() - started };
  } catch (error) {
    return { status: 'error', body: String(error), ms: Date.now() - started };
  }
}

/** Polls `check` until it is true, or fails with `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
