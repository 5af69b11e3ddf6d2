import { CHECKOUT_MESSAGES, type PaymentAnswer } from '@labshop/shared/schemas/checkout';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutNonces,
  erpSalesOrders,
  mailLog,
  orders,
  outbox,
  payments,
} from '../../../src/db/schema/index.ts';
import { SANDBOX_TEST_TOKENS } from '../../../src/integrations/payments/sandbox.ts';
import { nonceHash } from '../../../src/modules/checkout/nonces.ts';
import { createCheckoutRepo } from '../../../src/modules/checkout/repo.ts';
import { CHECKOUT_SERVER_MESSAGES } from '../../../src/modules/checkout/service.ts';
import {
  call,
  errorOf,
  newNonce,
  pay,
  paymentBody,
  PRODUCTS,
  sandboxOf,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { fakeCaptchaToken, startFakeRecaptcha, type FakeRecaptcha } from '../../fakes/recaptcha.ts';
import { startTestApp, type TestApp } from '../../support/helper.ts';

/**
 * The charge itself: doubled and concurrent requests, a gateway that fails in each way it can,
 * the checkout captcha with reCAPTCHA (a local fake) and its rate limit, and the outbox worker
 * that delivers a paid order's jobs. `shop` has the captcha off and the worker off; `guarded`
 * has reCAPTCHA on, a small per-IP limit behind a trusted proxy, and the worker polling.
 */

const SECRET = 'checkout-test-secret';
const { vibrator, grinder } = PRODUCTS;

let google: FakeRecaptcha;
let shop: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  google = await startFakeRecaptcha({ secret: SECRET, hostname: '127.0.0.1' });
  shop = await startTestApp({ OUTBOX_WORKER: 'false', CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '10000' });
  guarded = await startTestApp({
    RECAPTCHA_SECRET: SECRET,
    RECAPTCHA_SITE_KEY: 'test-site-key',
    RECAPTCHA_VERIFY_URL: google.verifyUrl,
    RECAPTCHA_SCRIPT_URL: google.scriptUrl,
    RECAPTCHA_MIN_SCORE: '0.5',
    CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '3',
    TRUST_PROXY: 'true',
    OUTBOX_POLL_SECONDS: '0.05',
  });
  await seedCheckoutData(shop);
  await seedCheckoutData(guarded);
});
afterAll(async () => {
  await shop.close();
  await guarded.close();
  await google.close();
});

beforeEach(() => {
  sandboxOf(shop).reset();
  google.setMode('ok');
});

const vibratorBody = (overrides: Parameters<typeof paymentBody>[2] = {}) =>
  paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, overrides);

async function answerOf(response: Response): Promise<PaymentAnswer> {
  expect(response.status).toBe(200);
  return (await response.json()) as PaymentAnswer;
}

async function orderRow(number: string) {
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.number, number));
  const [payment] = await shop.database.db
    .select()
    .from(payments)
    .where(eq(payments.gatewayOrderId, number));
  return { order, payment };
}

