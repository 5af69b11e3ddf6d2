import type { PaymentAnswer, PaymentRequest } from '@labshop/shared/schemas/checkout';
import { CAPTCHA_NONCE_HEADER } from '@labshop/shared/schemas/checkout';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  categories,
  coupons,
  mailLog,
  orderLines,
  orders,
  products,
} from '../../src/db/schema/index.ts';
import { enqueue } from '../../src/jobs/outbox.ts';
import {
  SANDBOX_TEST_TOKENS,
  isSandboxGateway,
  type SandboxGateway,
} from '../../src/integrations/payments/sandbox.ts';
import type { TestApp } from './helper.ts';

/** The checkout API tests' catalogue, coupons and calls. Prices are in cents. */

export const PRODUCTS = {
  /** Retail 1099.50, wholesale 899.00, partner x3 849.99. */
  grinder: {
    number: 'AG-210',
    title: 'Alloy Grinder Pro 210',
    newPriceCents: 109_950,
    wholesalePriceCents: 89_900,
    partnerPriceX3Cents: 84_999,
  },
  /** Retail 250.00, wholesale 200.00, no partner price. */
  vibrator: {
    number: 'VB-7',
    title: 'Heavy Vibrator',
    newPriceCents: 25_000,
    wholesalePriceCents: 20_000,
    partnerPriceX3Cents: null,
  },
  /** Retail 4.10: below the minimum alone. */
  bur: {
    number: 'BUR-1',
    title: 'Carbide Bur',
    newPriceCents: 410,
    wholesalePriceCents: 300,
    partnerPriceX3Cents: 250,
  },
  /** A product whose title says it is not available. */
  unavailable: {
    number: 'TR-9',
    title: 'Model Trimmer (not available)',
    newPriceCents: 50_000,
    wholesalePriceCents: 40_000,
    partnerPriceX3Cents: null,
  },
  /** Deleted: orders may name it, nobody can buy it. */
  deleted: {
    number: 'OLD-1',
    title: 'Retired Lathe',
    newPriceCents: 70_000,
    wholesalePriceCents: 60_000,
    partnerPriceX3Cents: null,
  },
} as const;

/** The catalogue and the coupons the tests price with (WELCOME2, Black10, an inactive one). */
export async function seedCheckoutData(app: TestApp): Promise<void> {
  const { db } = app.database;
  const [category] = await db
    .insert(categories)
    .values({ name: 'Lab Machines', thumbnail: '/uploads/lab.jpg' })
    .returning();
  await db.insert(products).values(
    Object.values(PRODUCTS).map((product) => ({
      ...product,
      description: `${product.title} for the lab.`,
      categoryId: category!.id,
      images: [`/uploads/products/${product.number}.jpg`],
      deletedAt: product.number === PRODUCTS.deleted.number ? new Date() : null,
    })),
  );
  await db.insert(coupons).values([
    { code: 'WELCOME2', percent: 2 },
    { code: 'Black10', percent: 10 },
    { code: 'SPRING5', percent: 5, active: false },
  ]);
}

