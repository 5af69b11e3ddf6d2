import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../../src/integrations/captcha/index.ts';
import {
  createRecaptchaVerifier,
  type RecaptchaConfig,
} from '../../../src/integrations/captcha/recaptcha.ts';
import { fakeCaptchaToken, startFakeRecaptcha, type FakeRecaptcha } from '../../fakes/recaptcha.ts';

/** The reCAPTCHA v3 adapter against a local siteverify, and the embedded "off" captcha. */
const SECRET = 'test-recaptcha-secret';
const HOSTNAME = 'shop.labshop.example';

let google: FakeRecaptcha;
const lines: string[] = [];
const log = pino(
  { level: 'info' },
  { write: (line: string) => void lines.push(line) },
) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  google = await startFakeRecaptcha({ secret: SECRET, hostname: HOSTNAME });
});
afterAll(() => google.close());
beforeEach(() => {
  google.setMode('ok');
  google.hostname = HOSTNAME;
  google.verifications.length = 0;
  lines.length = 0;
});

function config(overrides: Partial<RecaptchaConfig> = {}): RecaptchaConfig {
  return {
    kind: 'recaptcha',
    secret: SECRET,
    siteKey: 'test-site-key',
    verifyUrl: google.verifyUrl,
    scriptUrl: google.scriptUrl,
    minScore: 0.5,
    hostname: HOSTNAME,
    ...overrides,
  };
}

const verifier = (overrides: Partial<RecaptchaConfig> = {}) =>
  createRecaptchaVerifier(config(overrides), { log, timeoutMs: 400 });

describe('reCAPTCHA v3 adapter', () => {
  it('accepts a token for the expected action, hostname and a score at the minimum', async () => {
    const verdict = await verifier().verify({
      token: fakeCaptchaToken('contact_submit', 0.5),
      action: 'contact_submit',
      remoteIp: '203.0.113.9',
    });
    expect(verdict).toEqual({ outcome: 'accepted', score: 0.5 });
    // siteverify got the secret, the token and the visitor's IP, form-encoded.
    expect(google.verifications[0]).toMatchObject({ secret: SECRET, remoteip: '203.0.113.9' });
    expect(google.verifications[0]?.response).toMatch(/^fake:contact_submit:0.5:/);
  });

  it('takes the action as a parameter, so checkout can ask for "payment"', async () => {
    const captcha = verifier();
    await expect(
      captcha.verify({ token: fakeCaptchaToken('payment', 0.9), action: 'payment' }),
    ).resolves.toMatchObject({ outcome: 'accepted', score: 0.9 });
    await expect(
      captcha.verify({ token: fakeCaptchaToken('payment', 0.9), action: 'contact_submit' }),
    ).resolves.toMatchObject({ outcome: 'rejected', reason: 'wrong-action' });
  });

  it('refuses a score below the minimum, and honours a configured minimum', async () => {
    await expect(
      verifier().verify({
        token: fakeCaptchaToken('contact_submit', 0.4),
        action: 'contact_submit',
      }),
    ).resolves.toMatchObject({ outcome: 'rejected', reason: 'low-score', score: 0.4 });
    await expect(
      verifier({ minScore: 0.3 }).verify({
        token: fakeCaptchaToken('contact_submit', 0.4),
        action: 'contact_submit',
      }),
    ).resolves.toMatchObject({ outcome: 'accepted' });
  });

  it('refuses a token made on another site', async () => {
    google.hostname = 'evil.example';
    await expect(
      verifier().verify({
        token: fakeCaptchaToken('contact_submit', 0.9),
        action: 'contact_submit',
      }),
    ).resolves.toMatchObject({ outcome: 'rejected', reason: 'wrong-hostname' });
  });

  it('refuses a replayed token, a forged one and a missing one (without asking Google)', async () => {
    const captcha = verifier();
    const token = fakeCaptchaToken('contact_submit', 0.9);
    await expect(captcha.verify({ token, action: 'contact_submit' })).resolves.toMatchObject({
      outcome: 'accepted',
    });
    await expect(captcha.verify({ token, action: 'contact_submit' })).resolves.toMatchObject({
      outcome: 'rejected',
      reason: 'invalid-token',
      detail: 'timeout-or-duplicate',
    });
    await expect(
      captcha.verify({ token: 'made-up', action: 'contact_submit' }),
    ).resolves.toMatchObject({ outcome: 'rejected', detail: 'invalid-input-response' });

    const asked = google.verifications.length;
    await expect(captcha.verify({ token: '', action: 'contact_submit' })).resolves.toMatchObject({
      outcome: 'rejected',
      reason: 'missing-token',
    });
    await expect(
      captcha.verify({ token: undefined, action: 'contact_submit' }),
    ).resolves.toMatchObject({ outcome: 'rejected', reason: 'missing-token' });
    expect(google.verifications).toHaveLength(asked);
  });

  it('fails closed: a wrong secret, an error answer, no answer or no server is "unavailable"', async () => {
    const token = () => fakeCaptchaToken('contact_submit', 0.9);
    const wrongSecret = await verifier({ secret: 'not-it' }).verify({
      token: token(),
      action: 'contact_submit',
    });
    expect(wrongSecret).toMatchObject({ outcome: 'unavailable' });
    expect(wrongSecret.outcome === 'unavailable' && wrongSecret.detail).toMatch(
      /invalid-input-secret.*RECAPTCHA_SECRET/,
    );
    expect(lines.join('')).toContain('invalid-input-secret');

    google.setMode('error');
    await expect(
      verifier().verify({ token: token(), action: 'contact_submit' }),
    ).resolves.toMatchObject({ outcome: 'unavailable', detail: 'siteverify answered HTTP 500' });

    google.setMode('hang');
    const started = Date.now();
    await expect(
      verifier().verify({ token: token(), action: 'contact_submit' }),
    ).resolves.toMatchObject({
      outcome: 'unavailable',
      detail: 'siteverify could not be reached: no answer within 400 ms',
    });
    expect(Date.now() - started).toBeLessThan(3000);

    await expect(
      verifier({ verifyUrl: 'http://127.0.0.1:9/siteverify' }).verify({
        token: token(),
        action: 'contact_submit',
      }),
    ).resolves.toMatchObject({ outcome: 'unavailable' });
  });

  it('serves a stub api.js whose execute() makes tokens the fake siteverify accepts', async () => {
    const script = await (await fetch(google.scriptUrl)).text();
    expect(script).toContain('window.grecaptcha');
    expect(script).toContain("'fake:' + action");
  });
});

describe('captcha off (embedded mode)', () => {
  it('accepts everything, and says once in the log that it is off', async () => {
    const captcha = createCaptcha({ kind: 'off', scriptUrl: google.scriptUrl }, log);
    expect(captcha.kind).toBe('off');
    await expect(captcha.verify({ token: undefined, action: 'contact_submit' })).resolves.toEqual({
      outcome: 'accepted',
      score: null,
    });
    await captcha.verify({ token: 'anything', action: 'payment' });
    expect(lines.filter((line) => line.includes('captcha is off'))).toHaveLength(1);
    expect(google.verifications).toHaveLength(0);
  });

  it('is replaced by reCAPTCHA when configured', () => {
    expect(createCaptcha(config(), log).kind).toBe('recaptcha');
  });
});
