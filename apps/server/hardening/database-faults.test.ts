import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { DATABASE_UNAVAILABLE_ERROR } from '../src/http/errors.ts';
import { freePort } from '../test/support/helper.ts';
import { PAID_ORDER_JOBS, readLedger } from './ledger.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import {
  CHECKOUT_AMOUNT_CENTS,
  checkout,
  checkoutLoad,
  probe,
  seedCatalog,
  startShop,
  waitFor,
  type CheckoutResult,
  type ShopProcess,
} from './shop-process.ts';

/**
 * The shop's PostgreSQL server stopped and started under traffic (HARDENING.md "the database
 * restarted under traffic", "`pg_ctl stop -m immediate` under load"; issue 10 point 5): a real
 * server process on a private PostgreSQL, checkouts and reads running all the time. While the
 * database is down, /readyz answers 503 and the API a quick, clear 503; once it is back the
 * same process serves again by itself, and every checkout that was answered "paid" is in the
 * database as paid with its ERP and mail jobs.
 */

let postgres: PrivatePostgres;
let shop: ShopProcess;
let dataDir: string;

beforeAll(async () => {
  postgres = await startPrivatePostgres(await freePort());
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-db-faults-'));
  shop = await startShop({
    port: await freePort(),
    dataDir,
    env: { DATABASE_URL: postgres.url, CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' },
  });
  await seedCatalog(postgres.url);
});

afterAll(async () => {
  await shop?.stop('SIGKILL');
  postgres?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Product list (API) and shop page reads, every status kept by kind. */
function readLoad(origin: string) {
  const statuses = { api: [] as (number | 'error')[], page: [] as (number | 'error')[] };
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.api.push((await probe(`${origin}/api/products?limit=5`, 15_000)).status);
      statuses.page.push((await probe(`${origin}/shop`, 15_000)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    statuses,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** No answer may carry a stack trace, a file path or SQL. */
function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\bat .+:\d+:\d+|\.ts:\d+|node_modules|ECONNREFUSED|select .* from/i);
}

/**
 * A checkout the fault cut off is answered 503, or, when it came between the charge and the
 * paid order's write, "not charged" (the charge is voided then): never a 500 or a hang.
 */
function expectPaidOr503(results: CheckoutResult[]): void {
  for (const result of results) {
    if (result.kind === 'paid') continue;
    if (result.kind === 'refused' && result.status === 200) {
      expect(result.error).toBe(CHECKOUT_MESSAGES.gatewayNoAnswer);
    } else {
      expect(result, JSON.stringify(result)).toMatchObject({ kind: 'refused', status: 503 });
    }
  }
}

/** Every checkout answered "paid" is a paid order with its amount, address and jobs. */
async function expectPaidOrdersKept(results: CheckoutResult[]): Promise<void> {
  const ledger = await readLedger(postgres.url);
  const missing: string[] = [];
  for (const result of results) {
    if (result.kind !== 'paid') continue;
    const order = ledger.get(result.orderNumber);
    if (!order) {
      missing.push(result.orderNumber);
      continue;
    }
    expect(order, result.orderNumber).toMatchObject({
      status: 'paid',
      email: result.email,
      amountCents: CHECKOUT_AMOUNT_CENTS,
      paymentStatus: 'approved',
    });
    expect(order.retref).toBeTruthy();
    // Its ERP and mail jobs (besides the payment-reconcile job queued when its charge began).
    expect(order.jobs.filter((key) => !key.startsWith('payment-reconcile:')).sort()).toEqual(
      PAID_ORDER_JOBS.map((kind) => `${kind}:${order.number}`),
    );
  }
  expect(missing, 'orders answered "paid" but not in the database').toEqual([]);
  // Distinct order numbers for distinct checkouts.
  const numbers = results.flatMap((result) => (result.kind === 'paid' ? [result.orderNumber] : []));
  expect(new Set(numbers).size).toBe(numbers.length);
}

async function untilPaid(load: ReturnType<typeof checkoutLoad>, more: number): Promise<void> {
  const target = load.paid().length + more;
  await waitFor(`${more} more paid checkouts`, () => load.paid().length >= target, 60_000).catch(
    (error: unknown) => {
      const last = JSON.stringify(load.results.slice(-3));
      throw new Error(`${String(error)}; last results: ${last}\n${shop.output().slice(-3000)}`);
    },
  );
}

describe('PostgreSQL stopped and started under traffic', () => {
  it('the database restarted (pg_ctl stop -m fast): /readyz and the API answer 503 while it is down, the same process recovers by itself, no paid order is lost', async () => {
    const load = checkoutLoad(() => shop.origin, 3, 'fast');
    const reads = readLoad(shop.origin);
    try {
      await untilPaid(load, 10);
      const paidBefore = load.paid().length;

      postgres.stop('fast');
      const downAt = Date.now();
      await waitFor(
        '/readyz to answer 503',
        async () => {
          return (await probe(`${shop.origin}/readyz`)).status === 503;
        },
        15_000,
      );
      console.info(`/readyz said 503 ${Date.now() - downAt} ms after the database stopped`);

      // While it is down: quick, clear 503s, never a hang or a stack.
      const ready = await probe(`${shop.origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ error: 'The database is not reachable.' });
      expect(ready.ms).toBeLessThan(7_000);
      for (const url of ['/api/products?limit=5', '/api/categories']) {
        const answer = await probe(`${shop.origin}${url}`);
        expect(answer.status, `${url}: ${answer.body}`).toBe(503);
        expect(answer.ms, url).toBeLessThan(7_000);
        expect(JSON.parse(answer.body)).toEqual({ error: DATABASE_UNAVAILABLE_ERROR });
        expectNoInternals(answer.body);
      }
      // A page no cache holds is rendered from the API: the shop page's own error, as a 503.
      const page = await probe(`${shop.origin}/shop?q=while-down-${Date.now()}`);
      expect(page.status).toBe(503);
      expect(page.body).toContain('The products cannot be shown right now');
      expectNoInternals(page.body);
      const refused = await checkout(shop.origin, 'while-down@load.example', 15_000);
      expect(refused).toMatchObject({ kind: 'refused', status: 503 });
      // Let the load keep trying against the stopped database for a while.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      await postgres.start();
      const upAt = Date.now();
      await waitFor(
        '/readyz to answer 200 again',
        async () => {
          return (await probe(`${shop.origin}/readyz`)).status === 200;
        },
        30_000,
      );
      console.info(`/readyz said 200 ${Date.now() - upAt} ms after the database came back`);
      // The same process: it was never restarted.
      expect(shop.child.exitCode).toBeNull();
      expect(shop.child.signalCode).toBeNull();
      await untilPaid(load, 10);
      expect(load.paid().length).toBeGreaterThan(paidBefore + 9);
    } finally {
      await load.stop();
      await reads.stop();
      if (!postgres.isRunning()) await postgres.start();
    }

    // Nothing but paid answers and 503s; the API reads likewise (200 or 503, never 500). A
    // page answers 200, or 503 while the database is down, without hanging.
    expectPaidOr503(load.results);
    expect(reads.statuses.api.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(reads.statuses.page.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    await expectPaidOrdersKept(load.results);
    expect(shop.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('`pg_ctl stop -m immediate` under load: every acknowledged order survives the crash', async () => {
    const load = checkoutLoad(() => shop.origin, 4, 'immediate');
    try {
      await untilPaid(load, 15);
      postgres.stop('immediate');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await postgres.start();
      await waitFor(
        '/readyz to answer 200 again',
        async () => {
          return (await probe(`${shop.origin}/readyz`)).status === 200;
        },
        30_000,
      );
      await untilPaid(load, 10);
    } finally {
      await load.stop();
      if (!postgres.isRunning()) await postgres.start();
    }
    expect(shop.child.exitCode).toBeNull();
    // A checkout cut off by the crash is answered 503, or, when the crash came between the
    // charge and the paid order's write, "not charged" (the charge is voided): never a 500.
    expectPaidOr503(load.results);
    await expectPaidOrdersKept(load.results);
  });
});
