import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  decimalToCents,
  sandboxToken,
} from '../../../src/integrations/payments/card-numbers.ts';
import {
  createCardPointeGateway,
  type CardPointeConfig,
} from '../../../src/integrations/payments/cardpointe.ts';
import { createPaymentGateway } from '../../../src/integrations/payments/index.ts';
import {
  GatewayNoAnswer,
  GatewayUnavailable,
  type AuthorizeRequest,
} from '../../../src/integrations/payments/port.ts';
import { SANDBOX_TEST_TOKENS } from '../../../src/integrations/payments/sandbox.ts';
import { startFakeCardPointe, type FakeCardPointe } from '../../fakes/cardpointe.ts';
import { freePort } from '../../support/helper.ts';

/** The CardPointe REST adapter against a local fake of the gateway. */
const PASSWORD = 'uat-secret-Pa55word';

let gateway: FakeCardPointe;
const lines: string[] = [];
const log = pino(
  { level: 'info' },
  { write: (line: string) => void lines.push(line) },
) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  gateway = await startFakeCardPointe({ username: 'labshop', password: PASSWORD });
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.reset();
  lines.length = 0;
});

function config(overrides: Partial<CardPointeConfig> = {}): CardPointeConfig {
  return {
    kind: 'cardpointe',
    url: gateway.url,
    merchantId: gateway.merchantId,
    username: gateway.username,
    password: gateway.password,
    tokenizerUrl: gateway.tokenizerUrl,
    timeoutMs: 400,
    ...overrides,
  };
}

const adapter = (overrides: Partial<CardPointeConfig> = {}) =>
  createCardPointeGateway(config(overrides), { log });

let orderSequence = 0;
function request(overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  orderSequence += 1;
  return {
    orderId: `WEB-${200000 + orderSequence}`,
    token: SANDBOX_TEST_TOKENS.approves,
    expiry: '1230',
    amountCents: 12345,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+1 555 0100',
    address: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postal: '62701',
    country: 'US',
    ...overrides,
  };
}

const lastCall = () => gateway.calls[gateway.calls.length - 1];

