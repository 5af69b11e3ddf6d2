import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCardPointe, type FakeCardPointe } from '../test/fakes/cardpointe.ts';
import { startCountingSmtp } from '../test/fakes/counting-smtp.ts';
import {
  externalIssuerEnv,
  signRoleTokens,
  startFakeIssuer,
  TEST_ADMIN_EMAIL,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../test/fakes/oidc-issuer.ts';
import { freePort } from '../test/support/helper.ts';
import { PAID_ORDER_JOBS, readLedger } from './ledger.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import {
  checkout,
  checkoutLoad,
  probe,
  seedCatalog,
  startShop,
  waitFor,
  type ShopProcess,
} from './shop-process.ts';

/**
 * The shop process killed (SIGKILL) or stopped (SIGTERM) in the middle of work, on a private
 * PostgreSQL server (HARDENING.md "SIGKILL during checkout load", "SIGTERM under load"; issue 10
 * point 5: "the server killed with SIGKILL during checkout and during a newsletter send"). The
 * card gateway is the fake CardPointe server in this process: the sandbox gateway keeps its
 * charges in the shop process's memory, which a kill would erase with the evidence.
 */

let postgres: PrivatePostgres;
let cardPointe: FakeCardPointe;
let dataDir: string;
let port: number;
const shops: ShopProcess[] = [];

beforeAll(async () => {
  postgres = await startPrivatePostgres(await freePort());
  cardPointe = await startFakeCardPointe();
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-kills-'));
  port = await freePort();
});