describe('doubled and concurrent requests', () => {
  it('charges once when the same nonce is sent 20 times at the same time', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.setAuthorizeDelay(400);
    const nonce = await newNonce(shop);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => pay(shop, vibratorBody(), { nonce })),
    );
    const answers = await Promise.all(responses.map(answerOf));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ ok: true, amount: 25_000 });
    const orderNumber = answers[0]!.orderNumber!;
    expect(sandbox.authorizations().map((authorization) => authorization.orderId)).toEqual([
      orderNumber,
    ]);
    expect(sandbox.attempts()).toHaveLength(1);
    const nonceOrders = await shop.database.db
      .select({ orderId: checkoutNonces.orderId })
      .from(checkoutNonces)
      .innerJoin(orders, eq(orders.id, checkoutNonces.orderId))
      .where(eq(orders.number, orderNumber));
    expect(nonceOrders).toHaveLength(1);
    const paymentRows = await shop.database.db
      .select()
      .from(payments)
      .where(eq(payments.gatewayOrderId, orderNumber));
    expect(paymentRows).toHaveLength(1);
  });

  it('writes nothing when the nonce was claimed between the check and the order (the race)', async () => {
    // The losing side of the race, made deterministic: the nonce is already bound when the
    // order transaction runs, so the order, its lines and its payment row are rolled back.
    const repo = createCheckoutRepo(shop.database.db);
    const nonce = await newNonce(shop);
    const winner = await answerOf(await pay(shop, vibratorBody(), { nonce }));
    const before = await shop.database.db.select({ id: orders.id }).from(orders);
    const lost = await repo.createPendingOrder({
      ...vibratorOrder('Racer', 'racer@lab.example'),
      nonceHash: nonceHash(nonce),
      gateway: 'sandbox',
      reconcileAfterMs: 60_000,
    });
    expect(lost).toBeNull();
    expect(await shop.database.db.select({ id: orders.id }).from(orders)).toHaveLength(
      before.length,
    );
    // And the loser's request, sent now, answers the winner's order.
    expect(await answerOf(await pay(shop, vibratorBody(), { nonce }))).toEqual(winner);
  });

  it('answers a retry that arrives while the first is being charged with the same decline', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.setAuthorizeDelay(300);
    const nonce = await newNonce(shop);
    const body = vibratorBody({ token: SANDBOX_TEST_TOKENS.declines });
    const first = pay(shop, body, { nonce });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = pay(shop, body, { nonce });
    const answers = [await answerOf(await first), await answerOf(await second)];
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({
      ok: false,
      error: CHECKOUT_MESSAGES.cardDeclined('Do not honor', null),
    });
    expect(sandbox.attempts()).toHaveLength(1);
  });

  it('gives 20 concurrent checkouts 20 distinct order numbers, each charged once', async () => {
    const sandbox = sandboxOf(shop);
    const nonces = await Promise.all(Array.from({ length: 20 }, () => newNonce(shop)));
    const responses = await Promise.all(
      nonces.map((nonce, index) =>
        pay(
          shop,
          paymentBody(
            [{ number: index % 2 ? vibrator.number : grinder.number, quantity: 1 }],
            index % 2 ? 25_000 : 109_950,
          ),
          { nonce },
        ),
      ),
    );
    const answers = await Promise.all(responses.map(answerOf));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const numbers = answers.map((answer) => answer.orderNumber);
    expect(new Set(numbers).size).toBe(20);
    for (const number of numbers) expect(number).toMatch(/^WEB-1\d{5}$/);
    expect(
      sandbox
        .authorizations()
        .map((authorization) => authorization.orderId)
        .sort(),
    ).toEqual([...numbers].sort());
    const retrefs = answers.map((answer) => answer.retref);
    expect(new Set(retrefs).size).toBe(20);
  });
});

describe('a gateway that fails', () => {
  it('answers 503 when the gateway refuses the call, with the order failed', async () => {
    sandboxOf(shop).failNext('authorize', 'unavailable');
    const nonce = await newNonce(shop);
    const response = await pay(shop, vibratorBody(), { nonce });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.gatewayUnavailable);
    const [failed] = await shop.database.db
      .select({ status: orders.status, code: payments.responseCode })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    expect(failed).toEqual({ status: 'failed', code: 'labshop:unavailable' });
    // The same nonce again: the same answer, no second attempt.
    const again = await pay(shop, vibratorBody(), { nonce });
    expect(again.status).toBe(503);
    expect(sandboxOf(shop).attempts()).toHaveLength(1);
  });

  it('finds a charge whose answer was lost by inquiring, and keeps the order paid', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.failNext('authorize', 'answerLost');
    const answer = await answerOf(await pay(shop, vibratorBody(), { nonce: await newNonce(shop) }));
    expect(answer).toMatchObject({ ok: true, amount: 25_000 });
    const [authorization] = sandbox.authorizations();
    expect(answer.retref).toBe(authorization?.retref);
    expect(sandbox.authorizations()).toHaveLength(1);
    const { order, payment } = await orderRow(answer.orderNumber!);
    expect(order?.status).toBe('paid');
    expect(payment?.status).toBe('approved');
    const jobs = await shop.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `%:${answer.orderNumber}`))
      .then(orderJobs);
    expect(jobs).toHaveLength(2);
  });

  it('says "not charged" when the answer is lost and the inquiry finds nothing', async () => {
    sandboxOf(shop).failNext('authorize', 'noAnswer');
    const answer = await answerOf(await pay(shop, vibratorBody(), { nonce: await newNonce(shop) }));
    expect(answer).toMatchObject({ ok: false, error: CHECKOUT_MESSAGES.gatewayNoAnswer });
    const { order } = await orderRow(answer.orderNumber!);
    expect(order?.status).toBe('failed');
  });

  it('voids by order id when even the inquiry gets no answer, and flags the order', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.failNext('authorize', 'answerLost');
    sandbox.failNext('inquireByOrderId', 'unavailable');
    const answer = await answerOf(await pay(shop, vibratorBody(), { nonce: await newNonce(shop) }));
    expect(answer).toMatchObject({ ok: false, error: CHECKOUT_MESSAGES.gatewayNoAnswer });
    expect(sandbox.authorizations().map((authorization) => authorization.status)).toEqual([
      'voided',
    ]);
    const { order, payment } = await orderRow(answer.orderNumber!);
    expect(order?.status).toBe('needs_attention');
    expect(payment?.status).toBe('voided');
  });

  it('tries the void again when it fails, and still answers', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.failNext('authorize', 'answerLost');
    sandbox.failNext('inquireByOrderId', 'noAnswer');
    sandbox.failNext('voidByOrderId', 'unavailable', 2);
    const answer = await answerOf(await pay(shop, vibratorBody(), { nonce: await newNonce(shop) }));
    expect(answer.ok).toBe(false);
    expect(sandbox.authorizations()[0]?.status).toBe('voided');
  });

  it('voids an approved charge it cannot record as paid', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.setAuthorizeDelay(300);
    const pending = pay(shop, vibratorBody(), { nonce: await newNonce(shop) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The database refuses the paid write: the invoice table is gone while the card is charged.
    await shop.database.db.execute(sql`alter table invoices rename to invoices_away`);
    let answer: PaymentAnswer;
    try {
      answer = await answerOf(await pending);
    } finally {
      await shop.database.db.execute(sql`alter table invoices_away rename to invoices`);
    }
    expect(answer).toMatchObject({ ok: false, error: CHECKOUT_MESSAGES.gatewayNoAnswer });
    expect(sandbox.authorizations().map((authorization) => authorization.status)).toEqual([
      'voided',
    ]);
    const { order, payment } = await orderRow(answer.orderNumber!);
    expect(order?.status).toBe('voided');
    expect(payment?.status).toBe('voided');
    expect(order?.paidAt).toBeNull();
  });
});

