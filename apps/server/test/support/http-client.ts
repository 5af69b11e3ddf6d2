import { decodeHtmlEntities } from '../../src/core/html-text.ts';

/**
 * A small cookie-keeping HTTP client for API tests that walk browser redirects (login,
 * logout): it stores Set-Cookie by name, sends every stored cookie, and follows redirects one
 * hop at a time so a test can look at each.
 */
export class BrowserlessClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.origin);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired =
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) ||
        attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers; returns it and every URL visited. */
  async follow(
    target: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; visited: URL[] }> {
    const visited: URL[] = [];
    let url = new URL(target, this.origin);
    let response = await this.request(url.href, init);
    visited.push(url);
    for (let hop = 0; hop < 15 && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get('location');
      if (!location) break;
      url = new URL(location, url);
      visited.push(url);
      response = await this.request(url.href);
    }
    return { response, visited };
  }

  /** Submits the page's first form with these fields added to its own (hidden) inputs. */
  async submitForm(
    html: string,
    pageUrl: URL,
    fields: Record<string, string> = {},
  ): Promise<{ response: Response; visited: URL[] }> {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form?.[1]) throw new Error('no form on the page');
    const body = new URLSearchParams();
    for (const input of form[2]?.matchAll(/<input[^>]*>/gi) ?? []) {
      const name = /name="([^"]+)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) body.set(name, decodeHtmlEntities(value));
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const action = new URL(decodeHtmlEntities(form[1]), pageUrl);
    const response = await this.request(action.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      body,
    });
    const next = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !next)
      return { response, visited: [action] };
    const followed = await this.follow(new URL(next, action).href);
    return { response: followed.response, visited: [action, ...followed.visited] };
  }
}