export function sandboxOf(app: TestApp): SandboxGateway {
  const gateway = app.app.paymentGateway;
  if (!isSandboxGateway(gateway)) throw new Error('the test app should use the sandbox gateway');
  return gateway;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function call(app: TestApp, method: string, url: string, options: CallOptions = {}) {
  return fetch(`${app.origin}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

/**
 * The mails about `topic` ('quote:Q-…', 'order:WEB-…'), to `to` when given, once the outbox has
 * sent them (it runs apart from the request): polled for up to 5 s; empty if none came.
 */
export async function mailsAbout(app: TestApp, topic: string, to?: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const rows = await app.database.db
      .select()
      .from(mailLog)
      .where(
        and(eq(mailLog.relatedTo, topic), to === undefined ? undefined : eq(mailLog.toAddress, to)),
      );
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

export async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

/** A nonce from verify-captcha (captcha off, or with the given token). */
export async function newNonce(
  app: TestApp,
  options: { captchaToken?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const response = await call(app, 'POST', '/api/checkout/verify-captcha', {
    body: { captchaToken: options.captchaToken ?? '' },
    ...(options.headers ? { headers: options.headers } : {}),
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { success: boolean; nonce: string };
  expect(answer.success).toBe(true);
  return answer.nonce;
}

export type CartLine = { number: string; quantity: number; newPrice?: number };

/** A valid payment request for `cart` and `amount` (cents), the approving test card. */
export function paymentBody(
  cart: CartLine[],
  amount: number,
  overrides: Partial<PaymentRequest> = {},
): PaymentRequest {
  return {
    amount,
    token: SANDBOX_TEST_TOKENS.approves,
    expiry: '1230',
    fullName: 'Maria Delgado',
    email: 'maria@brightline.example',
    phone: '+1 (419) 555-0199',
    salesOrderId: 'WEB-100001',
    billing: {
      address: '1250 Industrial Pkwy',
      city: 'Toledo',
      state: 'OH',
      zip: '43612',
      country: 'US',
      companyFax: '',
    },
    cart: cart.map((line) => ({ newPrice: 1, ...line })),
    couponCode: '',
    discountAmount: 0,
    behavioralScore: 0.8,
    behavioralData: { score: 0.8, mouseMovements: 40, keyPresses: 60, sessionDuration: 45_000 },
    recaptcha_token2: '',
    ...overrides,
  };
}

export function pay(
  app: TestApp,
  body: unknown,
  options: { nonce?: string; token?: string } = {},
): Promise<Response> {
  return call(app, 'POST', '/api/process-payment', {
    body,
    ...(options.token ? { token: options.token } : {}),
    headers: options.nonce !== undefined ? { [CAPTCHA_NONCE_HEADER]: options.nonce } : {},
  });
}

/** Pays and expects an approval; answers the payment answer and the nonce used. */
export async function payOk(
  app: TestApp,
  body: PaymentRequest,
  options: { token?: string } = {},
): Promise<PaymentAnswer & { nonce: string }> {
  const nonce = await newNonce(app);
  const response = await pay(app, body, { nonce, ...options });
  const answer = (await response.json()) as PaymentAnswer;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
  return { ...answer, nonce };
}

type OrderValues = typeof orders.$inferInsert;
type PaidOrderLine = Pick<
  typeof orderLines.$inferInsert,
  'productNumber' | 'title' | 'quantity' | 'unitPriceCents'
>;

/**
 * What process-payment leaves behind for an approved charge, written straight to the database:
 * a paid order (Ada Lovelace in London unless `order` says otherwise), its lines (two unless
 * given) and the outbox `jobs` named (none unless given), in one transaction.
 */
export async function insertPaidOrder(
  db: Database,
  options: {
    number: string;
    email: string;
    order?: Partial<OrderValues>;
    lines?: PaidOrderLine[];
    jobs?: readonly string[];
  },
): Promise<void> {
  const { number, email } = options;
  const lines = options.lines ?? [
    { productNumber: 'P-100', title: 'Pipette & tips', quantity: 2, unitPriceCents: 1500 },
    { productNumber: 'P-200', title: 'Beaker', quantity: 1, unitPriceCents: 2000 },
  ];
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        status: 'paid',
        customerName: 'Ada Lovelace',
        customerType: 'Retail',
        email,
        phone: '555-0100',
        subtotalCents: 5000,
        discountCents: 500,
        amountCents: 4500,
        couponCode: 'Black10',
        shipName: 'Ada Lovelace',
        shipAddress1: '1 Analytical St',
        shipCity: 'London',
        shipState: 'LDN',
        shipPostCode: 'N1 9GU',
        shipCountry: 'GB',
        paymentRetref: '123456789012',
        paidAt: new Date(),
        erpSyncStatus: 'pending',
        ...options.order,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderLines).values(
      lines.map((line, index) => ({
        ...line,
        orderId: order.id,
        position: index + 1,
        lineTotalCents: line.unitPriceCents * line.quantity,
      })),
    );
    for (const kind of options.jobs ?? []) {
      await enqueue(tx, { kind, payload: { orderNumber: number }, dedupeKey: `${kind}:${number}` });
    }
  });
}