describe('CardPointe authorization', () => {
  it('approves, sending Basic auth and every value as a string, amounts with a decimal point', async () => {
    const charge = request();
    const result = await adapter().authorize(charge);
    expect(result).toMatchObject({ outcome: 'approved', amountCents: 12345, respText: 'Approval' });
    expect(result.outcome === 'approved' && result.retref).toMatch(/^\d{12}$/);
    expect(result.outcome === 'approved' && result.authCode).toMatch(/^\d{6}$/);

    const call = lastCall();
    expect(call?.method).toBe('PUT');
    expect(call?.path).toBe('/auth');
    expect(call?.authorization).toBe(
      `Basic ${Buffer.from(`labshop:${PASSWORD}`).toString('base64')}`,
    );
    expect(call?.body).toEqual({
      merchid: gateway.merchantId,
      account: SANDBOX_TEST_TOKENS.approves,
      expiry: '1230',
      amount: '123.45',
      currency: 'USD',
      capture: 'Y',
      orderid: charge.orderId,
      ecomind: 'E',
      name: 'Ada Lovelace',
      address: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      country: 'US',
      postal: '62701',
      phone: '+1 555 0100',
      email: 'ada@example.com',
    });
    expect(Object.values(call?.body ?? {}).every((value) => typeof value === 'string')).toBe(true);
    // The gateway holds the capture under our order number.
    expect(gateway.transactions()).toMatchObject([
      { orderid: charge.orderId, amountCents: 12345, setlstat: 'Queued for Capture' },
    ]);
  });

  it('sends small and round amounts as decimal strings, and leaves out an empty expiry and phone', async () => {
    await adapter().authorize(request({ amountCents: 300, expiry: '', phone: ' ' }));
    expect(lastCall()?.body).toMatchObject({ amount: '3.00' });
    expect(lastCall()?.body).not.toHaveProperty('expiry');
    expect(lastCall()?.body).not.toHaveProperty('phone');
    await adapter().authorize(request({ amountCents: 5 }));
    expect(lastCall()?.body).toMatchObject({ amount: '0.05' });
    expect(centsToDecimal(100000)).toBe('1000.00');
    expect(decimalToCents('1116.95')).toBe(111695);
    expect(decimalToCents('20')).toBe(2000);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('abc')).toBeNull();
  });

  it('reads answers by name whatever the key order, ignoring unknown keys', async () => {
    gateway.failNext(200, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        zzz: 'x',
        amount: '10.00',
        authcode: 'A1B2C3',
        retref: '123456789012',
        something: { nested: true },
        respstat: 'A',
        resptext: 'Approval',
      }),
    });
    await expect(adapter().authorize(request({ amountCents: 1000 }))).resolves.toEqual({
      outcome: 'approved',
      retref: '123456789012',
      amountCents: 1000,
      authCode: 'A1B2C3',
      respText: 'Approval',
    });
  });

  it('declines with the code and the gateway text (HTTP 200, respstat C)', async () => {
    const result = await adapter().authorize(request({ amountCents: 105_100 }));
    expect(result).toMatchObject({
      outcome: 'declined',
      respCode: '051',
      respText: 'Insufficient funds',
    });
    expect(result.outcome === 'declined' && result.retref).toMatch(/^\d{12}$/);
  });

  it('declines with an empty text when the gateway gives none, so the shop says "Payment declined"', async () => {
    await expect(adapter().authorize(request({ amountCents: 199_900 }))).resolves.toMatchObject({
      outcome: 'declined',
      respCode: '999',
      respText: '',
    });
  });

  it("gives the gateway's own (PPS) codes a clear text when the answer has none", async () => {
    gateway.failNext(200, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ respstat: 'C', respproc: 'PPS', respcode: '13', resptext: '' }),
    });
    await expect(adapter().authorize(request())).resolves.toEqual({
      outcome: 'declined',
      retref: null,
      respCode: '13',
      respText: 'Invalid card number',
    });
    // With a text, the gateway's text is kept.
    await expect(
      adapter().authorize(request({ token: '4111111111111112' })),
    ).resolves.toMatchObject({
      outcome: 'declined',
      respCode: '13',
      respText: 'Bad card check digit',
    });
  });

  it('reports respstat B (62, timed out at the processor) as "retry"', async () => {
    await expect(
      adapter().authorize(request({ token: sandboxToken('4999006200620062') })),
    ).resolves.toMatchObject({ outcome: 'retry', respCode: '62', respText: 'Timed out' });
  });

  it('refuses an order id the gateway would mask as a card number', async () => {
    await expect(adapter().authorize(request({ orderId: '4111111111111111' }))).rejects.toThrow(
      /cannot be a CardPointe orderid/,
    );
    expect(gateway.calls).toHaveLength(0);
  });
});

