import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessFetch } from '../../src/http/ssr.ts';
import { startTestApp, type TestApp } from '../support/helper.ts';

/**
 * Server-rendered pages reach the API through context.apiFetch: an in-process call that must
 * behave like the visitor's own request (their cookies, their IP) and answer like fetch.
 */
let shop: TestApp;

beforeAll(async () => {
  // Behind a proxy, so the visitor has an address of their own to carry along.
  shop = await startTestApp({ TRUST_PROXY: 'true' }, (app) => {
    app.get('/api/test/whoami', { config: { access: 'public' } }, async (request) => ({
      cookie: request.headers.cookie ?? null,
      ip: request.ip,
      language: request.headers['accept-language'] ?? null,
    }));
    app.post('/api/test/echo', { config: { access: 'public' } }, async (request, reply) =>
      reply.code(201).header('set-cookie', ['a=1', 'b=2']).send(request.body),
    );
    app.get('/api/test/as-page', { config: { access: 'public' } }, async (request) => {
      const apiFetch = createInProcessFetch(app, request);
      const whoami = await apiFetch('/api/test/whoami');
      const echo = await apiFetch('/api/test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      });
      const missing = await apiFetch('/api/no-such-route');
      return {
        whoami: await whoami.json(),
        echo: {
          status: echo.status,
          body: await echo.json(),
          cookies: echo.headers.getSetCookie(),
        },
        missing: { status: missing.status, body: await missing.json() },
      };
    });
  });
});

afterAll(async () => {
  await shop.close();
});

describe('the in-process API fetch', () => {
  it("carries the visitor's cookies and IP, and answers like fetch", async () => {
    const response = await fetch(`${shop.origin}/api/test/as-page`, {
      headers: {
        cookie: '_cart__rf=%5B%22AG-210%22%5D',
        'accept-language': 'en-US',
        'x-forwarded-for': '203.0.113.7',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      whoami: { cookie: '_cart__rf=%5B%22AG-210%22%5D', ip: '203.0.113.7', language: 'en-US' },
      echo: { status: 201, body: { hello: 'world' }, cookies: ['a=1', 'b=2'] },
      missing: { status: 404, body: { error: 'No such endpoint: GET /api/no-such-route' } },
    });
  });
});
