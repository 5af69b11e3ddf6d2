import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface InProcessFetchDefaults {
  /** The caller's address as routes, logs and rate limits see it. */
  remoteAddress?: string;
  /** Headers every call carries unless the call sets its own. */
  headers?: Record<string, string>;
}

/**
 * A fetch that answers from the app's own routes in-process (Fastify inject, no socket): the
 * same validation, auth and answers as over the network. Server-rendered loaders call the API
 * with it, and the login client reaches the embedded identity provider with it.
 */
export function createInjectFetch(app: FastifyInstance, defaults: InProcessFetchDefaults = {}) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(input, 'http://in-process');
    const headers: Record<string, string> = { ...defaults.headers };
    if (target.host !== 'in-process') headers.host = target.host;
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body;
    const result = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers,
      ...(defaults.remoteAddress ? { remoteAddress: defaults.remoteAddress } : {}),
      ...(body !== undefined && body !== null
        ? { payload: body instanceof URLSearchParams ? body.toString() : (body as string | Buffer) }
        : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        responseHeaders.append(name, String(item));
      }
    }
    const bodyless = result.statusCode === 204 || result.statusCode === 304;
    return new Response(bodyless ? null : result.rawPayload, {
      status: result.statusCode,
      headers: responseHeaders,
    });
  };
}