afterAll(async () => {
  for (const shop of shops) await shop.stop('SIGKILL');
  await cardPointe?.close();
  postgres?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shop on the private database with CardPointe (the fake), always on the same port. */
async function start(env: Record<string, string> = {}): Promise<ShopProcess> {
  const shop = await startShop({
    port,
    dataDir,
    env: {
      DATABASE_URL: postgres.url,
      PAYMENT_GATEWAY: 'cardpointe',
      CARDPOINTE_URL: cardPointe.url,
      CARDPOINTE_MERCHANT_ID: cardPointe.merchantId,
      CARDPOINTE_USERNAME: cardPointe.username,
      CARDPOINTE_PASSWORD: cardPointe.password,
      CARDPOINTE_TOKENIZER_URL: cardPointe.tokenizerUrl,
      // A pending order is asked about this long + 60 s after its charge began.
      CARDPOINTE_TIMEOUT_SECONDS: '5',
      ...env,
    },
  });
  shops.push(shop);
  return shop;
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the shop process killed or stopped under load', () => {
  it(
    'SIGKILL during checkout load: on restart every charge the gateway holds has its paid order, no order is paid without a charge or charged twice, every paid order has its ERP and mail jobs',
    { timeout: 420_000 },
    async () => {
      let shop = await start();
      await seedCatalog(postgres.url);
      const load = checkoutLoad(() => shop.origin, 5, 'kill');
      let answered;
      try {
        await waitFor('20 paid checkouts', () => load.paid().length >= 20, 90_000);
        // The next charge goes through at the gateway but its answer is held back: the
        // process dies between the charge and the write of the paid order.
        const authsBefore = cardPointe.calls.filter((call) => call.endpoint === 'auth').length;
        cardPointe.hangNext({ store: true, answerAfterMs: 60_000 });
        await waitFor(
          'a held charge',
          () => cardPointe.calls.filter((call) => call.endpoint === 'auth').length > authsBefore,
          30_000,
        );
        await shop.stop('SIGKILL');
      } finally {
        answered = await load.stop();
      }
      const killedMidCharge = await query<{ number: string }>(
        `select number from orders where status = 'pending'`,
      );
      expect(killedMidCharge.length, 'orders left pending by the kill').toBeGreaterThan(0);

      shop = await start();
      // The start-up recovery (the payment-reconcile job, due 65 s after the charge began)
      // settles every order the kill left pending by asking the gateway.
      await waitFor(
        'no order left pending',
        async () =>
          (await query(`select 1 from orders where status = 'pending' limit 1`)).length === 0,
        180_000,
      );
      // The shop takes orders again.
      expect(await checkout(shop.origin, 'after-restart@load.example')).toMatchObject({
        kind: 'paid',
      });

      const ledger = await readLedger(postgres.url);
      const charges = cardPointe
        .transactions()
        .filter((txn) => txn.kind === 'auth' && txn.respstat === 'A' && !txn.voided);
      const chargesByOrder = new Map<string, typeof charges>();
      for (const txn of charges) {
        chargesByOrder.set(txn.orderid, [...(chargesByOrder.get(txn.orderid) ?? []), txn]);
      }
      // None charged twice.
      const doubled = [...chargesByOrder].filter(([, txns]) => txns.length > 1);
      expect(doubled.map(([number]) => number)).toEqual([]);
      // Every charge held has its paid order, with the same retref and amount.
      for (const txn of charges) {
        const order = ledger.get(txn.orderid);
        expect(order, `charge ${txn.retref} for ${txn.orderid}`).toMatchObject({
          status: 'paid',
          retref: txn.retref,
          amountCents: txn.amountCents,
        });
      }
      // No order paid without a charge; every paid order has its jobs.
      const paidOrders = [...ledger.values()].filter((order) => order.status === 'paid');
      for (const order of paidOrders) {
        expect(chargesByOrder.get(order.number), `charge of ${order.number}`).toHaveLength(1);
        expect(order.jobs.filter((key) => !key.startsWith('payment-reconcile')).sort()).toEqual(
          PAID_ORDER_JOBS.map((kind) => `${kind}:${order.number}`),
        );
      }
      // Every checkout answered "paid" before the kill is one of them.
      for (const result of answered) {
        if (result.kind === 'paid') {
          expect(ledger.get(result.orderNumber)?.status, result.orderNumber).toBe('paid');
        }
      }
      // The order killed mid-charge was found charged and is now paid.
      for (const { number } of killedMidCharge) {
        if (chargesByOrder.has(number)) expect(ledger.get(number)?.status).toBe('paid');
        else expect(ledger.get(number)?.status).not.toBe('paid');
      }
      console.info(
        `${charges.length} charges, ${paidOrders.length} paid orders, ${killedMidCharge.length} left pending by the kill and reconciled`,
      );
      await shop.stop('SIGTERM');
    },
  );

  it(
    'SIGTERM under load: the requests in flight finish, new ones are refused (503 or no connection), the process exits 0',
    { timeout: 180_000 },
    async () => {
      const shop = await start();
      // A charge that takes 4 s at the gateway is in flight when SIGTERM arrives.
      const authsBefore = cardPointe.calls.filter((call) => call.endpoint === 'auth').length;
      cardPointe.hangNext({ answerAfterMs: 4_000 });
      const inFlight = checkout(shop.origin, 'in-flight@load.example', 30_000);
      await waitFor(
        'the charge to reach the gateway',
        () => cardPointe.calls.filter((call) => call.endpoint === 'auth').length > authsBefore,
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const termAt = Date.now();
      shop.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // New requests while it drains: refused at once, never served or left hanging.
      const during = await Promise.all(
        ['/readyz', '/api/products?limit=5', '/shop'].map((url) =>
          probe(`${shop.origin}${url}`, 5_000),
        ),
      );
      for (const answer of during) {
        expect([503, 'error'], JSON.stringify(answer)).toContain(answer.status);
        expect(answer.ms).toBeLessThan(5_000);
        if (answer.status === 'error') expect(answer.body).not.toMatch(/timeout|aborted/i);
      }
      const result = await inFlight;
      expect(result, JSON.stringify(result)).toMatchObject({ kind: 'paid' });
      const exit = await shop.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - termAt).toBeLessThan(20_000);
      if (result.kind === 'paid') {
        const ledger = await readLedger(postgres.url);
        expect(ledger.get(result.orderNumber)).toMatchObject({ status: 'paid' });
      }
    },
  );

  it(
    'SIGKILL during a newsletter send to 3,000 subscribers: after the restart no address has it twice, and every address has it or is reported unknown (at most the mails in flight)',
    { timeout: 600_000 },
    async () => {
      const TOTAL = 3000;
      const MAX_CONNECTIONS = 5;
      const issuer: FakeIssuer = await startFakeIssuer(TEST_AUDIENCE);
      const smtp = await startCountingSmtp();
      try {
        const { adminToken } = await signRoleTokens(issuer);
        const addresses = Array.from(
          { length: TOTAL },
          (_, index) => `reader${String(index).padStart(4, '0')}@lab.example`,
        );
        await query(
          `insert into newsletter_subscribers (display_name, email, source)
             select 'Reader ' || n, 'reader' || lpad(n::text, 4, '0') || '@lab.example', 'seed'
               from generate_series(0, $1::int - 1) n`,
          [TOTAL],
        );
        const env = {
          ...externalIssuerEnv(issuer),
          ADMIN_EMAILS: TEST_ADMIN_EMAIL,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?pool=true&maxConnections=${MAX_CONNECTIONS}`,
          NEWSLETTER_BATCH_SIZE: '50',
          OUTBOX_POLL_SECONDS: '0.1',
          OUTBOX_RETRY_BASE_SECONDS: '0.1',
          OUTBOX_RETRY_MAX_SECONDS: '1',
        };
        let shop = await start(env);
        const api = (method: string, url: string, body?: unknown) =>
          fetch(`${shop.origin}${url}`, {
            method,
            headers: {
              authorization: `Bearer ${adminToken}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const queued = await api('POST', '/api/newsletter', {
          subject: 'Autumn news',
          content: '<p>Autumn news from the lab.</p>',
        });
        const answer = (await queued.json()) as { newsletter: { id: string; total: number } };
        expect(queued.status, JSON.stringify(answer)).toBe(202);
        expect(answer.newsletter.total).toBe(TOTAL);

        await waitFor('a third of the mails sent', () => smtp.total() >= TOTAL / 3, 120_000);
        await shop.stop('SIGKILL');
        const atKill = smtp.total();
        expect(atKill).toBeLessThan(TOTAL);

        shop = await start(env);
        // The new process finishes the send; a batch job the killed one held is taken again
        // when its outbox lease (up to 5 minutes) has passed, hence the long wait.
        let send: { status: string; unknown: number; sent: number; failed: number } | undefined;
        await waitFor(
          'the send to finish',
          async () => {
            const response = await api('GET', `/api/newsletters/${answer.newsletter.id}`);
            send = (await response.json()) as typeof send;
            return send?.status === 'sent' || send?.status === 'failed';
          },
          480_000,
        );
        const twice = [...smtp.received].filter(([, times]) => times > 1);
        expect(twice, 'addresses mailed twice').toEqual([]);
        const unknown = await query<{ email: string }>(
          `select email from newsletter_deliveries where newsletter_id = $1 and status = 'unknown'`,
          [answer.newsletter.id],
        );
        const unknownAddresses = new Set(unknown.map((row) => row.email.toLowerCase()));
        const missing = addresses.filter(
          (address) => !smtp.received.has(address) && !unknownAddresses.has(address),
        );
        expect(missing, 'addresses neither mailed nor reported unknown').toEqual([]);
        expect(unknownAddresses.size).toBeLessThanOrEqual(MAX_CONNECTIONS);
        expect(send).toMatchObject({ failed: 0, unknown: unknownAddresses.size });
        console.info(
          `newsletter: ${atKill} mails before the kill, ${smtp.total()} in all, ${unknownAddresses.size} unknown`,
        );
        await shop.stop('SIGTERM');
      } finally {
        await smtp.close();
        await issuer.close();
      }
    },
  );
});
