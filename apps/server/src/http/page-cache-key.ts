import type { PageHandle } from '@labshop/shared/load-context';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** React Router's own parameter on `.data` requests (which routes' loaders to run). */
const ROUTER_PARAMS = ['_routes'];

/**
 * The URL a shared page render is made for and kept under: the path and, sorted, only the query
 * parameters that the routes matching the path read (their `handle.queryParams`). Anything else
 * in the query string (a tracking tag, a random value) is left out: it changes nothing on the
 * page, so it must neither miss the page cache nor fill it with copies.
 */
export function createPageCacheKey(build: ServerBuild): (url: string) => string {
  const tree = routeTree(build.routes);
  const handles = new Map<string, PageHandle | undefined>(
    Object.values(build.routes).map((route) => [
      route!.id,
      route!.module.handle as PageHandle | undefined,
    ]),
  );
  // React Router's own route-discovery endpoint: its answer depends on its whole query.
  const manifestPath =
    build.routeDiscovery?.mode === 'lazy'
      ? (build.routeDiscovery.manifestPath ?? '/__manifest')
      : null;
  return (url) => {
    const queryAt = url.indexOf('?');
    if (queryAt === -1) return url;
    const pathname = url.slice(0, queryAt);
    if (pathname === manifestPath) return url;
    // A client navigation asks for `/shop.data?...` (`/_root.data` for /): the page's data.
    const pagePath = pathname.endsWith('.data')
      ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/')
      : pathname;
    const read = new Set(ROUTER_PARAMS);
    for (const match of matchRoutes(tree, pagePath) ?? []) {
      const wanted = handles.get(match.route.id!)?.queryParams;
      if (wanted === 'all') return url;
      for (const name of wanted ?? []) read.add(name);
    }
    const params = new URLSearchParams(url.slice(queryAt + 1));
    const kept = [...params].filter(([name]) => read.has(name));
    if (kept.length === 0) return pathname;
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${pathname}?${new URLSearchParams(kept).toString()}`;
  };
}

/** The build's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? { ...node, children: attach(below) } : node;
    });
  return attach(children.get(undefined) ?? []);
}
