import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One host per shop (issue 31): a request for another host name (http://127.0.0.1:3000 when
 * PUBLIC_URL is http://localhost:3000, www. or a bare IP) is sent to the same path and query on
 * PUBLIC_URL's origin, 301 for GET and HEAD, 308 for other methods (the body is sent again).
 * Elsewhere the card frame, the login's cookies and its return all name PUBLIC_URL, so a page
 * opened on another host shows an empty card box and its login ends in 'Invalid state'.
 *
 * The host is the one Fastify gives the request: the Host header, or X-Forwarded-Host with
 * TRUST_PROXY. The scheme is left to the TLS proxy (and HSTS). The Location is always built on
 * PUBLIC_URL's origin, whatever the request claims. Exempt: the health probes, which a load
 * balancer calls by IP, and requests the app makes to itself in-process (Fastify inject: the
 * server-rendered pages' API calls, the login client's calls to the embedded provider), which
 * never came over the network.
 */
export const canonicalHost = fp(
  async (app: FastifyInstance, options: { publicUrl: URL }) => {
    const origin = options.publicUrl.origin;
    const host = options.publicUrl.host;
    const scheme = options.publicUrl.protocol;

    app.addHook('onRequest', async (request, reply) => {
      if (!(request.raw.socket instanceof Socket)) return;
      if (ANY_HOST_ROUTES.has(request.routeOptions.url ?? '')) return;
      if (normalHost(request.host, scheme) === host) return;
      const permanent = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
      // A changed PUBLIC_URL must not stay stuck in browsers for ever.
      reply.header('cache-control', 'max-age=3600');
      return reply.redirect(sameTargetOn(origin, request.url), permanent);
    });
  },
  { name: 'canonical-host' },
);

/** Health and readiness: probes call them on the instance's own address. */
const ANY_HOST_ROUTES = new Set(['/healthz', '/readyz']);

/** The request's host as PUBLIC_URL's `host` writes it: lower case, without the default port. */
function normalHost(host: string | undefined, scheme: string): string {
  const lower = (host ?? '').toLowerCase();
  const defaultPort = scheme === 'https:' ? ':443' : ':80';
  return lower.endsWith(defaultPort) ? lower.slice(0, -defaultPort.length) : lower;
}

/** The request's path and query on `origin`; never another origin, whatever the target says. */
function sameTargetOn(origin: string, target: string): string {
  if (target.startsWith('/')) {
    try {
      const url = new URL(`${origin}${target}`);
      if (url.origin === origin) return url.href;
    } catch {
      // An unparseable target: the home page.
    }
  }
  return `${origin}/`;
}
