import { decodeHtmlEntities } from '../../apps/server/src/core/html-text.ts';

/**
 * An administrator's session for the bench, got the way a browser gets one: /auth/login, the
 * embedded identity provider's sign-in form, and back to the shop's callback, following each
 * redirect by hand and keeping cookies (like apps/server/test/support/http-client.ts).
 */

// The embedded provider's demo administrator (README.md lists the demo accounts).
export const DEMO_ADMIN = { email: 'admin@labshop.example', password: 'admin-demo' };
/** The demo partner lab whose account --orders fills (apps/server/src/db/seed/bulk-orders.ts). */
export const DEMO_PARTNER = { email: 'orders@brightsmile-lab.example', password: 'partner-demo' };

class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.header());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    return response;
  }

  /** Follows redirects until a page answers; answers it and the last URL. */
  async follow(start: URL, init: RequestInit = {}): Promise<{ response: Response; url: URL }> {
    let url = start;
    let response = await this.request(url, init);
    for (let hop = 0; hop < 15 && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get('location');
      if (!location) break;
      await response.body?.cancel();
      url = new URL(location, url);
      response = await this.request(url);
    }
    return { response, url };
  }
}

/** Signs in through the embedded provider; answers the Cookie header of the session. */
export async function signIn(
  origin: string,
  account: { email: string; password: string } = DEMO_ADMIN,
): Promise<string> {
  const jar = new CookieJar();
  const login = await jar.follow(new URL('/auth/login?returnTo=/admin', origin));
  const html = await login.response.text();
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form?.[1]) throw new Error(`no sign-in form at ${login.url.href}`);
  const body = new URLSearchParams();
  for (const input of form[2]?.matchAll(/<input[^>]*>/gi) ?? []) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) body.set(name, decodeHtmlEntities(value));
  }
  body.set('email', account.email);
  body.set('password', account.password);
  const action = new URL(decodeHtmlEntities(form[1]), login.url);
  const submitted = await jar.request(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body,
  });
  const next = submitted.headers.get('location');
  await submitted.body?.cancel();
  if (next) await jar.follow(new URL(next, action)).then(({ response }) => response.body?.cancel());
  const session = jar.get('labshop_session');
  if (!session) throw new Error(`signing in as ${account.email} gave no session`);
  return `labshop_session=${session}`;
}
