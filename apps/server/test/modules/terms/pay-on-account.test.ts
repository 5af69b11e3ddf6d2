import { CHECKOUT_MESSAGES, type PaymentAnswer } from '@labshop/shared/schemas/checkout';
import {
  PAYMENT_TERMS_MESSAGES,
  type AccountPaymentTerms,
  type CustomerTermsAnswer,
  type CustomerTermsEntry,
} from '@labshop/shared/schemas/payment-terms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, customerPaymentTerms, customers, orders } from '../../../src/db/schema/index.ts';
import { dayIn, plusDays } from '../../../src/core/shop-days.ts';
import {
  call,
  errorOf,
  mailsAbout,
  newNonce,
  pay,
  paymentBody,
  PRODUCTS,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import {
  OTHER_LAB,
  otherLabToken as otherLabTokenOf,
  PARTNER_LAB,
} from '../../support/lab-fixtures.ts';

/**
 * Paying on account (issue 37) over HTTP: a lab whose ERP customer has terms (NET30, a $5,000
 * credit limit) places an order without a card, with a PO number, due in 30 days; nobody else
 * can, however the request is made (403, nothing written); the credit limit holds; the staff
 * turn it off for one lab and allow another, audited.
 */

let shop: SignedInTestApp;
let partnerToken: string;
let otherLabToken: string;

const TIME_ZONE = 'America/New_York';
const inDays = (days: number) => plusDays(dayIn(TIME_ZONE), days);

/** One grinder at the wholesale price: $899.00. */
const GRINDER = [{ number: PRODUCTS.grinder.number, quantity: 1 }];
const GRINDER_CENTS = 89_900;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_POLL_SECONDS: '0.05',
    SHOP_TIME_ZONE: TIME_ZONE,
    CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '1000',
  });
  partnerToken = shop.partnerToken;
  otherLabToken = await otherLabTokenOf(shop);
  await seedCheckoutData(shop);
  await shop.database.db.insert(customers).values([
    {
      ...PARTNER_LAB,
      paymentTermsCode: 'NET30',
      paymentTermsDays: 30,
      creditLimitCents: 500_000,
    },
    OTHER_LAB,
  ]);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  const { db } = shop.database;
  await db.delete(customerPaymentTerms);
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const termsOf = async (token: string) =>
  json<AccountPaymentTerms>(await call(shop, 'GET', '/api/account/payment-terms', { token }));

/** An order on account of `cart` for `amount` cents as `token`'s user. */
async function placeOnAccount(
  token: string,
  email: string,
  cart = GRINDER,
  amount = GRINDER_CENTS,
  overrides = {},
) {
  const nonce = await newNonce(shop);
  return pay(
    shop,
    paymentBody(cart, amount, {
      paymentMethod: 'on_account',
      token: '',
      email,
      poNumber: 'PO-ACCT-1',
      ...overrides,
    }),
    { nonce, token },
  );
}

async function ordersOf(email: string) {
  return shop.database.db.select().from(orders).where(eq(orders.email, email));
}

const setTerms = (body: object, token = shop.adminToken) =>
  call(shop, 'PUT', '/api/admin/customer-terms', { token, body });

describe('a lab with terms', () => {
  it('is told its terms, due day and credit', async () => {
    expect(await termsOf(partnerToken)).toMatchObject({
      onAccount: true,
      terms: 'NET30',
      dueDays: 30,
      dueOn: inDays(30),
      creditLimit: 5000,
    });
  });

  it('places an order on account with its PO number, due in 30 days, and is mailed the day', async () => {
    const before = (await termsOf(partnerToken)).openOnAccount;
    const answer = await json<PaymentAnswer>(await placeOnAccount(partnerToken, PARTNER_LAB.email));
    expect(answer).toMatchObject({ ok: true, retref: null, amount: GRINDER_CENTS });
    expect(answer.paymentDueOn).toBe(inDays(30));
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, answer.orderNumber!));
    expect(order).toMatchObject({
      status: 'paid',
      paymentMethod: 'on_account',
      paymentTerms: 'NET30',
      paymentDueOn: inDays(30),
      poNumber: 'PO-ACCT-1',
      customerNumber: PARTNER_LAB.number,
      paymentRetref: null,
    });
    expect((await termsOf(partnerToken)).openOnAccount).toBe(before + GRINDER_CENTS / 100);

    const [confirmation] = await mailsAbout(shop, `order:${answer.orderNumber}`);
    expect(confirmation?.textBody).toContain('It is on your account (NET30): payment is due on');
  });

  it('needs a PO number, and stays within its credit limit', async () => {
    const noPo = await placeOnAccount(partnerToken, PARTNER_LAB.email, GRINDER, GRINDER_CENTS, {
      poNumber: '',
    });
    expect(noPo.status).toBe(400);
    expect(await errorOf(noPo)).toBe(PAYMENT_TERMS_MESSAGES.poRequired);

    // Six grinders at the partner price ($849.99 each) are more than the $5,000 limit.
    const tooMuch = await placeOnAccount(
      partnerToken,
      PARTNER_LAB.email,
      [{ number: PRODUCTS.grinder.number, quantity: 6 }],
      6 * 84_999,
    );
    expect(tooMuch.status).toBe(409);
    expect(await errorOf(tooMuch)).toMatch(
      /^This order is more than your account's available credit/,
    );
  });
});

