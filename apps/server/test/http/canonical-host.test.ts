import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/helper.ts';

/**
 * Issue 31: a request for a host other than PUBLIC_URL's (here http://127.0.0.1:<port>) is sent
 * to the same path and query on PUBLIC_URL's origin, and nowhere else; health probes answer on
 * any host, and the app's in-process calls to itself are never redirected.
 */
let shop: TestApp;
let port: string;

beforeAll(async () => {
  shop = await startTestApp({ TRUST_PROXY: 'true' });
  port = new URL(shop.origin).port;
});
afterAll(() => shop?.close());

/** One request over the network with exactly these headers (fetch would replace Host). */
function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method, path: target, headers },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a request for another host', () => {
  it("is sent to the same path and query on PUBLIC_URL's origin: 301 for GET and HEAD", async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await send(method, '/shop?category=Lab%20Motors&page=2', {
        host: `localhost:${port}`,
      });
      expect(answer, method).toEqual({
        status: 301,
        location: `${shop.origin}/shop?category=Lab%20Motors&page=2`,
      });
    }
  });

  it('gets 308 for other methods, so the browser sends the body again to the same target', async () => {
    const answer = await send(
      'POST',
      '/api/newsletter/signup?from=footer',
      { host: `localhost:${port}`, 'content-type': 'application/json' },
      JSON.stringify({ email: 'ann@lab.example' }),
    );
    expect(answer).toEqual({
      status: 308,
      location: `${shop.origin}/api/newsletter/signup?from=footer`,
    });
  });

  it('follows X-Forwarded-Host from a trusted proxy', async () => {
    const answer = await send('GET', '/cart', {
      host: `127.0.0.1:${port}`,
      'x-forwarded-host': 'www.labshop.example',
    });
    expect(answer).toEqual({ status: 301, location: `${shop.origin}/cart` });
  });

  it('never leads to another origin, whatever the Host or the target say', async () => {
    const targets = ['//evil.example/login', '/\\evil.example/x', '/%2F%2Fevil.example', '/a/../b'];
    for (const target of targets) {
      const answer = await send('GET', target, { host: 'evil.example' });
      expect(answer.status, target).toBe(301);
      expect(new URL(answer.location ?? '').origin, target).toBe(shop.origin);
    }
    const absolute = await send('GET', 'http://evil.example/x', { host: 'evil.example' });
    expect(absolute).toEqual({ status: 301, location: `${shop.origin}/` });
  });
});

describe('answered on any host', () => {
  it("PUBLIC_URL's own host", async () => {
    const answer = await send('GET', '/api/categories', { host: `127.0.0.1:${port}` });
    expect(answer.status).toBe(200);
  });

  it('the health and readiness probes, which a load balancer calls by IP', async () => {
    for (const target of ['/healthz', '/readyz']) {
      const answer = await send('GET', target, { host: `10.0.0.7:${port}` });
      expect(answer.status, target).toBe(200);
    }
  });

  it("the app's in-process calls to itself (server-rendered pages, the login client)", async () => {
    // Fastify inject, as in-process-fetch.ts uses it: its default Host is localhost:80.
    const response = await shop.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
  });
});