describe('the checkout captcha (reCAPTCHA on)', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('answers a nonce for a good payment token', async () => {
    const nonce = await newNonce(guarded, {
      captchaToken: fakeCaptchaToken('payment', 0.9),
      headers: from('198.51.100.1'),
    });
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(google.verifications.at(-1)).toMatchObject({ secret: SECRET, remoteip: '198.51.100.1' });
  });

  it("refuses a low score, another action, a replay and no token: 403 'Security verification failed'", async () => {
    const replayed = fakeCaptchaToken('payment', 0.9);
    await newNonce(guarded, { captchaToken: replayed, headers: from('198.51.100.2') });
    const tokens = [
      fakeCaptchaToken('payment', 0.1),
      fakeCaptchaToken('contact_submit', 0.9),
      replayed,
      '',
    ];
    for (const [index, captchaToken] of tokens.entries()) {
      const response = await call(guarded, 'POST', '/api/checkout/verify-captcha', {
        body: { captchaToken },
        headers: from(`198.51.100.${10 + index}`),
      });
      expect(response.status, captchaToken).toBe(403);
      expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.securityFailed);
    }
  });

  it('answers 503 when the verifier is down (fail closed)', async () => {
    google.setMode('error');
    const response = await call(guarded, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: fakeCaptchaToken('payment', 0.9) },
      headers: from('198.51.100.20'),
    });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.securityUnavailable);
  });

  it('limits nonces per client IP (429 with Retry-After)', async () => {
    const headers = from('203.0.113.9');
    for (let round = 0; round < 3; round++) {
      await newNonce(guarded, { captchaToken: fakeCaptchaToken('payment', 0.9), headers });
    }
    const refused = await call(guarded, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: fakeCaptchaToken('payment', 0.9) },
      headers,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await errorOf(refused)).toBe(CHECKOUT_SERVER_MESSAGES.tooManyCaptchaChecks);
    // Another visitor is not affected.
    await newNonce(guarded, {
      captchaToken: fakeCaptchaToken('payment', 0.9),
      headers: from('203.0.113.10'),
    });
  });
});

