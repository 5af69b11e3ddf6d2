import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/helper.ts';
import { probe, seedPgliteCatalog, startShop, waitFor, type ShopProcess } from './shop-process.ts';

/**
 * HARDENING.md "overload plus `stress-ng --cpu 1`" -> "fast 503/429, no crash, recovery": the
 * real shop process (embedded PGlite) while stress-ng keeps one of the machine's two cores busy
 * and 300 clients ask for pages, searches nobody made before, API reads and the rate-limited
 * forms (contact, newsletter sign-up) as fast as they are answered, which is more than the one
 * remaining core serves. The shop runs with its default load shedding
 * (LOAD_SHED_CONCURRENCY, LOAD_SHED_MAX_WAIT_MS).
 *
 * The clients' connections are open before the overload starts, as a reverse proxy's pool of
 * connections to the shop would be. Node (libuv since 1.45) accepts one new connection per turn
 * of its event loop, so 300 connections made at once into a loaded process wait in the kernel's
 * listen queue for up to 300 turns: measured here, one every 100-150 ms, the last after 24 s,
 * whatever the shop does with the requests. That is a fact about a single Node process without
 * a proxy in front (docs/OPERATIONS.md, load shedding), not what this test is about.
 */

const STRESS_SECONDS = 75;
const OVERLOAD_MS = 40_000;
const CLIENTS = 300;
/** Per request: a request not answered in this time counts as a hang. */
const REQUEST_TIMEOUT_MS = 30_000;

let dataDir: string;
let shop: ShopProcess | undefined;
let stress: ChildProcess | undefined;

function requireStressNg(): void {
  const found = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'the overload test needs stress-ng (Debian package stress-ng): apt-get install -y stress-ng',
    );
  }
}

beforeAll(async () => {
  requireStressNg();
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-overload-'));
  await seedPgliteCatalog(dataDir);
  shop = await startShop({ port: await freePort(), dataDir, env: {} });
});

