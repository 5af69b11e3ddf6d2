import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPageCacheKey } from './page-cache-key.ts';

/** The parts of a build the key reads: the route manifest and each module's handle. */
function buildOf(
  routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[],
): ServerBuild {
  return {
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    routes: Object.fromEntries(
      routes.map((route) => [
        route.id,
        {
          ...route,
          caseSensitive: undefined,
          module: { default: () => null, handle: route.handle },
        },
      ]),
    ),
  } as unknown as ServerBuild;
}

const keyOf = createPageCacheKey(
  buildOf([
    { id: 'root', path: '' },
    { id: 'index', parentId: 'root', index: true },
    { id: 'layout', parentId: 'root' },
    { id: 'home', parentId: 'layout', path: 'home' },
    { id: 'shop', parentId: 'layout', path: 'shop', handle: { queryParams: ['q', 'page'] } },
    { id: 'category', parentId: 'layout', path: 'shop/:category', handle: { queryParams: ['q'] } },
    { id: 'admin', parentId: 'root', path: 'admin', handle: { queryParams: 'all' } },
    { id: 'admin-products', parentId: 'admin', path: 'products' },
    { id: 'unknown', parentId: 'root', path: '*' },
  ]),
);

describe('the page cache key', () => {
  it('drops every query parameter of a page that reads none', () => {
    expect(keyOf('/home?x=1&utm_source=mail')).toBe('/home');
    expect(keyOf('/home')).toBe('/home');
    expect(keyOf('/no/such/page?x=1')).toBe('/no/such/page');
    expect(keyOf('/?x=1')).toBe('/');
  });

  it('keeps the parameters the matched route reads, sorted', () => {
    expect(keyOf('/shop?page=2&x=abc&q=belt')).toBe('/shop?page=2&q=belt');
    expect(keyOf('/shop?q=belt&page=2')).toBe('/shop?page=2&q=belt');
    expect(keyOf('/shop/Belts?page=3&q=x')).toBe('/shop/Belts?q=x');
    expect(keyOf('/shop?q=two%20words')).toBe('/shop?q=two+words');
  });

  it("keeps a data request's _routes parameter and reads the page's own", () => {
    expect(keyOf('/shop.data?q=belt&_routes=routes%2Fshop&x=1')).toBe(
      '/shop.data?_routes=routes%2Fshop&q=belt',
    );
    expect(keyOf('/_root.data?x=1')).toBe('/_root.data');
  });

  it("keeps the whole query of React Router's route discovery (which routes, which version)", () => {
    expect(keyOf('/__manifest?p=%2Fabout-us&version=abc')).toBe(
      '/__manifest?p=%2Fabout-us&version=abc',
    );
  });

  it('keeps the whole URL where a route passes it on', () => {
    expect(keyOf('/admin/products?search=AG&page=2')).toBe('/admin/products?search=AG&page=2');
  });
});
