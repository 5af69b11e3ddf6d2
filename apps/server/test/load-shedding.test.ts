import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

/**
 * Load shedding (http/load-shedding.ts) on the real app: while the event loop is kept late,
 * requests from the network get 503 with Retry-After and the shop's busy message, probes and
 * static files are still served, requests the server makes to itself are not refused, and
 * everything is served again once the loop is back on time.
 */

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '40' });
});

afterAll(async () => {
  await shop?.close();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A plain HTTP request over a socket (fetch would share nothing different; this is explicit). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${shop.origin}${path}`, { headers }, (incoming) => {
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
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Keeps the event loop busy in `sliceMs` slices (each timer in between fires that late). */
function blockEventLoop(sliceMs = 100): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + sliceMs;
    while (Date.now() < until) {
      // busy: this is the overload
    }
  }, 1);
  return () => clearInterval(timer);
}

async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('load shedding', () => {
  it('serves normally while the event loop is on time', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/categories')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });

  it('refuses new requests with 503 and Retry-After while the loop stays late, then serves again', async () => {
    const unblock = blockEventLoop();
    try {
      await until('the first 503', async () => (await get('/api/categories')).status === 503);

      const api = await get('/api/products?limit=3');
      expect(api.status).toBe(503);
      expect(Number(api.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(api.body)).toEqual({
        error: 'The shop is busy right now. Please try again in a moment.',
      });

      // A browser asking for a page gets a page that says so, not JSON.
      const page = await get('/shop', { accept: 'text/html,application/xhtml+xml' });
      expect(page.status).toBe(503);
      expect(page.contentType).toMatch(/^text\/html/);
      expect(page.body).toContain('The shop is busy right now. Please try again in a moment.');

      // Probes see the process: liveness passes; readiness reports the database.
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/readyz')).status).toBe(200);

      // A request the server makes to itself (a rendered page's API call) was let in already.
      const inProcess = await shop.app.inject({ method: 'GET', url: '/api/categories' });
      expect(inProcess.statusCode).toBe(200);
    } finally {
      unblock();
    }

    await until('a 200 after the overload', async () => {
      return (await get('/api/categories')).status === 200;
    });
    const after = await Promise.all(Array.from({ length: 10 }, () => get('/api/categories')));
    expect(after.map((answer) => answer.status)).toEqual(after.map(() => 200));
  });

  // Hundreds of clients at once make each turn of the loop last seconds; Node's delay histogram
  // then records nothing, and shedding went unseen where it was needed most (300 clients of new
  // searches: no 503, /healthz answered after 5-31 s).
  it('also refuses when each turn of the loop takes seconds', { timeout: 30_000 }, async () => {
    const unblock = blockEventLoop(1_500);
    try {
      await until(
        'the first 503',
        async () => (await get('/api/categories')).status === 503,
        20_000,
      );
    } finally {
      unblock();
    }
    await until('a 200 after the overload', async () => {
      return (await get('/api/categories')).status === 200;
    });
  });
});