afterAll(async () => {
  if (stress?.pid && stress.exitCode === null && stress.signalCode === null) {
    // Its own process group: the stressor workers go with it.
    process.kill(-stress.pid, 'SIGKILL');
  }
  await shop?.stop('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  kind: 'page' | 'api' | 'limited';
  status: number | 'error';
  ms: number;
  retryAfter: string | null;
  /** When it was sent (epoch ms). */
  at: number;
  error?: string;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: number[]) => percentile(values, 50);

/** `count` sequential GETs of `url`; their latencies in ms (each must answer 200). */
async function latencies(url: string, count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await probe(url, 30_000);
    expect(answer.status, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
    ms.push(answer.ms);
  }
  return ms;
}

describe('overload on a machine with one core taken by stress-ng', () => {
  it(
    'stays up, answers only 2xx/304/429/503 (refusals with Retry-After, and fast), and is back to its baseline latency and ready afterwards',
    { timeout: 300_000 },
    async () => {
      const origin = shop!.origin;
      const list = (await (await fetch(`${origin}/api/products?limit=5`)).json()) as {
        _id: string;
      }[];
      const productId = list[0]?._id;
      expect(productId, JSON.stringify(list).slice(0, 300)).toBeDefined();
      const productPage = `${origin}/product-details/${productId}`;

      // Baseline, the machine as it is (others' work included), before the stress.
      await latencies(productPage, 5); // warm the SSR bundle and caches
      const baseline = {
        healthz: median(await latencies(`${origin}/healthz`, 20)),
        product: median(await latencies(productPage, 20)),
      };

      // Each client's connection, opened while the shop is idle (see the top of the file).
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const answer = await fetch(`${origin}/healthz`);
          await answer.arrayBuffer();
        }),
      );

      stress = spawn('stress-ng', ['--cpu', '1', '--timeout', `${STRESS_SECONDS}s`, '--quiet'], {
        stdio: 'ignore',
        detached: true,
      });
      const stressExited = new Promise<void>((resolve) => stress!.once('exit', () => resolve()));

      let died: string | null = null;
      void shop!.exited.then((exit) => (died = JSON.stringify(exit)));

      const pages = ['/', '/shop', `/product-details/${productId}`, '/contact-us'];
      const searchWords = ['grinder', 'vibrator', 'lathe', 'brush', 'motor', 'belt'];
      const apis = ['/api/products?limit=12', '/api/categories', `/api/products/${productId}`];
      const answers: Answer[] = [];
      const until = Date.now() + OVERLOAD_MS;
      let next = 0;
      const one = async (): Promise<Answer> => {
        const turn = next++;
        const started = Date.now();
        let kind: Answer['kind'];
        let request: Request;
        if (turn % 10 === 0) {
          kind = 'limited';
          request =
            turn % 20 === 0
              ? new Request(`${origin}/api/contact`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    name: 'Maria Delgado',
                    email: `maria${turn}@brightline.example`,
                    phone: '+1 (419) 555-0199',
                    inquiryType: 'sales',
                    message: 'Do you ship the AG-210 to Canada?',
                    companyFax: '',
                    recaptcha_token2: '',
                  }),
                })
              : new Request(`${origin}/api/newsletter/signup`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ email: `reader${turn}@lab.example`, companyFax: '' }),
                });
        } else if (turn % 4 === 1) {
          // A search nobody made before: no cache has it, so every one is rendered and queried.
          kind = 'page';
          const word = searchWords[turn % searchWords.length];
          request = new Request(`${origin}/shop?q=${word}+${turn}`);
        } else if (turn % 2 === 0) {
          kind = 'page';
          request = new Request(`${origin}${pages[(turn / 2) % pages.length]}`);
        } else {
          kind = 'api';
          request = new Request(`${origin}${apis[turn % apis.length]}`);
        }
        try {
          const response = await fetch(request, {
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          return {
            kind,
            status: response.status,
            ms: Date.now() - started,
            at: started,
            retryAfter: response.headers.get('retry-after'),
          };
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause?.code;
          return {
            kind,
            status: 'error',
            ms: Date.now() - started,
            at: started,
            retryAfter: null,
            error: `${String(error)}${cause ? ` (${cause})` : ''}`,
          };
        }
      };
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < until) {
            const answer = await one();
            answers.push(answer);
            // A refused client waits as it was told (at most 2 s), as browsers' retries and
            // load balancers do; one that came back at once would only add to the overload.
            if (answer.retryAfter !== null) {
              const wait = Math.min(Number(answer.retryAfter) || 1, 2) * 1000;
              await new Promise((resolve) =>
                setTimeout(resolve, Math.min(wait, until - Date.now())),
              );
            }
          }
        }),
      );
      const overloadEndedAt = Date.now();
      // stress-ng held its core for the whole overload (it did not fail to start or end early).
      const stressHeld = stress.exitCode === null && stress.signalCode === null;

      const ok = answers.filter((a) => typeof a.status === 'number' && a.status < 400);
      const refused = answers.filter((a) => a.status === 429 || a.status === 503);
      const errors = answers.filter((a) => a.status === 'error');
      const unexpected = answers.filter(
        (a) =>
          a.status !== 'error' &&
          !(a.status >= 200 && a.status < 300) &&
          a.status !== 304 &&
          a.status !== 429 &&
          a.status !== 503,
      );
      const figures = {
        answers: answers.length,
        perSecond: Math.round(answers.length / (OVERLOAD_MS / 1000)),
        ok: ok.length,
        refused429: answers.filter((a) => a.status === 429).length,
        refused503: answers.filter((a) => a.status === 503).length,
        errors: errors.length,
        okP50: median(ok.map((a) => a.ms)),
        okP95: percentile(
          ok.map((a) => a.ms),
          95,
        ),
        okP99: percentile(
          ok.map((a) => a.ms),
          99,
        ),
        okMax: Math.max(...ok.map((a) => a.ms)),
        refusedP50: median(refused.map((a) => a.ms)),
        refusedP95: percentile(
          refused.map((a) => a.ms),
          95,
        ),
        refusedP99: percentile(
          refused.map((a) => a.ms),
          99,
        ),
        refusedMax: Math.max(...refused.map((a) => a.ms)),
        baseline,
      };
      console.info(`overload: ${JSON.stringify(figures)}`);

      expect(stressHeld, 'stress-ng was still running when the overload ended').toBe(true);
      // The process never died.
      expect(died, `the shop exited:\n${shop!.output().slice(-3000)}`).toBeNull();
      // Only the answers a client can act on; no 500 and no other status.
      expect(
        unexpected.map((a) => `${a.kind} ${a.status}`),
        'answers other than 2xx, 304, 429, 503',
      ).toEqual([]);
      // Connection failures (resets, hangs past 30 s): at most 1 % of the requests. A listen
      // backlog overflow may reset a few connections when 300 arrive together; a storm of them,
      // or requests hanging, means the server stopped serving.
      expect(
        errors.length,
        `network errors: ${[...new Set(errors.map((a) => a.error))].slice(0, 5).join('; ')}`,
      ).toBeLessThanOrEqual(Math.ceil(answers.length * 0.01));
      // It kept serving: at least a third of all answers, and some in every 5-second window.
      // (How many are refused depends on the clients: here 300 ask for more than the one core
      // serves, and a refused one comes back 2 s later; about half are refused.)
      expect(ok.length, JSON.stringify(figures)).toBeGreaterThan(answers.length / 3);
      const firstAt = Math.min(...answers.map((a) => a.at));
      for (let window = 0; window < OVERLOAD_MS / 5_000 - 1; window++) {
        const from = firstAt + window * 5_000;
        expect(
          ok.filter((a) => a.at + a.ms >= from && a.at + a.ms < from + 5_000).length,
          `answers served ${window * 5}-${window * 5 + 5} s into the overload`,
        ).toBeGreaterThan(0);
      }
      expect(refused.length).toBeGreaterThan(0);
      // Every refusal says when to come back.
      for (const answer of refused) {
        expect(Number(answer.retryAfter), `${answer.status} without Retry-After`).toBeGreaterThan(
          0,
        );
      }
      // The shop shed load: with every request queueing, new ones were refused with 503.
      expect(figures.refused503, JSON.stringify(figures)).toBeGreaterThan(0);
      // Refusals come fast: within a second (p95) and 2 s (p99), although the one
      // free core is saturated. A refusal still waits for the loop to read it: it is decided
      // when the request is read, and those refused are the ones read late (a 429 also waits
      // for the single PGlite connection: the rate-limit counter is a database upsert).
      expect(figures.refusedP95, JSON.stringify(figures)).toBeLessThan(1_000);
      expect(figures.refusedP99, JSON.stringify(figures)).toBeLessThan(2_000);
      // Nobody served waits behind everyone: within 2 s (p99). Before the shop refused requests
      // read late in a long turn of its loop, served answers here took p95 2.2 s and up to
      // 4.4 s, and refusals p95 2.3 s and up to 4.8 s.
      expect(figures.okP99, JSON.stringify(figures)).toBeLessThan(2_000);

      // Recovery: stress-ng ended (killed early if it still runs), the overload is over.
      if (stress.exitCode === null && stress.signalCode === null)
        process.kill(-stress.pid!, 'SIGKILL');
      await stressExited;
      await waitFor(
        '/readyz 200 after the overload',
        async () => (await probe(`${origin}/readyz`, 5_000)).status === 200,
        30_000,
      );
      // A moment for the event loop and the GC to settle, then the same measures as before.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const after = {
        healthz: median(await latencies(`${origin}/healthz`, 20)),
        product: median(await latencies(productPage, 20)),
      };
      console.info(
        `recovery ${Date.now() - overloadEndedAt} ms after the overload: ${JSON.stringify({ baseline, after })}`,
      );
      // Near the baseline: the median of 20 within 3x the baseline's plus 50 ms (the lead's
      // test run shares the machine, so a small absolute margin on top of the ratio).
      expect(after.healthz).toBeLessThanOrEqual(baseline.healthz * 3 + 50);
      expect(after.product).toBeLessThanOrEqual(baseline.product * 3 + 50);
      expect((await probe(`${origin}/readyz`)).status).toBe(200);
      expect(died).toBeNull();
    },
  );
});
