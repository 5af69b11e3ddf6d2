import {
  APP_TOKEN_HEADER,
  APP_TOKEN_VALUE,
  CAPTCHA_NONCE_HEADER,
  CHECKOUT_MESSAGES,
  type Billing,
  type CartAnswer,
  type PaymentAnswer,
} from '@labshop/shared/schemas/checkout';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processPayment, verifyCaptcha } from './api/checkout.ts';
import {
  checkoutProblem,
  PROGRESS_MESSAGES,
  runCheckout,
  type CheckoutCalls,
  type CheckoutInput,
} from './checkout-flow.ts';
import { priceOrder } from './order.ts';

function product(number: string, prices: Partial<ProductDto>): ProductDto {
  return {
    _id: number,
    number,
    title: `Product ${number}`,
    description: '',
    category: 'Lathes',
    images: [],
    newPrice: 100,
    oldPrice: null,
    wholesalePrice: null,
    partnerPricex3: null,
    brochure: null,
    shippingWeightLb: null,
    brochureUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    guid: number,
    ...prices,
  };
}

const retailCart: CartAnswer = {
  tier: 'retail',
  items: [
    { product: product('PL-30', { newPrice: 129.99 }), quantity: 2 },
    { product: product('AC-AP', { newPrice: 24 }), quantity: 1 },
  ],
  removed: [],
};

const billing: Billing = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@lee-dental.example',
  phone: '',
  address: '1 Main St',
  city: 'Toledo',
  state: 'OH',
  zip: '43612',
  country: 'US',
  poNumber: 'PO 88-B',
  companyFax: '',
};

function input(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    card: { token: '9411111111111111', expiry: '1228' },
    billing,
    order: priceOrder(retailCart, { code: 'black10', percent: 10 }),
    coupon: { code: 'black10', percent: 10 },
    signedIn: false,
    behaviour: { score: 0.85, mouseMovements: 40, keyPresses: 30, sessionDuration: 60_000 },
    ...overrides,
  };
}

const approved: PaymentAnswer = {
  ok: true,
  retref: '123456789012',
  error: null,
  orderNumber: 'WEB-100007',
  amount: 25558,
};

function calls(overrides: Partial<CheckoutCalls> = {}) {
  const log: string[] = [];
  const all = {
    captchaToken: null,
    verifyCaptcha: vi.fn(async (token: string) => {
      log.push(`verify:${token}`);
      return 'nonce-1';
    }),
    fetchLastSalesOrderId: vi.fn(async () => {
      log.push('last-id');
      return 'WEB-100006';
    }),
    processPayment: vi.fn(async () => {
      log.push('pay');
      return approved;
    }),
    checkCustomer: vi.fn(async () => {
      log.push('customer');
      return { customer: { number: 'C00042', fullName: 'Ann Lee' } };
    }),
    createSalesOrder: vi.fn(async () => {
      log.push('sales-order');
      return { ok: true as const, orderNumber: 'WEB-100007', erpSyncStatus: 'pending' as const };
    }),
    ...overrides,
  } satisfies CheckoutCalls;
  return { calls: all, log };
}

