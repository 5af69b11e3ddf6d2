import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/integrations/identity/embedded/demo-accounts.ts';
import {
  startSignedInTestApp,
  startTestApp,
  type SignedInTestApp,
  type TestApp,
} from '../support/helper.ts';

/**
 * HARDENING.md "Set-Cookie inspection": on an https site (PUBLIC_URL https, behind a proxy that
 * ends TLS) every cookie the server sets or clears through a whole login and logout is Secure,
 * HttpOnly, SameSite, has a Path and no Domain, and the session cookie is __Host- prefixed. The browser tests (e2e browser-security) check
 * the same over http without Secure, and what JavaScript can read.
 */

const PUBLIC_URL = 'https://shop.example.com';
/** On https the session cookie carries the __Host- prefix. */
const SESSION = '__Host-labshop_session';
let external: SignedInTestApp;
let embedded: TestApp;

beforeAll(async () => {
  external = await startSignedInTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
  embedded = await startTestApp({ PUBLIC_URL, TRUST_PROXY: 'true', DEMO_MODE: 'true' });
});
afterAll(async () => {
  await external?.close();
  await embedded?.close();
});

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  line: string;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...parts] = line.split(';');
  const separator = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const [name = '', ...value] = part.trim().split('=');
    attributes.set(name.toLowerCase(), value.join('='));
  }
  return {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    attributes,
    line,
  };
}

/**
 * Logs in (through the external issuer, or the embedded provider's form with a demo account)
 * and out, as a browser behind the TLS proxy would: the shop's https URLs are sent to its plain
 * http port with X-Forwarded-Proto: https and the site's X-Forwarded-Host. Answers every
 * Set-Cookie the shop sent.
 */
async function loginAndLogout(shop: TestApp, account?: { email: string; password: string }) {
  const seen: SetCookie[] = [];
  const jar = new Map<string, string>();
  const onShop = (url: URL) =>
    url.origin === PUBLIC_URL ? `${shop.origin}${url.pathname}${url.search}` : url.href;
  const behindProxy = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': new URL(PUBLIC_URL).host,
  };
  const send = async (target: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const toShop = target.startsWith(shop.origin);
    if (toShop) for (const [name, value] of Object.entries(behindProxy)) headers.set(name, value);
    if (toShop && jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    if (toShop) {
      for (const line of response.headers.getSetCookie()) {
        const cookie = parseSetCookie(line);
        seen.push(cookie);
        if (cookie.value && !/expires=Thu, 01 Jan 1970/i.test(line))
          jar.set(cookie.name, cookie.value);
        else jar.delete(cookie.name);
      }
    }
    return response;
  };

  let response = await send(`${shop.origin}/auth/login?returnTo=%2Fshop`);
  for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
    const next = new URL(response.headers.get('location') ?? '', PUBLIC_URL);
    if (next.origin === PUBLIC_URL && next.pathname === '/shop') break;
    response = await send(onShop(next));
    if (account && /^\/oidc\/interaction\/[^/]+$/.test(next.pathname) && response.status === 200) {
      response = await send(onShop(new URL(`${next.pathname}/login`, PUBLIC_URL)), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
        body: new URLSearchParams(account),
      });
    }
  }
  expect(response.headers.get('location')).toBe('/shop');
  expect(jar.has(SESSION)).toBe(true);
  const me = await send(`${shop.origin}/api/me`);
  expect(((await me.json()) as { user: unknown }).user).not.toBeNull();
  // The same session under the plain name (as a sibling subdomain could plant it) is no session.
  const planted = await fetch(`${shop.origin}/api/me`, {
    headers: { ...behindProxy, cookie: `labshop_session=${jar.get(SESSION)}` },
  });
  expect(((await planted.json()) as { user: unknown }).user).toBeNull();
  await send(`${shop.origin}/auth/logout`, { method: 'POST', headers: { origin: PUBLIC_URL } });
  return seen;
}

function expectSafeCookies(seen: SetCookie[]) {
  expect(seen.map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(['labshop_login', SESSION]),
  );
  // The session is set at login and cleared at logout, only ever under its __Host- name.
  expect(seen.filter((cookie) => cookie.name === SESSION)).toHaveLength(2);
  expect(seen.filter((cookie) => cookie.name === 'labshop_session')).toEqual([]);
  for (const { attributes, line } of seen) {
    expect(attributes.has('secure'), line).toBe(true);
    expect(attributes.has('httponly'), line).toBe(true);
    expect(attributes.get('samesite'), line).toMatch(/^(lax|strict)$/i);
    expect(attributes.get('path'), line).toMatch(/^\//);
    expect(attributes.has('domain'), line).toBe(false);
  }
  // What the __Host- prefix demands, or the browser drops the cookie: Secure, Path=/, no Domain.
  const session = seen.find((cookie) => cookie.name === SESSION && cookie.value);
  expect(session?.attributes.get('path')).toBe('/');
}

describe('cookies on an https site', () => {
  it('are Secure, HttpOnly, SameSite, host-only, with a Path: login through an external issuer', async () => {
    expectSafeCookies(await loginAndLogout(external));
  });

  it("are Secure, HttpOnly, SameSite, host-only, with a Path: the embedded provider's login too", async () => {
    const seen = await loginAndLogout(embedded, DEMO_ACCOUNTS[1]);
    // The provider's own interaction and session cookies are among them.
    expect(seen.some((cookie) => cookie.name.startsWith('_interaction'))).toBe(true);
    expectSafeCookies(seen);
  });
});
