import { createHash } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@labshop/shared/schemas/checkout';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { access } from '../../../src/http/access.ts';
import { sandboxTokenizer } from '../../../src/http/sandbox-tokenizer.ts';
import { securityHeaders } from '../../../src/http/security-headers.ts';
import { isCardNumber, sandboxToken } from '../../../src/integrations/payments/card-numbers.ts';
import {
  GatewayNoAnswer,
  GatewayUnavailable,
  type AuthorizeRequest,
} from '../../../src/integrations/payments/port.ts';
import {
  createSandboxGateway,
  SANDBOX_TEST_TOKENS,
  SANDBOX_TOKENIZER_PATH,
} from '../../../src/integrations/payments/sandbox.ts';

/** The embedded mode's sandbox gateway and its tokenizer page. */
const SITE = 'http://shop.test:8080';

let orderSequence = 0;
function request(overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  orderSequence += 1;
  return {
    orderId: `WEB-${300000 + orderSequence}`,
    token: SANDBOX_TEST_TOKENS.approves,
    expiry: '1230',
    amountCents: 2599,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '',
    address: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postal: '62701',
    country: 'US',
    ...overrides,
  };
}

describe('sandbox gateway', () => {
  it("makes tokens shaped like CardPointe's for the documented test cards", () => {
    expect(SANDBOX_TEST_TOKENS).toEqual({
      approves: '9111111111111111',
      declines: '9000000000000002',
      timesOut: '9999006200620062',
    });
    for (const card of Object.values(SANDBOX_TEST_CARDS)) expect(isCardNumber(card)).toBe(true);
  });

  it('approves 4111 1111 1111 1111 and keeps the authorization', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const charge = request();
    const result = await sandbox.authorize(charge);
    expect(result).toMatchObject({ outcome: 'approved', amountCents: 2599, respText: 'Approval' });
    const retref = result.outcome === 'approved' ? result.retref : '';
    expect(retref).toMatch(/^\d{12}$/);
    expect(sandbox.authorizations()).toMatchObject([
      { orderId: charge.orderId, retref, amountCents: 2599, last4: '1111', status: 'approved' },
    ]);
    await expect(sandbox.inquireByOrderId(charge.orderId)).resolves.toEqual({
      found: true,
      retref,
      approved: true,
      settlementStatus: 'Queued for Capture',
      amountCents: 2599,
      voidable: true,
      refundable: true,
    });
  });

  it('approves any other card number from the tokenizer', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    await expect(
      sandbox.authorize(request({ token: sandboxToken('5555555555554444') })),
    ).resolves.toMatchObject({ outcome: 'approved' });
    expect(sandbox.authorizations()[0]?.last4).toBe('4444');
  });

  it('declines 4000 0000 0000 0002 with 05 "Do not honor", holding no money', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const charge = request({ token: SANDBOX_TEST_TOKENS.declines });
    const result = await sandbox.authorize(charge);
    expect(result).toMatchObject({ outcome: 'declined', respCode: '05', respText: 'Do not honor' });
    expect(sandbox.authorizations()).toEqual([]);
    await expect(sandbox.inquireByOrderId(charge.orderId)).resolves.toMatchObject({
      found: true,
      approved: false,
      settlementStatus: 'Declined',
      voidable: false,
      refundable: false,
    });
    await expect(sandbox.voidByOrderId(charge.orderId)).resolves.toEqual({
      voided: false,
      respText: 'Txn not found',
    });
  });

  it('never answers for 4999 0062 0062 0062 and records nothing, so an inquiry finds nothing', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE, noAnswerDelayMs: 60 });
    const charge = request({ token: SANDBOX_TEST_TOKENS.timesOut });
    const started = Date.now();
    await expect(sandbox.authorize(charge)).rejects.toBeInstanceOf(GatewayNoAnswer);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    await expect(sandbox.inquireByOrderId(charge.orderId)).resolves.toEqual({ found: false });
    expect(sandbox.authorizations()).toEqual([]);
    expect(sandbox.attempts()).toMatchObject([{ orderId: charge.orderId, outcome: 'no-answer' }]);
  });

  it('declines what is not a sandbox token as "Invalid card" (a raw card number included)', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    for (const token of [SANDBOX_TEST_CARDS.approves, 'tok_123', '', '9123']) {
      await expect(sandbox.authorize(request({ token }))).resolves.toEqual({
        outcome: 'declined',
        retref: null,
        respCode: '11',
        respText: 'Invalid card',
      });
    }
    expect(sandbox.authorizations()).toEqual([]);
  });

  it('lists an order charged twice twice, so tests can assert "charged once"', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const charge = request();
    await sandbox.authorize(charge);
    await sandbox.authorize(charge);
    expect(sandbox.authorizations().filter((auth) => auth.orderId === charge.orderId)).toHaveLength(
      2,
    );
    sandbox.reset();
    expect(sandbox.authorizations()).toEqual([]);
  });

  it('remembers only its newest charges and attempts, so a long-running shop does not grow', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE, remember: 3 });
    const charges = Array.from({ length: 5 }, () => request());
    for (const charge of charges) await sandbox.authorize(charge);
    const newest = charges.slice(-3).map((charge) => charge.orderId);
    expect(sandbox.authorizations().map((auth) => auth.orderId)).toEqual(newest);
    expect(sandbox.attempts().map((attempt) => attempt.orderId)).toEqual(newest);
    // The newest are still found by an inquiry; the forgotten ones are not.
    await expect(sandbox.inquireByOrderId(charges[4]!.orderId)).resolves.toMatchObject({
      found: true,
    });
    await expect(sandbox.inquireByOrderId(charges[0]!.orderId)).resolves.toMatchObject({
      found: false,
    });
  });

  it('voids by order id (again is harmless) and by retref', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const charge = request();
    const approved = await sandbox.authorize(charge);
    const retref = approved.outcome === 'approved' ? approved.retref : '';
    await expect(sandbox.voidByOrderId(charge.orderId)).resolves.toEqual({ voided: true, retref });
    await expect(sandbox.inquireByOrderId(charge.orderId)).resolves.toMatchObject({
      found: true,
      approved: false,
      settlementStatus: 'Voided',
      voidable: false,
    });
    await expect(sandbox.voidByOrderId(charge.orderId)).resolves.toEqual({ voided: true, retref });
    await expect(sandbox.voidByOrderId('WEB-1')).resolves.toEqual({
      voided: false,
      respText: 'Txn not found',
    });
    expect(sandbox.authorizations()[0]?.status).toBe('voided');

    const other = await sandbox.authorize(request());
    const otherRetref = other.outcome === 'approved' ? other.retref : '';
    await expect(sandbox.void(otherRetref)).resolves.toEqual({ voided: true, retref: otherRetref });
    await expect(sandbox.void('000000000000')).resolves.toEqual({
      voided: false,
      respText: 'Txn not found',
    });
  });

  it('refunds in part and then the rest, but not a voided charge', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const approved = await sandbox.authorize(request({ amountCents: 1000 }));
    const retref = approved.outcome === 'approved' ? approved.retref : '';
    const part = await sandbox.refund(retref, 400);
    expect(part).toMatchObject({ refunded: true, amountCents: 400 });
    expect(part.refunded && part.retref).toMatch(/^\d{12}$/);
    await expect(sandbox.refund(retref)).resolves.toMatchObject({
      refunded: true,
      amountCents: 600,
    });
    await expect(sandbox.refund(retref)).resolves.toMatchObject({ refunded: false });
    await expect(sandbox.void(retref)).resolves.toEqual({
      voided: false,
      respText: 'Txn not voidable',
    });

    const voided = await sandbox.authorize(request());
    const voidedRetref = voided.outcome === 'approved' ? voided.retref : '';
    await sandbox.void(voidedRetref);
    await expect(sandbox.refund(voidedRetref)).resolves.toEqual({
      refunded: false,
      respText: 'Txn voided',
    });
  });

  it('takes faults from tests: a lost answer after charging, unavailable, no answer', async () => {
    const sandbox = createSandboxGateway({ siteOrigin: SITE });
    const lost = request();
    sandbox.failNext('authorize', 'answerLost');
    await expect(sandbox.authorize(lost)).rejects.toBeInstanceOf(GatewayNoAnswer);
    await expect(sandbox.inquireByOrderId(lost.orderId)).resolves.toMatchObject({
      found: true,
      approved: true,
    });

    const refused = request();
    sandbox.failNext('authorize', 'unavailable');
    await expect(sandbox.authorize(refused)).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(sandbox.inquireByOrderId(refused.orderId)).resolves.toEqual({ found: false });

    sandbox.failNext('inquireByOrderId', 'noAnswer', 2);
    await expect(sandbox.inquireByOrderId(lost.orderId)).rejects.toBeInstanceOf(GatewayNoAnswer);
    await expect(sandbox.inquireByOrderId(lost.orderId)).rejects.toBeInstanceOf(GatewayNoAnswer);
    await expect(sandbox.inquireByOrderId(lost.orderId)).resolves.toMatchObject({ found: true });

    sandbox.setAuthorizeDelay(50);
    const started = Date.now();
    await sandbox.authorize(request());
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(sandbox.authorizations()).toHaveLength(2);
  });

  it('frames its own tokenizer page on the site origin', () => {
    const { tokenizer } = createSandboxGateway({ siteOrigin: SITE });
    expect(tokenizer.origin).toBe(SITE);
    expect(new URL(tokenizer.url).origin).toBe(SITE);
    expect(new URL(tokenizer.url).pathname).toBe('/payments/sandbox-tokenizer');
  });
});