function hooks() {
  return {
    progress: [] as string[],
    nonces: [] as string[],
    onProgress(message: string) {
      this.progress.push(message);
    },
    onNonce(nonce: string) {
      this.nonces.push(nonce);
    },
    newCustomerNumber: () => 'WEBXYZ',
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the checks before any call', () => {
  it('say what the spec says, in the server order', () => {
    expect(checkoutProblem(input())).toBeNull();
    expect(checkoutProblem(input({ billing: { ...billing, companyFax: 'x' } }))).toBe(
      CHECKOUT_MESSAGES.companyFax,
    );
    expect(checkoutProblem(input({ card: { token: null, expiry: '' } }))).toBe(
      CHECKOUT_MESSAGES.noCardToken,
    );
    const empty = { ...retailCart, items: [] };
    expect(checkoutProblem(input({ order: priceOrder(empty, null) }))).toBe(
      CHECKOUT_MESSAGES.emptyCart,
    );
    const free = {
      ...retailCart,
      items: [{ product: product('F', { newPrice: 0 }), quantity: 1 }],
    };
    expect(checkoutProblem(input({ order: priceOrder(free, null) }))).toBe(
      CHECKOUT_MESSAGES.amountNotPositive,
    );
    const cheap = {
      ...retailCart,
      items: [{ product: product('C', { newPrice: 2.99 }), quantity: 1 }],
    };
    expect(checkoutProblem(input({ order: priceOrder(cheap, null) }))).toBe(
      CHECKOUT_MESSAGES.amountBelowMinimum,
    );
    expect(
      checkoutProblem(
        input({ behaviour: { score: 0.4, mouseMovements: 0, keyPresses: 0, sessionDuration: 1 } }),
      ),
    ).toBe(CHECKOUT_MESSAGES.suspicious);
  });

  it('stop the flow before any call', async () => {
    const { calls: all, log } = calls();
    await expect(
      runCheckout(input({ card: { token: null, expiry: '' } }), all, hooks()),
    ).rejects.toThrow(CHECKOUT_MESSAGES.noCardToken);
    expect(log).toEqual([]);
  });
});

