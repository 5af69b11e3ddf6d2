import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_NONCE_HEADER, CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { paymentBody, PRODUCTS } from '../test/support/checkout-fixtures.ts';
import {
  externalIssuerEnv,
  startFakeIssuer,
  TEST_ADMIN_EMAIL,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../test/fakes/oidc-issuer.ts';
import { startCountingSmtp, type CountingSmtp } from '../test/fakes/counting-smtp.ts';
import { freePort } from '../test/support/helper.ts';
import { BrowserlessClient } from '../test/support/http-client.ts';
import {
  CHECKOUT_AMOUNT_CENTS,
  seedPgliteCatalog,
  startShop,
  waitFor,
  type ShopProcess,
} from './shop-process.ts';

/**
 * HARDENING.md "clock jumps (faketime)" -> "session, token, nonce and outbox timing correct".
 * The real shop process runs under libfaketime (LD_PRELOAD), whose offset from the real time is
 * read from a file on every clock read (FAKETIME_NO_CACHE), so the test moves the wall clock of
 * the running process forward and back. Only the wall clock is faked
 * (FAKETIME_DONT_FAKE_MONOTONIC): Node's timers run on the monotonic clock, and a backward jump
 * of that would stall every timer (the outbox poll, request timeouts) for the jump's length;
 * servers meet wall-clock jumps (NTP steps, VM resumes), which is what this test is about.
 *
 * The database is the embedded PGlite: it runs inside the shop process, so its now() (nonce
 * expiry, outbox run_at) follows the faked clock too. A private PostgreSQL server would keep
 * the real time, and the jumps would then only move the Node side (session expiry, token
 * checks, the run_at written from JavaScript) apart from the SQL side.
 *
 * The fake OIDC issuer, the SMTP server and this test keep the real time.
 */

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const SIGNED_IN_USER = { sub: 'auth0|clock', email: 'clock@partner.example', email_verified: true };

let dataDir: string;
let offsetFile: string;
let shop: ShopProcess | undefined;
let issuer: FakeIssuer | undefined;
let smtp: CountingSmtp;
/** While false, the SMTP server answers RCPT with 451 (try again later). */

/** Moves the shop's wall clock to real time + `seconds` (atomically: the file is read often). */
function setOffset(seconds: number): void {
  const next = `${offsetFile}.next`;
  writeFileSync(next, `${seconds >= 0 ? '+' : ''}${seconds}\n`);
  renameSync(next, offsetFile);
}

/** The shop's clock minus the real one, in seconds, from its Date header (1 s resolution). */
async function shopSkewSeconds(): Promise<number> {
  const before = Date.now();
  const response = await fetch(`${shop!.origin}/healthz`);
  const after = Date.now();
  const shopNow = Date.parse(response.headers.get('date') ?? '');
  return Math.round((shopNow - (before + after) / 2) / 1000);
}

/** Jumps and waits until the shop's Date header shows it (Node refreshes it once a second). */
async function jumpTo(seconds: number): Promise<void> {
  setOffset(seconds);
  await waitFor(
    `the shop's clock at ${seconds} s`,
    async () => Math.abs((await shopSkewSeconds()) - seconds) <= 2,
    15_000,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (!existsSync(LIBFAKETIME)) {
    throw new Error(
      `the clock-jump test needs libfaketime (${LIBFAKETIME}): apt-get install -y faketime`,
    );
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-clock-'));
  offsetFile = path.join(dataDir, 'faketime-offset');
  setOffset(0);
  await seedPgliteCatalog(dataDir);

  issuer = await startFakeIssuer(TEST_AUDIENCE);
  issuer.login = { claims: SIGNED_IN_USER };
  smtp = await startCountingSmtp();

  shop = await startShop({
    port: await freePort(),
    dataDir,
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      ...externalIssuerEnv(issuer),
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      SESSION_MAX_AGE_HOURS: '1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // A failed mail is tried again 480-720 s later (600 s +-20 %), by the outbox's clock.
      OUTBOX_RETRY_BASE_SECONDS: '600',
      OUTBOX_RETRY_MAX_SECONDS: '600',
    },
  });
});

afterAll(async () => {
  await shop?.stop('SIGKILL');
  await issuer?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** POST /api/checkout/verify-captcha: a fresh nonce. */
async function newNonce(): Promise<string> {
  const response = await fetch(`${shop!.origin}/api/checkout/verify-captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaToken: '' }),
  });
  const body = (await response.json()) as { nonce?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.nonce!;
}

/** POST /api/process-payment with `nonce`: one vibrator, the approving sandbox card. */
async function pay(nonce: string, email: string) {
  const response = await fetch(`${shop!.origin}/api/process-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: nonce },
    body: JSON.stringify(
      paymentBody([{ number: PRODUCTS.vibrator.number, quantity: 1 }], CHECKOUT_AMOUNT_CENTS, {
        email,
      }),
    ),
  });
  return {
    status: response.status,
    body: (await response.json()) as { ok?: boolean; orderNumber?: string; error?: string },
  };
}

/** An administrator's Bearer token whose exp is `expiresIn` s from the real now. */
const adminToken = (expiresIn: number) =>
  issuer!.sign({ sub: 'a', email: TEST_ADMIN_EMAIL, email_verified: true }, { expiresIn });

/** GET an admin-only route with the token: 200 when the shop takes it, 401 when not. */
async function adminStatus(token: string): Promise<number> {
  const response = await fetch(`${shop!.origin}/api/admin/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

async function signedInEmail(client: BrowserlessClient): Promise<string | null> {
  const response = await client.request('/api/me');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user?: { email?: string } | null };
  return body.user?.email ?? null;
}

describe("the shop's wall clock jumping forward and back (libfaketime)", () => {
  it('the faked clock reaches the running process (its Date header follows every jump)', async () => {
    await jumpTo(0);
    await jumpTo(3600);
    await jumpTo(-3600);
    await jumpTo(0);
  });

  it(
    'a checkout nonce (valid 5 minutes by the database clock) still pays 4 minutes later, and is refused (403) after a jump of +6 minutes',
    { timeout: 120_000 },
    async () => {
      await jumpTo(0);
      const early = await newNonce();
      const late = await newNonce();
      await jumpTo(240);
      const paid = await pay(early, 'nonce-early@clock.example');
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.ok).toBe(true);
      await jumpTo(360);
      const refused = await pay(late, 'nonce-late@clock.example');
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.error).toBe(CHECKOUT_MESSAGES.securityFailed);
      // A nonce asked for now, at the jumped clock, is good: nothing else is broken.
      const fresh = await pay(await newNonce(), 'nonce-fresh@clock.example');
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    },
  );

  it(
    "Bearer tokens: exp is judged by the shop's clock with 60 s of leeway, whichever way it jumped",
    { timeout: 120_000 },
    async () => {
      await jumpTo(0);
      expect(await adminStatus(await adminToken(600))).toBe(200);
      expect(await adminStatus(await adminToken(-30)), 'expired 30 s ago: in the leeway').toBe(200);
      expect(await adminStatus(await adminToken(-90)), 'expired 90 s ago').toBe(401);

      // +10 minutes: a token with 5 minutes left in real time has expired for the shop.
      await jumpTo(600);
      expect(await adminStatus(await adminToken(300)), 'real +5 min, shop -5 min').toBe(401);
      expect(await adminStatus(await adminToken(570)), 'shop: expired 30 s ago').toBe(200);
      expect(await adminStatus(await adminToken(510)), 'shop: expired 90 s ago').toBe(401);
      expect(await adminStatus(await adminToken(900))).toBe(200);

      // -10 minutes: a token that expired 5 minutes ago (real) is still valid for the shop:
      // the shop trusts its own clock, as every JWT verifier does.
      await jumpTo(-600);
      expect(await adminStatus(await adminToken(-300)), 'real -5 min, shop +5 min').toBe(200);
      expect(await adminStatus(await adminToken(-630)), 'shop: expired 30 s ago').toBe(200);
      expect(await adminStatus(await adminToken(-690)), 'shop: expired 90 s ago').toBe(401);
      await jumpTo(0);
    },
  );

  it(
    'an outbox retry (a sign-up mail the SMTP server refused, due 480-720 s later) waits for its run_at, runs once the clock passes it, and is not run again after a jump back',
    { timeout: 180_000 },
    async () => {
      await jumpTo(0);
      const first = 'retry@clock.example';
      smtp.accepting = false;
      const signup = await fetch(`${shop!.origin}/api/newsletter/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: first, companyFax: '' }),
      });
      expect(signup.status).toBe(202);
      await waitFor(
        'the first, refused delivery',
        () => (smtp.rcptTries.get(first) ?? 0) >= 1,
        30_000,
      );
      smtp.accepting = true;
      // Long enough for many outbox polls (OUTBOX_POLL_SECONDS 0.2): none takes the job early.
      await sleep(3_000);
      expect(smtp.rcptTries.get(first)).toBe(1);

      await jumpTo(300);
      await sleep(4_000);
      expect(smtp.rcptTries.get(first), 'retried before its run_at').toBe(1);
      expect(smtp.received.get(first)).toBeUndefined();

      await jumpTo(780);
      await waitFor(
        'the retry after the clock passed run_at',
        () => smtp.received.has(first),
        30_000,
      );
      expect(smtp.rcptTries.get(first)).toBe(2);

      // Back by 13 minutes and then 10 more: the job is done, whatever its run_at says now.
      await jumpTo(-600);
      await sleep(4_000);
      expect(smtp.received.get(first), 'mailed twice after the backward jump').toBe(1);
      expect(smtp.rcptTries.get(first)).toBe(2);

      // New jobs are due at the (jumped) now and still run at once.
      const second = 'after-jump@clock.example';
      const again = await fetch(`${shop!.origin}/api/newsletter/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: second, companyFax: '' }),
      });
      expect(again.status).toBe(202);
      await waitFor('a new job after the backward jump', () => smtp.received.has(second), 30_000);
      await sleep(2_000);
      expect(smtp.received.get(second)).toBe(1);
      expect(smtp.received.get(first)).toBe(1);
      await jumpTo(0);
    },
  );

  it(
    'a session (SESSION_MAX_AGE_HOURS=1) survives a jump back of 2 hours and a jump to +55 minutes, ends after a jump to +62 minutes, and stays ended when the clock comes back',
    { timeout: 120_000 },
    async () => {
      await jumpTo(0);
      const client = new BrowserlessClient(shop!.origin);
      const { visited } = await client.follow('/auth/login');
      expect(visited.map((url) => url.pathname)).toContain('/auth/callback');
      expect(await signedInEmail(client)).toBe(SIGNED_IN_USER.email);

      await jumpTo(-7200);
      expect(await signedInEmail(client), 'after a jump back of 2 hours').toBe(
        SIGNED_IN_USER.email,
      );
      await jumpTo(3300);
      expect(await signedInEmail(client), 'at +55 minutes').toBe(SIGNED_IN_USER.email);
      await jumpTo(3720);
      expect(await signedInEmail(client), 'at +62 minutes').toBeNull();
      await jumpTo(0);
      expect(await signedInEmail(client), 'ended, not hidden: back at the real time').toBeNull();
      // Signing in again works at once.
      await client.follow('/auth/login');
      expect(await signedInEmail(client)).toBe(SIGNED_IN_USER.email);
    },
  );
});