describe('sandbox tokenizer page', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function start(registerTokenizer: boolean): Promise<FastifyInstance> {
    app = Fastify();
    await app.register(securityHeaders, { https: false, development: false });
    await app.register(access, { resolveUser: async () => null, siteOrigin: SITE });
    if (registerTokenizer) await app.register(sandboxTokenizer, { siteOrigin: SITE });
    await app.ready();
    return app;
  }

  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const inline = (html: string, tag: 'script' | 'style') =>
    new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '';

  it('is served with its own strict CSP, framable only by the site, never cached', async () => {
    const response = await (
      await start(true)
    ).inject({
      url: `${SANDBOX_TOKENIZER_PATH}?useexpiry=true&usecvv=true`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    const html = response.body;
    expect(csp).toBe(
      [
        "default-src 'none'",
        `script-src ${sha256(inline(html, 'script'))}`,
        `style-src ${sha256(inline(html, 'style'))}`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
    expect(csp).not.toContain('unsafe');
  });

  it('has a labelled card number, expiry and CVV input, and loads nothing from anywhere', async () => {
    const html = (await (await start(true)).inject({ url: SANDBOX_TOKENIZER_PATH })).body;
    for (const [id, label, autocomplete] of [
      ['ccnumber', 'Card number', 'cc-number'],
      ['ccexpiry', 'Expiry (MM/YY)', 'cc-exp'],
      ['cccvv', 'CVV', 'cc-csc'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*autocomplete="${autocomplete}"`));
    }
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/\s(src|href)=|@import|url\(/);
    expect(html).toContain('never a real one');
  });

  it('posts only to the site origin, never to "*"', async () => {
    const html = (await (await start(true)).inject({ url: SANDBOX_TOKENIZER_PATH })).body;
    const code = inline(html, 'script');
    expect(code).toContain(`var PARENT_ORIGIN = ${JSON.stringify(SITE)};`);
    // One place posts, always to PARENT_ORIGIN.
    expect(code.match(/postMessage\(.*\)/g)).toEqual([
      'postMessage(JSON.stringify(payload), PARENT_ORIGIN)',
    ]);
    expect(code).not.toMatch(/['"]\*['"]/);
  });

  it('is absent (404) when the app does not register it (CardPointe mode)', async () => {
    const response = await (await start(false)).inject({ url: SANDBOX_TOKENIZER_PATH });
    expect(response.statusCode).toBe(404);
  });

  it('lets the shop frame it from its own pages (frame-src), and the tokenizer origin when elsewhere', async () => {
    const response = await (await start(true)).inject({ url: '/nothing' });
    expect(String(response.headers['content-security-policy'])).toContain("frame-src 'self'");
    const { contentSecurityPolicy } = await import('../../../src/http/security-headers.ts');
    const policy = contentSecurityPolicy('n', {
      https: true,
      development: false,
      frameOrigins: ['https://www.google.com'],
      tokenizerOrigin: 'https://fts-uat.cardconnect.com',
    });
    expect(policy).toContain(
      "frame-src 'self' https://www.google.com https://fts-uat.cardconnect.com;",
    );
    expect(policy).toContain("frame-ancestors 'none'");
  });

  describe('in a browser (jsdom)', () => {
    interface Input {
      value: string;
      textContent: string | null;
      classList: { contains(name: string): boolean };
      getAttribute(name: string): string | null;
      dispatchEvent(event: unknown): boolean;
    }
    interface DomWindow {
      document: { getElementById(id: string): Input | null };
      Event: new (type: string) => unknown;
      postMessage: (message: unknown, targetOrigin: string) => void;
    }
    type Jsdom = new (
      html: string,
      options: { url: string; runScripts: 'dangerously'; beforeParse(window: DomWindow): void },
    ) => { window: DomWindow & { close(): void } };

    async function openPage() {
      const html = (await (await start(true)).inject({ url: SANDBOX_TOKENIZER_PATH })).body;
      // jsdom is the web workspace's test DOM; it has no type declarations here.
      const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: Jsdom };
      const posted: { message: unknown; targetOrigin: string }[] = [];
      const dom = new JSDOM(html, {
        url: `${SITE}${SANDBOX_TOKENIZER_PATH}`,
        runScripts: 'dangerously',
        beforeParse(window) {
          // Not framed here, so window.parent is the window itself.
          window.postMessage = (message, targetOrigin) =>
            void posted.push({ message, targetOrigin });
        },
      });
      const field = (id: string) => {
        const input = dom.window.document.getElementById(id);
        if (!input) throw new Error(`no #${id}`);
        return input;
      };
      const type = (id: string, value: string) => {
        field(id).value = value;
        field(id).dispatchEvent(new dom.window.Event('input'));
      };
      const blur = (id: string) => field(id).dispatchEvent(new dom.window.Event('blur'));
      const messages = () =>
        posted.map(({ message, targetOrigin }) => {
          expect(targetOrigin).toBe(SITE);
          expect(typeof message).toBe('string');
          return JSON.parse(String(message)) as Record<string, string>;
        });
      return { dom, field, type, blur, messages };
    }

    it('posts the token and MMYY expiry once all three fields are complete and valid', async () => {
      const page = await openPage();
      page.type('ccnumber', '4111111111111111');
      expect(page.field('ccnumber').value).toBe('4111 1111 1111 1111');
      page.type('ccexpiry', '1230');
      expect(page.field('ccexpiry').value).toBe('12/30');
      expect(page.messages()).toEqual([]);
      page.type('cccvv', '123');
      expect(page.messages()).toEqual([{ message: SANDBOX_TEST_TOKENS.approves, expiry: '1230' }]);

      // Made incomplete again: the page is told to drop the token.
      page.type('cccvv', '12');
      expect(page.messages().at(-1)).toEqual({ message: '' });
      page.dom.window.close();
    });

    it('reports an invalid card number, a past expiry and a short CVV, and marks the fields', async () => {
      const page = await openPage();
      page.type('ccnumber', '4111 1111 1111 1112');
      expect(page.messages()).toEqual([{ message: '', validationError: 'Invalid card number' }]);
      expect(page.field('ccnumber').classList.contains('error')).toBe(true);
      expect(page.field('ccnumber').getAttribute('aria-invalid')).toBe('true');
      expect(page.field('ccnumber-error').textContent).toBe('Invalid card number');

      page.type('ccnumber', '4111 1111 1111 1111');
      expect(page.field('ccnumber').classList.contains('error')).toBe(false);

      page.type('ccexpiry', '0120');
      expect(page.messages().at(-1)).toEqual({
        message: '',
        validationError: 'Invalid expiry date',
      });
      page.type('ccexpiry', '12/30');

      page.type('cccvv', '1');
      page.blur('cccvv');
      expect(page.messages().at(-1)).toEqual({ message: '', validationError: 'Invalid CVV' });
      page.type('cccvv', '1234');
      expect(page.messages().at(-1)).toEqual({
        message: SANDBOX_TEST_TOKENS.approves,
        expiry: '1230',
      });

      // An incomplete number reported when the field is left.
      page.type('ccnumber', '4111 11');
      page.blur('ccnumber');
      expect(page.messages().slice(-2)).toEqual([
        { message: '' },
        { message: '', validationError: 'Invalid card number' },
      ]);
      page.dom.window.close();
    });
  });
});