describe('an order left pending when the process stopped mid-charge', () => {
  let crashed: TestApp;
  beforeAll(async () => {
    crashed = await startTestApp({ OUTBOX_POLL_SECONDS: '0.05' });
    await seedCheckoutData(crashed);
  });
  afterAll(async () => crashed.close());

  /** What a process leaves when it dies after writing the order and before the answer. */
  async function pendingOrder(email: string, gateway = 'sandbox') {
    const created = await createCheckoutRepo(crashed.database.db).createPendingOrder({
      ...vibratorOrder('Stopped Midway', email),
      nonceHash: nonceHash(await newNonce(crashed)),
      gateway,
      // Due at once, as if the charge's time had long run out.
      reconcileAfterMs: 0,
    });
    if (!created) throw new Error('the pending order was not written');
    return created.order;
  }

  /** The outbox jobs of an order, by kind. */
  async function jobKindsOf(orderNumber: string) {
    const jobs = await crashed.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(like(outbox.dedupeKey, `%:${orderNumber}`));
    return jobs.map((job) => job.kind).sort();
  }

  async function settled(orderNumber: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [order] = await crashed.database.db
        .select()
        .from(orders)
        .where(eq(orders.number, orderNumber));
      if (order && order.status !== 'pending') return order;
      if (Date.now() > deadline) throw new Error(`${orderNumber} is still pending`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('is paid, mailed and synced when the gateway holds its charge', async () => {
    const order = await pendingOrder('charged@lab.example');
    // The charge went through before the process stopped.
    const charge = await sandboxOf(crashed).authorize({
      orderId: order.number,
      token: SANDBOX_TEST_TOKENS.approves,
      expiry: '1230',
      amountCents: 25_000,
      name: 'Stopped Midway',
      email: 'charged@lab.example',
      phone: '',
      address: '1 Main St',
      city: 'Toledo',
      region: 'OH',
      postal: '43612',
      country: 'US',
    });
    expect(charge.outcome).toBe('approved');
    const paid = await settled(order.number);
    expect(paid.status).toBe('paid');
    expect(paid.paymentRetref).toBe(charge.outcome === 'approved' ? charge.retref : null);
    expect(await jobKindsOf(order.number)).toEqual([
      'erp-order-sync',
      'order-confirmation-mail',
      'payment-reconcile',
    ]);
    // Still one charge: the reconcile asked, it did not charge again.
    expect(
      sandboxOf(crashed)
        .authorizations()
        .filter((authorization) => authorization.orderId === order.number),
    ).toHaveLength(1);
  });

  it('is placed, mailed and synced when it was an order on account (no charge to ask about)', async () => {
    const order = await pendingOrder('on-account@lab.example', 'on-account');
    // Asking the card gateway would have failed it: it holds no charge for this order.
    expect((await settled(order.number)).status).toBe('paid');
    expect(await jobKindsOf(order.number)).toEqual([
      'erp-order-sync',
      'order-confirmation-mail',
      'payment-reconcile',
    ]);
  });

  it('is failed, and nothing charged, when the gateway has no charge for it', async () => {
    const order = await pendingOrder('uncharged@lab.example');
    expect((await settled(order.number)).status).toBe('failed');
    expect(
      sandboxOf(crashed)
        .authorizations()
        .filter((authorization) => authorization.orderId === order.number),
    ).toEqual([]);
  });
});

describe('wiring', () => {
  it('delivers a paid order through the outbox: ERP sales order and confirmation mail', async () => {
    const nonce = await newNonce(guarded, {
      captchaToken: fakeCaptchaToken('payment', 0.9),
      headers: { 'x-forwarded-for': '192.0.2.50' },
    });
    const answer = await answerOf(
      await pay(guarded, vibratorBody({ email: 'outbox@lab.example', poNumber: 'PO-WIRE-1' }), {
        nonce,
      }),
    );
    expect(answer.ok).toBe(true);
    const deadline = Date.now() + 15_000;
    let synced = false;
    let mailed = false;
    let mailText = '';
    while (Date.now() < deadline && !(synced && mailed)) {
      const [order] = await guarded.database.db
        .select()
        .from(orders)
        .where(eq(orders.number, answer.orderNumber!));
      synced = order?.erpSyncStatus === 'synced';
      const mails = await guarded.database.db
        .select()
        .from(mailLog)
        .where(
          and(
            eq(mailLog.relatedTo, `order:${answer.orderNumber}`),
            eq(mailLog.toAddress, 'outbox@lab.example'),
          ),
        );
      mailed = mails.length === 1;
      mailText = mails[0]?.textBody ?? '';
      if (!(synced && mailed)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect({ synced, mailed }).toEqual({ synced: true, mailed: true });
    // The lab's PO number is in the confirmation and in the sales order the ERP got.
    expect(mailText).toContain('PO number / reference: PO-WIRE-1');
    const [salesOrder] = await guarded.database.db
      .select()
      .from(erpSalesOrders)
      .where(eq(erpSalesOrders.externalDocumentNumber, answer.orderNumber!));
    expect(salesOrder?.document).toMatchObject({ poNumber: 'PO-WIRE-1' });
  });

  it('serves the sandbox tokenizer page the gateway names', async () => {
    const url = new URL(sandboxOf(shop).tokenizer.url);
    expect(url.origin).toBe(shop.origin);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});

/** The order's ERP-sync and mail jobs (not the payment-reconcile job every order gets). */
function orderJobs<T extends { kind: string }>(jobs: T[]): T[] {
  return jobs.filter((job) => job.kind !== 'payment-reconcile');
}

/** A pending order for one vibrator at $250, as the order transaction writes it. */
function vibratorOrder(name: string, email: string) {
  return {
    order: {
      customerName: name,
      customerType: 'Retail' as const,
      email,
      subtotalCents: 25_000,
      amountCents: 25_000,
      shipName: name,
      shipAddress1: '1 Main St',
      shipCity: 'Toledo',
      shipState: 'OH',
      shipPostCode: '43612',
      shipCountry: 'US',
    },
    lines: [
      {
        position: 0,
        productNumber: vibrator.number,
        title: vibrator.title,
        quantity: 1,
        unitPriceCents: 25_000,
        lineTotalCents: 25_000,
      },
    ],
  };
}