describe('CardPointe failures', () => {
  it('makes a 500 or 503 GatewayUnavailable (nothing charged)', async () => {
    for (const status of [500, 503]) {
      gateway.failNext(status);
      const error = await adapter()
        .authorize(request())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatewayUnavailable);
      expect((error as Error).message).toBe(`CardPointe auth: the gateway answered HTTP ${status}`);
    }
    expect(gateway.transactions()).toHaveLength(0);
  });

  it("makes a proxy's 502/504 to an authorization GatewayNoAnswer (the charge may have happened)", async () => {
    gateway.failNext(504);
    await expect(adapter().authorize(request())).rejects.toBeInstanceOf(GatewayNoAnswer);
    gateway.failNext(502);
    await expect(adapter().inquireByOrderId('WEB-1')).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('makes refused credentials GatewayUnavailable without the password in the message or the log', async () => {
    const wrong = 'very-secret-wrong-password';
    const error = await adapter({ password: wrong })
      .authorize(request())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailable);
    const message = (error as Error).message;
    expect(message).toMatch(/refused the credentials \(HTTP 401\).*CARDPOINTE_PASSWORD/);
    const basic = Buffer.from(`labshop:${wrong}`).toString('base64');
    for (const text of [message, lines.join('\n')]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(basic);
    }
    expect(lines.join('\n')).toContain('HTTP 401');
    // Never the card token either.
    expect(lines.join('\n')).not.toContain(SANDBOX_TEST_TOKENS.approves);
  });

  it('makes a page that is not JSON, or a wrong URL, GatewayUnavailable', async () => {
    gateway.failNext(200, { body: '<html>maintenance</html>' });
    await expect(adapter().authorize(request())).rejects.toThrow(
      'CardPointe auth: the gateway answered HTTP 200 without a JSON object',
    );
    await expect(
      adapter({ url: `${gateway.url}/wrong-prefix` }).authorize(request()),
    ).rejects.toThrow(/no such endpoint \(HTTP 404\); check CARDPOINTE_URL/);
  });

  it('makes a refused connection GatewayUnavailable: nothing was sent', async () => {
    const error = await adapter({ url: `http://127.0.0.1:${await freePort()}` })
      .authorize(request())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('times out into GatewayNoAnswer; inquireByOrderId then finds the charge whose answer was lost', async () => {
    const charge = request({ amountCents: 4200 });
    gateway.hangNext({ store: true });
    const started = Date.now();
    const error = await adapter()
      .authorize(charge)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayNoAnswer);
    expect((error as Error).message).toBe('CardPointe auth: no answer within 400 ms');
    expect(Date.now() - started).toBeLessThan(3000);

    const [stored] = gateway.transactions();
    const inquiry = await adapter().inquireByOrderId(charge.orderId);
    expect(inquiry).toEqual({
      found: true,
      retref: stored?.retref,
      approved: true,
      settlementStatus: 'Queued for Capture',
      amountCents: 4200,
      voidable: true,
      refundable: false,
    });
    expect(lastCall()).toMatchObject({
      method: 'GET',
      path: `/inquireByOrderid/${charge.orderId}/${gateway.merchantId}/1`,
    });
  });

  it('finds nothing for an order whose authorization never arrived (PPS 29, or 404 Txn not found)', async () => {
    const charge = request();
    gateway.hangNext({ store: false });
    await expect(adapter().authorize(charge)).rejects.toBeInstanceOf(GatewayNoAnswer);
    await expect(adapter().inquireByOrderId(charge.orderId)).resolves.toEqual({ found: false });
    await expect(adapter().inquireByOrderId('WEB-999999')).resolves.toEqual({ found: false });
    gateway.failNext(404, { body: 'Txn not found' });
    await expect(adapter().inquireByOrderId('WEB-999998')).resolves.toEqual({ found: false });
  });

  it('makes a rate-limited inquiry GatewayUnavailable saying when to retry', async () => {
    gateway.failNext(429, {
      body: '',
      headers: { 'x-rate-limit-retry-after-seconds': '42' },
    });
    const error = await adapter()
      .inquireByOrderId('WEB-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect((error as Error).message).toBe(
      'CardPointe inquireByOrderid: rate limited (HTTP 429); retry after 42 s',
    );
    expect((error as GatewayUnavailable).retryAfterSeconds).toBe(42);
  });
});

describe('CardPointe inquiry, void and refund', () => {
  it('reports a declined order as found but not approved', async () => {
    const charge = request({ amountCents: 100_500 });
    await adapter().authorize(charge);
    await expect(adapter().inquireByOrderId(charge.orderId)).resolves.toMatchObject({
      found: true,
      approved: false,
      settlementStatus: 'Declined',
      voidable: false,
    });
  });

  it('prefers the approved record when an order id was authorized more than once', async () => {
    const charge = request();
    await adapter().authorize({ ...charge, amountCents: 100_500 });
    const approved = await adapter().authorize(charge);
    await adapter().authorize({ ...charge, amountCents: 100_500 });
    const inquiry = await adapter().inquireByOrderId(charge.orderId);
    expect(inquiry).toMatchObject({ found: true, approved: true, amountCents: 12345 });
    expect(inquiry.found && inquiry.retref).toBe(
      approved.outcome === 'approved' && approved.retref,
    );
  });

  it('voids by order id (skipping declined records) and then reports the order voided', async () => {
    const charge = request();
    const approved = await adapter().authorize(charge);
    const voided = await adapter().voidByOrderId(charge.orderId);
    expect(voided).toEqual({
      voided: true,
      retref: approved.outcome === 'approved' ? approved.retref : 'none',
    });
    expect(lastCall()).toMatchObject({
      method: 'PUT',
      path: '/voidByOrderId',
      body: { merchid: gateway.merchantId, orderid: charge.orderId },
    });
    await expect(adapter().inquireByOrderId(charge.orderId)).resolves.toMatchObject({
      found: true,
      approved: false,
      settlementStatus: 'Voided',
      voidable: false,
    });
    await expect(adapter().voidByOrderId(charge.orderId)).resolves.toEqual({
      voided: false,
      respText: 'Txn not found',
    });

    const declined = request({ amountCents: 100_500 });
    await adapter().authorize(declined);
    await expect(adapter().voidByOrderId(declined.orderId)).resolves.toMatchObject({
      voided: false,
    });
  });

  it('voids by retref', async () => {
    const approved = await adapter().authorize(request());
    if (approved.outcome !== 'approved') throw new Error('not approved');
    await expect(adapter().void(approved.retref)).resolves.toEqual({
      voided: true,
      retref: approved.retref,
    });
    expect(lastCall()?.body).toEqual({ merchid: gateway.merchantId, retref: approved.retref });
    await expect(adapter().void('000000000000')).resolves.toEqual({
      voided: false,
      respText: 'Txn not found',
    });
  });

  it('refunds a settled charge, in part and then the rest', async () => {
    const approved = await adapter().authorize(request({ amountCents: 2000 }));
    if (approved.outcome !== 'approved') throw new Error('not approved');
    await expect(adapter().refund(approved.retref)).resolves.toEqual({
      refunded: false,
      respText: 'Txn not settled',
    });
    gateway.settle();
    const part = await adapter().refund(approved.retref, 500);
    expect(part).toMatchObject({ refunded: true, amountCents: 500 });
    expect(part.refunded && part.retref).not.toBe(approved.retref);
    expect(lastCall()?.body).toEqual({
      merchid: gateway.merchantId,
      retref: approved.retref,
      amount: '5.00',
    });
    await expect(adapter().refund(approved.retref)).resolves.toMatchObject({
      refunded: true,
      amountCents: 1500,
    });
    expect(lastCall()?.body).not.toHaveProperty('amount');
  });
});

describe('CardPointe set-up', () => {
  it('checks the credentials with the REST servlet call', async () => {
    await expect(adapter().checkCredentials()).resolves.toBeUndefined();
    expect(lastCall()).toMatchObject({
      method: 'PUT',
      path: '/',
      body: { merchid: gateway.merchantId },
    });
    await expect(adapter({ password: 'nope' }).checkCredentials()).rejects.toThrow(
      /refused the credentials \(HTTP 401\)/,
    );
  });

  it("frames the hosted tokenizer with expiry and CVV inside, keeping the URL's own parameters", () => {
    const { tokenizer } = adapter();
    expect(tokenizer.origin).toBe(gateway.url);
    const url = new URL(tokenizer.url);
    expect(url.origin + url.pathname).toBe(gateway.tokenizerUrl);
    expect(url.searchParams.get('useexpiry')).toBe('true');
    expect(url.searchParams.get('usecvv')).toBe('true');
    expect(url.searchParams.get('formatinput')).toBe('true');
    expect(url.searchParams.get('css')).toContain('.error{');
    // Spaces in css as %20, never '+'.
    expect(tokenizer.url).not.toMatch(/css=[^&]*\+/);

    const own = adapter({ tokenizerUrl: `${gateway.tokenizerUrl}?usecvv=false&css=input%7B%7D` })
      .tokenizer.url;
    expect(new URL(own).searchParams.get('usecvv')).toBe('false');
    expect(new URL(own).searchParams.get('css')).toBe('input{}');
    expect(new URL(own).searchParams.get('useexpiry')).toBe('true');
  });

  it('is what createPaymentGateway makes for the cardpointe configuration', () => {
    expect(createPaymentGateway(config(), { siteOrigin: 'http://shop.test', log }).kind).toBe(
      'cardpointe',
    );
    const sandbox = createPaymentGateway(
      { kind: 'sandbox' },
      { siteOrigin: 'http://shop.test', log },
    );
    expect(sandbox.kind).toBe('sandbox');
    expect(sandbox.tokenizer.origin).toBe('http://shop.test');
  });
});
