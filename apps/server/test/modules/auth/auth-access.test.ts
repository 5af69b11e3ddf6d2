import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../../../src/http/access.ts';
import { startTestApp, type TestApp } from '../../support/helper.ts';
import {
  externalIssuerEnv,
  startFakeIssuer,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../../fakes/oidc-issuer.ts';

/**
 * Bearer access tokens from an external issuer (Auth0-shaped fake with a real JWKS), and the
 * rule that every API route declares who may call it.
 */
let issuer: FakeIssuer;
let shop: TestApp;

beforeAll(async () => {
  issuer = await startFakeIssuer(TEST_AUDIENCE);
  shop = await startTestApp({
    ...externalIssuerEnv(issuer),
    ADMIN_EMAILS: 'Boss@Lab.example, owner@lab.example',
    OIDC_ROLES_CLAIM: 'permissions',
    OIDC_ADMIN_ROLE: 'admin:shop',
  });
});
afterAll(async () => {
  await shop.close();
  await issuer.close();
});

const partnerClaims = { sub: 'auth0|partner', email: 'lab@partner.example', email_verified: true };
const adminByEmail = { sub: 'auth0|boss', email: 'boss@lab.example', email_verified: true };
const adminByRole = { sub: 'auth0|ops', permissions: ['read:orders', 'admin:shop'] };

function call(path: string, token?: string, method = 'GET') {
  return fetch(`${shop.origin}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('Bearer access tokens', () => {
  it('accepts an administrator by verified e-mail in ADMIN_EMAILS', async () => {
    const response = await call('/api/admin/dashboard', await issuer.sign(adminByEmail));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ products: 0, paidOrders: 0 });
  });

  it('accepts an administrator by the role claim', async () => {
    expect((await call('/api/admin/dashboard', await issuer.sign(adminByRole))).status).toBe(200);
  });

  it('refuses a signed-in partner with 403', async () => {
    const response = await call('/api/admin/dashboard', await issuer.sign(partnerClaims));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Only administrators may do this.' });
  });

  it('refuses an admin e-mail that the provider has not verified', async () => {
    const token = await issuer.sign({ ...adminByEmail, email_verified: false });
    expect((await call('/api/admin/dashboard', token)).status).toBe(403);
  });

  it.each([
    ['expired beyond the 60 s leeway', () => issuer.sign(adminByEmail, { expiresIn: -120 })],
    ['for another audience', () => issuer.sign(adminByEmail, { audience: 'https://other.api' })],
    ['signed by a key the issuer does not publish', () => issuer.signWithForeignKey(adminByEmail)],
    ['not a JWT at all', async () => 'not-a-token'],
  ])('answers 401 for a token %s', async (_case, makeToken) => {
    const response = await call('/api/admin/dashboard', await makeToken());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'The access token is not valid or has expired.',
    });
  });

  it('tolerates a token that expired within the 60 s leeway', async () => {
    const token = await issuer.sign(adminByEmail, { expiresIn: -20 });
    expect((await call('/api/admin/dashboard', token)).status).toBe(200);
  });

  it('tells /api/me who the token belongs to', async () => {
    const response = await call('/api/me', await issuer.sign(partnerClaims));
    expect(await response.json()).toEqual({
      user: { name: 'lab@partner.example', email: 'lab@partner.example' },
      tier: 'wholesale',
      isAdmin: false,
    });
  });
});

// Every route against the table of who may call it: access-table.test.ts.
describe('the route table', () => {
  it('refuses an API route that declares no access level', async () => {
    const app = Fastify();
    await app.register(access, { resolveUser: async () => null, siteOrigin: 'http://shop' });
    expect(() => app.get('/api/forgotten', async () => ({ open: true }))).toThrow(
      'GET /api/forgotten declares no access level',
    );
    await app.close();
  });
});
