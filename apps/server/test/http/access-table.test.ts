import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/http/access.ts';
import { ACCESS_TABLE, routeKey } from '../support/access-table.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../support/helper.ts';

/**
 * Issue 10, access: every route of the API, from the OpenAPI document and from the routes
 * Fastify registered, against the table of who may call it (access-table.ts), called as an
 * anonymous visitor, a signed-in partner lab and an administrator.
 */
let shop: SignedInTestApp;

beforeAll(async () => {
  shop = await startSignedInTestApp();
});
afterAll(async () => {
  await shop.close();
});

/** `GET /api/products/{number}` in the OpenAPI document is `GET /api/products/:number` here. */
const fromOpenApiPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
/** A concrete URL for a route: parameters and wildcards get a plausible value. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');

async function openApiRoutes(): Promise<string[]> {
  const response = await fetch(`${shop.origin}/api/docs/json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => routeKey(method, fromOpenApiPath(path))),
  );
}

/** Every route Fastify registered, including those the document leaves out (HEAD follows GET). */
function registeredRoutes(): string[] {
  return shop.app.accessTable
    .filter((route) => route.method !== 'HEAD')
    .map((route) => routeKey(route.method, route.url));
}

describe('the access table', () => {
  it('has a row for every route of the OpenAPI document and every route the server registered', async () => {
    const routes = new Set([...(await openApiRoutes()), ...registeredRoutes()]);
    const missing = [...routes].filter((route) => !(route in ACCESS_TABLE)).sort();
    expect(missing, 'routes missing from test/support/access-table.ts').toEqual([]);
  });

  it('has no row for a route that no longer exists', async () => {
    const routes = new Set([...(await openApiRoutes()), ...registeredRoutes()]);
    const stale = Object.keys(ACCESS_TABLE).filter((route) => !routes.has(route));
    expect(stale, 'rows of test/support/access-table.ts without a route').toEqual([]);
  });

  it("agrees with the access each route declares in the server's code", () => {
    const declared = Object.fromEntries(
      registeredRoutes().map((route) => {
        const [method, url] = route.split(' ');
        const entry = shop.app.accessTable.find((r) => r.method === method && r.url === url);
        return [route, entry?.access];
      }),
    );
    expect(declared).toEqual(ACCESS_TABLE);
  });

  it('lets each caller through or refuses them as the table says, never answers 5xx, and keeps signed-in answers out of caches', async () => {
    const callers = {
      anonymous: {},
      partner: { authorization: `Bearer ${shop.partnerToken}` },
      administrator: { authorization: `Bearer ${shop.adminToken}` },
    };
    // What each caller must get: a refusal with this status, or anything but a refusal.
    const expected = {
      public: { anonymous: 'through', partner: 'through', administrator: 'through' },
      user: { anonymous: 401, partner: 'through', administrator: 'through' },
      admin: { anonymous: 401, partner: 403, administrator: 'through' },
    } as const;
    // A refusal by the access guard, told apart from a route's own 403 (a bad unsubscribe
    // link's signature) by its message.
    const guardMessages = new Set<string>(Object.values(MESSAGES));
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ACCESS_TABLE)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const [caller, headers] of Object.entries(callers)) {
        const response = await fetch(`${shop.origin}${concrete(url)}`, {
          method,
          headers,
          redirect: 'manual',
        });
        const body = await response.text();
        const error = response.headers.get('content-type')?.startsWith('application/json')
          ? (JSON.parse(body) as { error?: string }).error
          : undefined;
        const refused =
          (response.status === 401 || response.status === 403) && guardMessages.has(error ?? '');
        const want = expected[access][caller as keyof typeof callers];
        const ok =
          response.status < 500 &&
          (want === 'through' ? !refused : refused && response.status === want);
        if (!ok)
          wrong.push(`${route} as ${caller}: ${response.status} ${error ?? ''}, expected ${want}`);
        // What a signed-in caller or an administrator is answered is theirs: never kept.
        const cacheControl = response.headers.get('cache-control') ?? '';
        if (
          access !== 'public' &&
          caller === 'administrator' &&
          !/\bno-store\b/.test(cacheControl)
        ) {
          wrong.push(`${route} as ${caller}: ${response.status} without Cache-Control: no-store`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
