import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GENERIC_SERVER_ERROR } from '../src/http/errors.ts';
import { AppError } from '../src/core/app-error.ts';
import { nonceSource } from '../src/http/security-headers.ts';
import { startTestApp, type TestApp } from './support/helper.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({}, (app) => {
    // Routes that exist only in this test, to drive each kind of failure.
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get('/api/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    typed.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
      throw new AppError('conflict', 'A product with this number already exists.');
    });
    typed.post(
      '/api/test/echo',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({
            name: z.string().min(1, 'Name is required.'),
            email: z.email('Invalid email format.'),
          }),
        },
      },
      async (request) => request.body,
    );
  });
});

afterAll(async () => {
  await shop.close();
});

const get = (path: string, init?: RequestInit) => fetch(`${shop.origin}${path}`, init);

describe('health', () => {
  it('answers liveness and readiness', async () => {
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });
});

describe('error answers', () => {
  it('hides the details of a server error behind one generic message', async () => {
    const response = await get('/api/test/crash');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: GENERIC_SERVER_ERROR });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('at ');
  });

  it('maps a service error kind to its status with its message', async () => {
    const response = await get('/api/test/conflict');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'A product with this number already exists.' });
  });

  it('answers a validation failure with 400 and the first failing field message', async () => {
    const response = await get('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', email: 'nope' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Name is required.' });
  });

  it('answers broken JSON with 400 and a readable message', async () => {
    const response = await get('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "A",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await get('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.co' }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request is too large.' });
  });

  it('answers an unknown API path with 404 in the same shape', async () => {
    const response = await get('/api/no-such-thing?x=1');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No such endpoint: GET /api/no-such-thing' });
  });
});

describe('security headers', () => {
  it('draws every CSP nonce fresh: 16 random bytes, none repeated across pool refills', () => {
    const next = nonceSource();
    const nonces = Array.from({ length: 1000 }, next);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('sends a nonce-based CSP that changes with every response, and the usual headers', async () => {
    const first = await get('/healthz');
    const second = await get('/healthz');
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Served over plain http here: no HSTS.
    expect(first.headers.get('strict-transport-security')).toBeNull();
    expect(first.headers.get('x-powered-by')).toBeNull();
  });
});

describe('OpenAPI document', () => {
  it('describes the API as OpenAPI 3.1 at /api/docs', async () => {
    const response = await get('/api/docs/json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/readyz');
    const page = await get('/api/docs/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS when the public URL is https', async () => {
    const secure = await startTestApp({
      PUBLIC_URL: 'https://shop.example.com',
      DEMO_MODE: 'true',
    });
    try {
      const response = await fetch(`${secure.origin}/healthz`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
      expect(response.headers.get('content-security-policy')).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 with a reason', async () => {
    const lonely = await startTestApp();
    await lonely.database.close();
    try {
      const response = await fetch(`${lonely.origin}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'The database is not reachable.' });
    } finally {
      await lonely.app.close();
    }
  });
});

describe('uploaded files', () => {
  it('are served from DATA_DIR/uploads with their type and nosniff', async () => {
    await mkdir(path.join(shop.config.uploadsDir, 'products'), { recursive: true });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    await writeFile(path.join(shop.config.uploadsDir, 'products', 'x-1.jpg'), jpeg);
    const response = await get('/uploads/products/x-1.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(jpeg);
  });

  it('never leave the uploads folder', async () => {
    await writeFile(path.join(shop.config.dataDir, 'secret.txt'), 'not for visitors');
    for (const attempt of ['/uploads/..%2fsecret.txt', '/uploads/%2e%2e/secret.txt']) {
      const response = await get(attempt);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toContain('not for visitors');
    }
  });
});

describe('shutdown', () => {
  it(
    'finishes a request in flight, refuses new ones, and completes',
    { timeout: 10_000 },
    async () => {
      let release: (() => void) | undefined;
      const slow = await startTestApp({}, (app) => {
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return { done: true };
        });
      });
      const inFlight = fetch(`${slow.origin}/api/test/slow`);
      await vi.waitFor(() => expect(release).toBeDefined());
      const closing = slow.app.close();
      const ready = await fetch(`${slow.origin}/readyz`).catch(() => undefined);
      expect(ready === undefined || ready.status === 503).toBe(true);
      release?.();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toEqual({ done: true });
      // The client's keep-alive connection must not hold the shutdown open.
      await closing;
      await slow.database.close();
    },
  );
});
