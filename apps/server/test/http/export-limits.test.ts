import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInTestApp, type SignedInTestApp } from '../support/helper.ts';

/**
 * Bursts on the CSV exports of personal data (HARDENING.md "bursts on login, contact,
 * newsletter, checkout, export"): an administrator's client gets 30 of each in 10 minutes, then
 * 429 with Retry-After; another client is not held up.
 */
const EXPORTS = [
  '/api/customers/export',
  '/api/order-history/export',
  '/api/export-subscribers',
  '/api/admin/audit-log/export',
];
const LIMIT = 30;

let shop: SignedInTestApp;

beforeAll(async () => {
  shop = await startSignedInTestApp({ TRUST_PROXY: 'true', OUTBOX_WORKER: 'false' });
});
afterAll(async () => {
  await shop?.close();
});

const exportAs = (url: string, clientIp: string) =>
  fetch(`${shop.origin}${url}`, {
    headers: { authorization: `Bearer ${shop.adminToken}`, 'x-forwarded-for': clientIp },
  });

describe('bursts on the CSV exports', () => {
  it.each(EXPORTS)(
    '%s: the 31st export from one client in 10 minutes is 429 with Retry-After',
    async (url) => {
      for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
        const response = await exportAs(url, '203.0.113.7');
        expect(response.status, `export ${attempt}`).toBe(200);
        await response.arrayBuffer();
      }
      const refused = await exportAs(url, '203.0.113.7');
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await refused.json()).toEqual({
        error: 'Too many exports. Please wait a few minutes and try again.',
      });

      const otherClient = await exportAs(url, '198.51.100.20');
      expect(otherClient.status).toBe(200);
      expect(otherClient.headers.get('content-type')).toMatch(/^text\/csv/);
      await otherClient.arrayBuffer();
    },
  );
});
