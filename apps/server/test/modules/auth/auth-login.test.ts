import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels, sessions } from '../../../src/db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../src/integrations/identity/embedded/demo-accounts.ts';
import { safeReturnTo } from '../../../src/modules/auth/service.ts';
import { startTestApp, type TestApp } from '../../support/helper.ts';
import { BrowserlessClient } from '../../support/http-client.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({}, (app) => {
    // A signed-in write, to check where cookie-authenticated writes may come from.
    app.post('/api/test/signed-in-write', { config: { access: 'user' } }, async () => ({
      ok: true,
    }));
  });
});
afterAll(() => shop.close());

function demoAccount(index: number) {
  const account = DEMO_ACCOUNTS[index];
  if (!account) throw new Error(`no demo account ${index}`);
  return account;
}
const admin = demoAccount(0);
const partner = demoAccount(1);
const otherPartner = demoAccount(2);

/** Login through the real redirects: shop -> embedded provider's page -> shop callback. */
async function signIn(email: string, password: string, returnTo = '/shop?q=grinder') {
  const client = new BrowserlessClient(shop.origin);
  const start = await client.follow(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const loginPage = await start.response.text();
  const pageUrl = start.visited.at(-1);
  if (!pageUrl) throw new Error('no login page');
  const done = await client.submitForm(loginPage, pageUrl, { email, password });
  return { client, start, done };
}

/**
 * Walks a login up to the provider's redirect back to the shop, without following it, so a
 * test can look at (or tamper with) the callback.
 */
async function walkToCallback(account: { email: string; password: string }) {
  const client = new BrowserlessClient(shop.origin);
  const start = await client.follow('/auth/login');
  const pageUrl = start.visited.at(-1);
  if (!pageUrl) throw new Error('no login page');
  const html = await start.response.text();
  const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', pageUrl);
  let response = await client.request(action.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  let url = action;
  for (;;) {
    expect(response.status).toBeGreaterThanOrEqual(300);
    url = new URL(response.headers.get('location') ?? '', url);
    if (url.pathname === '/auth/callback') return { client, callback: url };
    response = await client.request(url.href);
  }
}

/** The sessions row behind a client's session cookie. */
function sessionIdHash(client: BrowserlessClient): string {
  const cookie = client.cookies.get('labshop_session');
  if (!cookie) throw new Error('not signed in');
  return createHash('sha256').update(cookie).digest('base64url');
}

async function me(client: BrowserlessClient) {
  const response = await client.request('/api/me');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    user: { name: string; email: string } | null;
    tier: string;
    isAdmin: boolean;
  };
}

describe('login through the embedded identity provider', () => {
  it('redirects with state, nonce and PKCE (S256) to a login page that lists the demo accounts', async () => {
    const client = new BrowserlessClient(shop.origin);
    const response = await client.request('/auth/login?returnTo=/cart');
    expect(response.status).toBe(303);
    const authorize = new URL(response.headers.get('location') ?? '');
    expect(authorize.href.startsWith(`${shop.origin}/oidc/auth`)).toBe(true);
    expect(authorize.searchParams.get('state')).toMatch(/.{20,}/);
    expect(authorize.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/.{40,}/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${shop.origin}/auth/callback`);

    const transaction = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('labshop_login='));
    expect(transaction).toMatch(/HttpOnly/i);
    expect(transaction).toMatch(/SameSite=Lax/i);
    expect(transaction).toMatch(/Max-Age=86400/);
    expect(transaction).not.toMatch(/Secure/i);

    const page = await client.follow(authorize.href);
    const html = await page.response.text();
    expect(page.response.status).toBe(200);
    expect(html).toContain('Sign in');
    // A shop others reach runs these accounts only with DEMO_MODE=true: the page says so.
    expect(html).toContain('This is a demonstration shop.');
    for (const account of DEMO_ACCOUNTS) {
      expect(html).toContain(account.email);
      expect(html).toContain(account.password);
    }
  });

  it('signs a partner lab in and returns to the page they came from, with wholesale prices', async () => {
    const { client, done } = await signIn(partner.email, partner.password);
    expect(done.visited.at(-1)?.href).toBe(`${shop.origin}/shop?q=grinder`);
    const sessionCookie = client.cookies.get('labshop_session');
    expect(sessionCookie).toMatch(/^[\w-]{40,}$/);
    expect(client.cookies.has('labshop_login')).toBe(false);
    expect(await me(client)).toEqual({
      user: { name: partner.name, email: partner.email },
      tier: 'wholesale',
      isAdmin: false,
    });
    // The database holds a hash, never the cookie value.
    const rows = await shop.database.db.select().from(sessions);
    expect(rows.some((row) => row.idHash === sessionCookie)).toBe(false);
    expect(rows.some((row) => row.email === partner.email)).toBe(true);
  });

  it('makes the administrator (ADMIN_EMAILS) an admin, and no one else', async () => {
    const signedInAdmin = await signIn(admin.email, admin.password);
    expect((await me(signedInAdmin.client)).isAdmin).toBe(true);
    expect((await signedInAdmin.client.request('/api/admin/dashboard')).status).toBe(200);

    const signedInPartner = await signIn(otherPartner.email, otherPartner.password);
    expect((await me(signedInPartner.client)).isAdmin).toBe(false);
    const refused = await signedInPartner.client.request('/api/admin/dashboard');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Only administrators may do this.' });
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const { client, callback } = await walkToCallback(partner);
    const response = await client.request(callback.href);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('labshop_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(response.headers.get('location')).toBe('/');
  });

  it('refuses a wrong password on the provider page without leaving it', async () => {
    const { done } = await signIn(partner.email, 'not-the-password');
    expect(done.response.status).toBe(401);
    expect(await done.response.text()).toContain('Wrong e-mail or password.');
  });

  it('logs out here and at the provider, returning to the site origin as anonymous', async () => {
    const { client } = await signIn(partner.email, partner.password);
    // As the header's Logout form posts it.
    const logout = await client.follow('/auth/logout', {
      method: 'POST',
      headers: { origin: shop.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    // The provider's sign-out page submits itself; a browser without script presses the button.
    const landing = logout.visited.at(-1);
    expect(landing?.pathname).toBe('/oidc/session/end');
    const confirm = await client.submitForm(
      await logout.response.text(),
      landing ?? new URL(shop.origin),
    );
    expect(confirm.visited.at(-1)?.href).toBe(`${shop.origin}/`);
    expect(client.cookies.has('labshop_session')).toBe(false);
    expect(await me(client)).toEqual({ user: null, tier: 'retail', isAdmin: false });

    // The provider's session is gone too: the next login asks for the password again.
    const again = await client.follow('/auth/login');
    expect(again.visited.at(-1)?.pathname).toMatch(/^\/oidc\/interaction\//);
  });

  it('refreshes the tokens on the server shortly before they expire', async () => {
    const { client } = await signIn(partner.email, partner.password);
    const [before] = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sessionIdHash(client)));
    if (!before) throw new Error('no session');
    await shop.database.db
      .update(sessions)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 5_000) })
      .where(eq(sessions.idHash, before.idHash));

    expect((await me(client)).user?.email).toBe(partner.email);
    const [after] = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, before.idHash));
    expect(after?.accessToken).not.toBe(before.accessToken);
    expect(after?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
  });

  it('ends the session when the provider refuses the refresh', async () => {
    const { client } = await signIn(otherPartner.email, otherPartner.password);
    const idHash = sessionIdHash(client);
    await shop.database.db
      .update(sessions)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.idHash, idHash));
    // The provider forgets every grant (as when an account is disabled).
    await shop.database.db.delete(oidcModels).where(eq(oidcModels.kind, 'RefreshToken'));

    expect((await me(client)).user).toBeNull();
    const left = await shop.database.db.select().from(sessions).where(eq(sessions.idHash, idHash));
    expect(left).toHaveLength(0);
  });
});

describe('the embedded provider', () => {
  it('names the public origin in its URLs whatever host a request claims', async () => {
    const response = await fetch(`${shop.origin}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const metadata = (await response.json()) as Record<string, string>;
    expect(metadata.issuer).toBe(`${shop.origin}/oidc`);
    expect(metadata.authorization_endpoint).toBe(`${shop.origin}/oidc/auth`);
    expect(metadata.jwks_uri).toBe(`${shop.origin}/oidc/jwks`);
  });
});

describe('on https', () => {
  it('marks the login cookies Secure', async () => {
    const secure = await startTestApp({
      PUBLIC_URL: 'https://shop.example.com',
      DEMO_MODE: 'true',
      TRUST_PROXY: 'true',
    });
    try {
      const response = await fetch(`${secure.origin}/auth/login`, {
        redirect: 'manual',
        headers: { 'x-forwarded-host': 'shop.example.com' },
      });
      expect(response.headers.get('location')).toMatch(
        /^https:\/\/shop\.example\.com\/oidc\/auth\?/,
      );
      const cookie = response.headers
        .getSetCookie()
        .find((line) => line.startsWith('labshop_login='));
      expect(cookie).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('writes made with the session cookie', () => {
  it('are accepted from the site itself and refused from another origin', async () => {
    const { client } = await signIn(partner.email, partner.password);
    const write = (origin: string) =>
      client.request('/api/test/signed-in-write', { method: 'POST', headers: { origin } });
    expect((await write(shop.origin)).status).toBe(200);
    const crossSite = await write('https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Cross-site requests are not accepted.' });
  });

  it('need a session: anonymous writes get 401', async () => {
    const response = await fetch(`${shop.origin}/api/test/signed-in-write`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Please log in to continue.' });
  });
});

describe('a login that does not belong to its transaction', () => {
  async function callbackFor(
    mutate: (callback: URL, client: BrowserlessClient) => void,
    keepTransaction = true,
  ) {
    const { client, callback: url } = await walkToCallback(partner);
    mutate(url, client);
    if (!keepTransaction) client.cookies.delete('labshop_login');
    const answer = await client.request(url.href);
    return { answer, client };
  }

  it("sends a tampered state to the error page with 'Invalid state'", async () => {
    const { answer, client } = await callbackFor((url) => url.searchParams.set('state', 'forged'));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/auth/error?reason=invalid_state');
    expect(client.cookies.has('labshop_session')).toBe(false);
  });

  it('sends a callback without its login transaction to the error page', async () => {
    const { answer } = await callbackFor(() => {}, false);
    expect(answer.headers.get('location')).toBe('/auth/error?reason=invalid_state');
  });

  it('sends a forged authorization code to the error page, never a 500', async () => {
    const { answer } = await callbackFor((url) => url.searchParams.set('code', 'forged-code'));
    expect(answer.headers.get('location')).toBe('/auth/error?reason=invalid_state');
  });

  it("sends the provider's own error (the user refused) to the error page", async () => {
    const { answer } = await callbackFor((url) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The user refused');
    });
    expect(answer.headers.get('location')).toBe('/auth/error?reason=provider_error');
  });

  it('refuses a login transaction older than one day', async () => {
    const { answer } = await callbackFor((_url, client) => {
      // The same transaction, validly signed, as if the login had begun two days ago.
      const cookie = decodeURIComponent(client.cookies.get('labshop_login') ?? '');
      const unsigned = shop.app.unsignCookie(cookie);
      if (!unsigned.valid || !unsigned.value) throw new Error('no login transaction');
      const pending = JSON.parse(unsigned.value) as { startedAt: number };
      pending.startedAt -= 2 * 24 * 60 * 60 * 1000;
      client.cookies.set(
        'labshop_login',
        encodeURIComponent(shop.app.signCookie(JSON.stringify(pending))),
      );
    });
    expect(answer.headers.get('location')).toBe('/auth/error?reason=invalid_state');
  });

  it('refuses a replayed callback', async () => {
    const { client, callback } = await walkToCallback(partner);
    expect((await client.request(callback.href)).headers.get('location')).toBe('/');
    const replay = await client.request(callback.href);
    expect(replay.headers.get('location')).toBe('/auth/error?reason=invalid_state');
  });
});

describe('the page to return to after login', () => {
  it.each([
    ['/shop?q=lathe', '/shop?q=lathe'],
    ['/admin/products', '/admin/products'],
    ['https://evil.example/phish', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/auth/login', '/'],
    ['/home\r\nSet-Cookie: x=1', '/'],
    [undefined, '/'],
  ])('%s -> %s', (given, expected) => {
    expect(safeReturnTo(given)).toBe(expected);
  });
});