describe('Pay Now', () => {
  it('verifies, numbers, pays, then books the customer and the sales order', async () => {
    const { calls: all, log } = calls();
    const progress = hooks();
    const result = await runCheckout(input(), all, progress);

    expect(log).toEqual(['verify:', 'last-id', 'pay', 'customer', 'sales-order']);
    expect(progress.progress).toEqual([
      PROGRESS_MESSAGES.security,
      PROGRESS_MESSAGES.orderNumber,
      PROGRESS_MESSAGES.payment,
      PROGRESS_MESSAGES.order,
      PROGRESS_MESSAGES.done,
    ]);
    expect(progress.nonces).toEqual(['nonce-1']);

    // 2 x 129.99 + 24 = 283.98; 10% = 28.40 (half up); total 255.58.
    expect(all.processPayment).toHaveBeenCalledWith(
      {
        amount: 25558,
        token: '9411111111111111',
        expiry: '1228',
        fullName: 'Ann Lee',
        email: 'ann@lee-dental.example',
        phone: '',
        salesOrderId: 'WEB-100007',
        billing: {
          address: '1 Main St',
          city: 'Toledo',
          state: 'OH',
          zip: '43612',
          country: 'US',
          companyFax: '',
        },
        cart: [
          { number: 'PL-30', title: 'Product PL-30', quantity: 2, newPrice: 129.99 },
          { number: 'AC-AP', title: 'Product AC-AP', quantity: 1, newPrice: 24 },
        ],
        couponCode: 'black10',
        poNumber: 'PO 88-B',
        quoteNumber: '',
        paymentMethod: 'card',
        discountAmount: 28.4,
        behavioralScore: 0.85,
        behavioralData: {
          score: 0.85,
          mouseMovements: 40,
          keyPresses: 30,
          sessionDuration: 60_000,
        },
        recaptcha_token2: '',
      },
      'nonce-1',
    );
    expect(all.checkCustomer).toHaveBeenCalledWith(
      expect.objectContaining({ fullName: 'Ann Lee', number: 'WEBXYZ', paymentSuccessful: true }),
      'nonce-1',
    );
    expect(all.createSalesOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        customerType: 'Retail',
        newOrderNumber: 'WEB-100007',
        customerNumber: 'C00042',
        customerEmail: 'ann@lee-dental.example',
        couponCode: 'black10',
        discountAmount: 28.4,
        billing: expect.objectContaining({ addressLine1: '1 Main St', postalCode: '43612' }),
      }),
      'nonce-1',
    );
    expect(result).toEqual({
      orderId: 'WEB-100007',
      amount: 25558,
      cart: [
        { number: 'PL-30', title: 'Product PL-30', quantity: 2, newPrice: 129.99 },
        { number: 'AC-AP', title: 'Product AC-AP', quantity: 1, newPrice: 24 },
      ],
      paymentDueOn: null,
      fromQuote: false,
    });
  });

  it('asks the captcha for the payment action when one is configured', async () => {
    const actions: string[] = [];
    const { calls: all, log } = calls({
      captchaToken: async (action) => {
        actions.push(action);
        return `token-${action}`;
      },
    });
    await runCheckout(input(), all, hooks());
    expect(actions).toEqual(['payment', 'payment_confirm']);
    expect(log[0]).toBe('verify:token-payment');
    expect(vi.mocked(all.processPayment).mock.calls[0]![0].recaptcha_token2).toBe(
      'token-payment_confirm',
    );
  });

  it('stops when the captcha cannot give a token', async () => {
    const { calls: all, log } = calls({ captchaToken: async () => null });
    await expect(runCheckout(input(), all, hooks())).rejects.toThrow(
      CHECKOUT_MESSAGES.securityUnavailable,
    );
    expect(log).toEqual([]);
  });

  it('shows the decline text, or Payment declined without one', async () => {
    const declined = { ...approved, ok: false, retref: null, orderNumber: null, amount: null };
    const { calls: withText, log } = calls({
      processPayment: vi.fn(async () => ({ ...declined, error: 'Insufficient funds' })),
    });
    await expect(runCheckout(input(), withText, hooks())).rejects.toThrow('Insufficient funds');
    expect(log).toEqual(['verify:', 'last-id']);

    const { calls: withoutText } = calls({ processPayment: vi.fn(async () => declined) });
    await expect(runCheckout(input(), withoutText, hooks())).rejects.toThrow(
      CHECKOUT_MESSAGES.declined,
    );
  });

  it('completes when the customer and sales-order calls fail after the payment', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls: all } = calls({
      checkCustomer: vi.fn(async () => {
        throw new Error('ERP down');
      }),
      createSalesOrder: vi.fn(async () => {
        throw new Error('ERP down');
      }),
    });
    const result = await runCheckout(input({ signedIn: true }), all, hooks());
    expect(result.orderId).toBe('WEB-100007');
    // The generated number is used when checkCustomer did not answer.
    expect(all.createSalesOrder).toHaveBeenCalledWith(
      expect.objectContaining({ customerNumber: 'WEBXYZ', customerType: 'Wholesale' }),
      'nonce-1',
    );
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('the calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('send the spec headers with process-payment', async () => {
    fetchMock.mockResolvedValue(Response.json(approved));
    await processPayment({ amount: 500, behavioralScore: 0.9, cart: [], billing: {} }, 'n-1');
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/process-payment');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      'content-type': 'application/json',
      [APP_TOKEN_HEADER]: APP_TOKEN_VALUE,
      [CAPTCHA_NONCE_HEADER]: 'n-1',
    });
  });

  it('show the server error text, else the raw body, else a status message', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: CHECKOUT_MESSAGES.amountMismatch }, { status: 409 }),
    );
    await expect(processPayment({} as never, 'n')).rejects.toThrow(
      CHECKOUT_MESSAGES.amountMismatch,
    );
    fetchMock.mockResolvedValueOnce(new Response('Gateway timeout', { status: 504 }));
    await expect(processPayment({} as never, 'n')).rejects.toThrow('Gateway timeout');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(processPayment({} as never, 'n')).rejects.toThrow(
      'Request failed with status code 502',
    );
  });

  it("say 'Security verification failed' when verify-captcha fails without text", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 403 }));
    await expect(verifyCaptcha('t')).rejects.toThrow(CHECKOUT_MESSAGES.securityFailed);
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: CHECKOUT_MESSAGES.securityUnavailable }, { status: 503 }),
    );
    await expect(verifyCaptcha('t')).rejects.toThrow(CHECKOUT_MESSAGES.securityUnavailable);
  });
});
