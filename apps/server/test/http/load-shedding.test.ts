import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/helper.ts';

/**
 * Load shedding by fairness (http/load-shedding.ts, decision 011) on the real app, with clients
 * on their own loopback addresses as visitors have their own: one client's excess is refused,
 * never another client's request; checkout and payment skip the queue; a lone visitor is
 * served however late the event loop is; probes and the server's own calls are never refused.
 */

let shop: TestApp;
/** Requests to /api/test/hold wait until the test lets them go. */
let holding: (() => void)[] = [];

beforeAll(async () => {
  shop = await startTestApp(
    { LOAD_SHED_CONCURRENCY: '2', LOAD_SHED_MAX_WAIT_MS: '20000' },
    async (app) => {
      app.get('/api/test/hold', { config: { access: 'public' } }, async () => {
        await new Promise<void>((resolve) => holding.push(resolve));
        return { held: true };
      });
    },
  );
});

afterAll(async () => {
  releaseHeld();
  await shop?.close();
});

function releaseHeld(): void {
  const waiting = holding;
  holding = [];
  for (const release of waiting) release();
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A GET from `address` (a client of its own), over a connection of its own. */
function get(
  path: string,
  { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${shop.origin}${path}`,
      { headers, localAddress: from, agent: false },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            retryAfter: incoming.headers['retry-after'],
            contentType: incoming.headers['content-type'],
            body,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The answers to held requests, letting each go as it gets its turn. */
async function releasingHeld(answers: Promise<Answer>[]): Promise<Answer[]> {
  let settled = false;
  const all = Promise.all(answers).finally(() => (settled = true));
  while (!settled) {
    releaseHeld();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return all;
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Keeps the event loop busy in `sliceMs` slices (each timer in between fires that late). */
function blockEventLoop(sliceMs: number): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + sliceMs;
    while (Date.now() < until) {
      // busy: a host whose other processes take the core
    }
  }, 1);
  return () => clearInterval(timer);
}

const BUSY = 'The shop is busy right now. Please try again in a moment.';
const HEAVY = '127.0.0.2';
const VISITOR = '127.0.0.3';

describe('load shedding by fairness', () => {
  it("refuses one client's requests beyond its share, and serves another client at once", async () => {
    // The visitor is here (any request says so).
    expect((await get('/api/categories', { from: VISITOR })).status).toBe(200);

    // 12 at once from one client: while others are active it runs 1 (half of the 2 turns) and
    // keeps 8 waiting; the other 3 are refused at once.
    const heavy = Array.from({ length: 12 }, () => get('/api/test/hold', { from: HEAVY }));
    const refusals = Promise.all(heavy.map((answer) => answer.then((a) => a.status === 503)));
    await until('its first request to be held', () => holding.length === 1);
    const pageRefused = await get('/shop', {
      from: HEAVY,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });

    // The other client's requests run now, on the turn the heavy one may not take.
    const visitor = await Promise.all([
      get('/api/categories', { from: VISITOR }),
      get('/api/products?limit=3', { from: VISITOR }),
    ]);
    expect(visitor.map((answer) => answer.status)).toEqual([200, 200]);
    expect(holding).toHaveLength(1);

    const answers = await releasingHeld(heavy);
    expect((await refusals).filter(Boolean)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(9);
    const refused = answers.find((answer) => answer.status === 503)!;
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ error: BUSY });
    // A browser asking for a page gets a page that says so, not JSON.
    expect(pageRefused.status).toBe(503);
    expect(pageRefused.contentType).toMatch(/^text\/html/);
    expect(pageRefused.body).toContain(BUSY);
  });

  it('lets checkout and payment requests past a full queue', async () => {
    const heavy = Array.from({ length: 6 }, () => get('/api/test/hold', { from: HEAVY }));
    // Alone, the client takes both turns (LOAD_SHED_CONCURRENCY); the rest of its reads wait.
    // Waiting for the second turn too: a run once counted one, and the second started meanwhile.
    await until('both turns held', () => holding.length === 2);
    // The same busy client, paying: not queued behind its own reads.
    const held = holding.length;
    const payment = await get('/api/salesOrdersLastID', { from: HEAVY });
    expect(payment.status).toBe(200);
    expect(JSON.parse(payment.body)).toHaveProperty('lastSalesOrderId');
    expect(holding).toHaveLength(held);
    expect((await releasingHeld(heavy)).map((answer) => answer.status)).toEqual(Array(6).fill(200));
  });

  it('serves a lone visitor however late the event loop is (a host busy with other work)', async () => {
    // Before: the loop 100 ms late for a second made the shop refuse everyone, a single curl
    // included.
    const unblock = blockEventLoop(100);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let index = 0; index < 10; index++) {
        expect((await get('/api/categories', { from: VISITOR })).status).toBe(200);
      }
    } finally {
      unblock();
    }
  });

  it('never refuses probes, static files or the requests the server makes to itself', async () => {
    const heavy = Array.from({ length: 6 }, () => get('/api/test/hold', { from: HEAVY }));
    await until('a held request', () => holding.length > 0);
    expect((await get('/healthz', { from: HEAVY })).status).toBe(200);
    expect((await get('/readyz', { from: HEAVY })).status).toBe(200);
    const inProcess = await shop.app.inject({ method: 'GET', url: '/api/categories' });
    expect(inProcess.statusCode).toBe(200);
    // Within its share: it waits its turn, nothing is refused.
    expect((await releasingHeld(heavy)).map((answer) => answer.status)).toEqual(Array(6).fill(200));
  });

  it('gives back the turn of a client that went away while it waited for it', async () => {
    // Alone, the client takes both turns; a third request waits, and its client gives up.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const held = [get('/api/test/hold', { from: HEAVY }), get('/api/test/hold', { from: HEAVY })];
    await until('two held requests', () => holding.length === 2);
    const gone = httpRequest(`${shop.origin}/api/test/hold`, { localAddress: HEAVY, agent: false });
    gone.on('error', () => {});
    gone.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its turn comes when one of the two ends; it does no work, and gives the turn back.
    expect((await releasingHeld(held)).map((answer) => answer.status)).toEqual([200, 200]);
    const again = [get('/api/test/hold', { from: HEAVY }), get('/api/test/hold', { from: HEAVY })];
    await until('two held requests again', () => holding.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(holding).toHaveLength(2);
    expect((await releasingHeld(again)).map((answer) => answer.status)).toEqual([200, 200]);
  });
});