describe('a user without terms', () => {
  it('cannot place an order on account, however the request is made', async () => {
    expect(await termsOf(otherLabToken)).toMatchObject({ onAccount: false, terms: null });
    const forced = await placeOnAccount(otherLabToken, OTHER_LAB.email);
    expect(forced.status).toBe(403);
    expect(await errorOf(forced)).toBe(PAYMENT_TERMS_MESSAGES.notAllowed);
    // A card token sent along changes nothing.
    const withCard = await placeOnAccount(otherLabToken, OTHER_LAB.email, GRINDER, GRINDER_CENTS, {
      token: paymentBody(GRINDER, GRINDER_CENTS).token,
    });
    expect(withCard.status).toBe(403);
    // A visitor: the same.
    const nonce = await newNonce(shop);
    const visitor = await pay(
      shop,
      paymentBody(GRINDER, 109_950, { paymentMethod: 'on_account', token: '', poNumber: 'X' }),
      { nonce },
    );
    expect(visitor.status).toBe(403);
    expect(await ordersOf(OTHER_LAB.email)).toHaveLength(0);
    // Paying by card without a token is still the spec's message.
    const noCard = await pay(shop, paymentBody(GRINDER, 109_950, { token: '' }), {
      nonce: await newNonce(shop),
    });
    expect(await errorOf(noCard)).toBe(CHECKOUT_MESSAGES.noCardToken);
  });
});

describe("the staff's say", () => {
  it('turns a lab off and allows another, audited, and the checkout follows', async () => {
    const off = await json<CustomerTermsEntry>(
      await setTerms({ email: PARTNER_LAB.email, mode: 'off' }),
    );
    expect(off).toMatchObject({ mode: 'off', onAccount: false, erp: { terms: 'NET30' } });
    expect((await placeOnAccount(partnerToken, PARTNER_LAB.email)).status).toBe(403);

    const allowed = await json<CustomerTermsEntry>(
      await setTerms({ email: OTHER_LAB.email, mode: 'allowed', dueDays: 45, creditLimit: 1000 }),
    );
    expect(allowed).toMatchObject({
      mode: 'allowed',
      onAccount: true,
      terms: 'NET45',
      effectiveDueDays: 45,
      effectiveCreditLimit: 1000,
    });
    const placed = await json<PaymentAnswer>(await placeOnAccount(otherLabToken, OTHER_LAB.email));
    expect(placed.paymentDueOn).toBe(inDays(45));

    const answer = await json<CustomerTermsAnswer>(
      await call(
        shop,
        'GET',
        `/api/admin/customer-terms?email=${PARTNER_LAB.email.toUpperCase()}&email=${OTHER_LAB.email}&email=nobody@x.example`,
        { token: shop.adminToken },
      ),
    );
    expect(answer.customers.map((entry) => [entry.customerNumber, entry.onAccount])).toEqual([
      [PARTNER_LAB.number, false],
      [OTHER_LAB.number, true],
      [null, false],
    ]);
    const audited = await shop.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.payment-terms'), eq(auditLog.entityId, OTHER_LAB.number)),
      );
    expect(audited.at(-1)?.after).toMatchObject({ mode: 'allowed', dueDays: 45 });

    // Back to the ERP's say.
    await json(await setTerms({ email: PARTNER_LAB.email, mode: 'erp' }));
    expect((await termsOf(partnerToken)).onAccount).toBe(true);
  });

  it('is the staff only, and refuses a bad value or an unknown e-mail', async () => {
    expect((await setTerms({ email: OTHER_LAB.email, mode: 'off' }, partnerToken)).status).toBe(
      403,
    );
    const bad = await setTerms({ email: OTHER_LAB.email, mode: 'allowed', dueDays: 0 });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe(PAYMENT_TERMS_MESSAGES.dueDays);
    const unknown = await setTerms({ email: 'nobody@x.example', mode: 'off' });
    expect(unknown.status).toBe(404);
  });
});
