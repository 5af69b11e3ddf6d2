import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32Combine, deflateParts, gzipAroundNonce } from '../../src/http/gzip-around-nonce.ts';
import { serveFakeWebBuild, writeFakeWebBuild } from '../support/fake-web-build.ts';
import { startTestApp, type TestApp } from '../support/helper.ts';

/**
 * Compression (br, gzip, none, as the client asks) of JSON, pages and built assets, and the
 * API's ETags (decision 007).
 */
let shop: TestApp;
let webBuild: { dir: string; asset: string };
let counter: number | string = 0;

const bigAnswer = {
  items: Array.from({ length: 100 }, (_, i) => ({ number: `AG-${i}`, title: 'Pipette tips' })),
};

beforeAll(async () => {
  webBuild = await writeFakeWebBuild();
  await promisify(execFile)(process.execPath, [
    path.join(import.meta.dirname, '../../../web/scripts/precompress-assets.mjs'),
    path.join(webBuild.dir, 'client'),
  ]);
  shop = await startTestApp({ PAGE_CACHE_SECONDS: '60' }, async (app) => {
    app.get('/api/test/big', { config: { access: 'public' } }, async () => bigAnswer);
    app.get('/api/test/counter', { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('cache-control', 'private, no-cache').send({ counter }),
    );
    app.get('/api/test/secret', { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ secret: 'x' }),
    );
    await serveFakeWebBuild(app, webBuild.dir, 60_000);
  });
});

afterAll(async () => {
  await shop?.close();
  if (webBuild) await rm(webBuild.dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString();
}

function pageNonce(response: { headers: Record<string, unknown> }): string {
  const policy = String(response.headers['content-security-policy']);
  return /'nonce-([^']+)'/.exec(policy)![1]!;
}

describe('compression', () => {
  it('sends JSON in br, gzip or as is, as the client asks', async () => {
    const expected = JSON.stringify(bigAnswer);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['br', 'br'],
      ['br;q=1, gzip;q=0.5', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const response = await get('/api/test/big', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      if (encoding) {
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(expected.length / 4);
      }
      expect(decoded(response)).toBe(expected);
    }
  });

  it('leaves answers under 1 KB as they are', async () => {
    const response = await get('/api/test/counter', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ counter });
  });

  it('sends cached pages in gzip joined around each response nonce, br or as is', async () => {
    const plain = await get('/about');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const plainBody = plain.body.replaceAll(pageNonce(plain), 'NONCE');
    expect(plainBody.split('nonce="NONCE"')).toHaveLength(3);

    const nonces = new Set<string>();
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'gzip'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'gzip'],
      ['br', 'br'],
      ['br, gzip;q=0', 'br'],
      ['identity', undefined],
    ] as const) {
      const response = await get('/about', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const nonce = pageNonce(response);
      nonces.add(nonce);
      expect(decoded(response).replaceAll(nonce, 'NONCE')).toBe(plainBody);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
    expect(nonces.size).toBe(6);
  });

  it('compresses pages rendered for one visitor as they are made', async () => {
    const signedIn = { cookie: 'labshop_session=some-session' };
    const response = await get('/about', { ...signedIn, 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toContain(`nonce="${pageNonce(response)}"`);
    const brOnly = await get('/about', { ...signedIn, 'accept-encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(decoded(brOnly)).toContain(`nonce="${pageNonce(brOnly)}"`);
  });

  it('sends built assets precompressed, cached for a year', async () => {
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(webBuild.asset);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(webBuild.asset.length / 4);
    }
  });
});

describe('gzip joined around a nonce', () => {
  it('is the gzip of the parts joined by the nonce, wherever the nonce falls', () => {
    const nonce = Buffer.from('n0nce+/==');
    for (const parts of [
      ['<html>', '</html>'],
      ['', 'middle', ''],
      ['', '', ''],
      ['only'],
      ['a'.repeat(70_000), 'b'.repeat(100), 'c'],
    ]) {
      const page = deflateParts(
        parts.map((part) => Buffer.from(part)),
        9,
      );
      // gunzip checks the trailer's CRC-32 and length against what it decoded.
      const gzip = gzipAroundNonce(page, nonce);
      expect(gunzipSync(gzip).toString()).toBe(parts.join(nonce.toString()));
    }
  });

  it('combines CRC-32s as zlib computes them over the joined bytes', () => {
    const random = (length: number) => randomBytes(length);
    for (const [a, b] of [
      [random(0), random(0)],
      [random(1), random(0)],
      [random(0), random(1)],
      [random(13), random(24)],
      [random(100_000), random(3)],
      [random(5), random(70_001)],
    ] as const) {
      const crc = (bytes: Buffer) => (bytes.length > 0 ? crc32(bytes) : 0);
      expect(crc32Combine(crc(a), crc(b), b.length)).toBe(crc(Buffer.concat([a, b])));
    }
  });
});

describe('ETags on API answers', () => {
  it('tags GET answers and answers a matching If-None-Match with 304', async () => {
    counter = 1;
    const first = await get('/api/test/counter');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get('/api/test/counter', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');

    // A strong form of the tag, a list and * match too; HEAD behaves as GET.
    const strong = etag.slice(2);
    for (const header of [strong, `"other", ${etag}`, '*']) {
      expect((await get('/api/test/counter', { 'if-none-match': header })).statusCode).toBe(304);
    }
    const head = await shop.app.inject({
      method: 'HEAD',
      url: '/api/test/counter',
      headers: { 'if-none-match': etag },
    });
    expect(head.statusCode).toBe(304);

    counter = 2;
    const changed = await get('/api/test/counter', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ counter: 2 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('tags compressed answers by their JSON, the same in every encoding', async () => {
    const plain = await get('/api/test/big');
    const br = await get('/api/test/big', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get('/api/test/big', {
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('sends tagged answers in gzip made once per tag, to each client that takes gzip', async () => {
    const answers = [];
    for (let visit = 0; visit < 3; visit++) {
      answers.push(await get('/api/test/big', { 'accept-encoding': 'gzip, deflate, br' }));
    }
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
      expect(JSON.parse(decoded(answer))).toEqual(bigAnswer);
    }
    expect(Number(answers[0]!.headers['content-length'])).toBe(answers[0]!.rawPayload.length);
    // What changes gets a new gzip with its new tag.
    counter = 'x'.repeat(5000);
    const changed = await get('/api/test/counter', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(decoded(changed))).toEqual({ counter });
    counter = 'y'.repeat(5000);
    const changedAgain = await get('/api/test/counter', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(decoded(changedAgain))).toEqual({ counter });
    expect(changedAgain.headers.etag).not.toBe(changed.headers.etag);
  });

  it('tags real catalogue answers, keeping their cache-control', async () => {
    const products = await get('/api/products');
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api/products', { 'if-none-match': String(products.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('does not tag no-store answers, errors or pages', async () => {
    expect((await get('/api/test/secret')).headers.etag).toBeUndefined();
    expect((await get('/api/no-such-route')).headers.etag).toBeUndefined();
    expect((await get('/about')).headers.etag).toBeUndefined();
  });
});
