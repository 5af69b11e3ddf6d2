import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { ServerLoadContext, PublicConfig } from '@labshop/shared/load-context';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadCache } from '../cache/read-cache.ts';
import { createInjectFetch } from './in-process-fetch.ts';

/**
 * Serves the React Router app: server-rendered pages for every path that no API, login or
 * static route claims. Production loads the built app; development runs Vite in middleware mode
 * so edits reload without a restart.
 */
export interface SsrOptions {
  mode: 'production' | 'development';
  /** apps/web (development) */
  webRoot: string;
  /** apps/web/build (production) */
  webBuild: string;
  publicConfig: PublicConfig;
  /**
   * How long a page rendered for a visitor without cookies is reused for the next such visitor
   * (0: never). Pages for visitors with a session or a cart are always rendered for them.
   */
  pageCacheMs: number;
}

/** A rendered page as the page cache keeps it. */
interface RenderedPage {
  status: number;
  headers: [string, string][];
  /** The body cut at each occurrence of the CSP nonce it was rendered with. */
  bodyAroundNonce: Buffer[];
  cacheable: boolean;
}

export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const getBuild =
    options.mode === 'development'
      ? await startViteDevServer(app, options.webRoot)
      : await loadProductionBuild(app, options.webBuild);
  const handleRequest = createRequestHandler(getBuild, options.mode);
  const pageCache = createReadCache({
    ttlMs: options.mode === 'development' ? 0 : options.pageCacheMs,
    maxEntries: 1000,
    // Any query string makes a new entry: memory, not the count, is what must stay bounded.
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (page) =>
      (page as RenderedPage).bodyAroundNonce.reduce((sum, part) => sum + part.length, 0),
  });
  // An administrator's change shows on the next page view here, not after the cache's few
  // seconds (other instances still wait for their entries to expire; decision 003).
  app.addHook('onResponse', async (request, reply) => {
    if (isAdminWrite(request) && reply.statusCode < 400) pageCache.clear();
  });
  const loadContextFor = (request: FastifyRequest): ServerLoadContext => ({
    apiFetch: createInProcessFetch(app, request),
    cspNonce: request.cspNonce,
    publicConfig: options.publicConfig,
  });

  await app.register(async (ssr) => {
    // Pages may post forms; React Router reads the raw body itself.
    ssr.removeAllContentTypeParsers();
    ssr.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    ssr.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HTTPMethods[],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        // The API's unknown paths answer like the API ({ error }, 404), not with a page.
        if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
        if (options.pageCacheMs > 0 && isCookielessGet(request)) {
          // One render serves every cookieless visitor of this URL for a few seconds; it is
          // not tied to the first visitor's connection, since others wait for it too.
          const page = await pageCache.get(
            request.url,
            async () =>
              renderedPage(
                await handleRequest(toFetchRequest(request), loadContextFor(request)),
                request.cspNonce,
              ),
            (rendered) => rendered.cacheable,
          );
          return sendRenderedPage(reply, page, request.cspNonce);
        }
        const response = await handleRequest(
          toFetchRequest(request, reply),
          loadContextFor(request),
        );
        return sendFetchResponse(reply, response);
      },
    });
  });
}

function isAdminWrite(request: FastifyRequest): boolean {
  return (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    request.routeOptions.config?.access === 'admin'
  );
}

async function loadProductionBuild(app: FastifyInstance, webBuild: string): Promise<ServerBuild> {
  const serverEntry = path.join(webBuild, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const { default: fastifyStatic } = await import('@fastify/static');
  // Hashed file names never change content: cache them for a year.
  await app.register(fastifyStatic, {
    root: path.join(webBuild, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  return build;
}

async function startViteDevServer(
  app: FastifyInstance,
  webRoot: string,
): Promise<() => Promise<ServerBuild>> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
}

/** Nothing personal can shape the page: no cookies, no credentials. */
function isCookielessGet(request: FastifyRequest): boolean {
  return request.method === 'GET' && !request.headers.cookie && !request.headers.authorization;
}

async function renderedPage(response: Response, nonce: string): Promise<RenderedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  return {
    status: response.status,
    headers,
    bodyAroundNonce: splitAround(body, Buffer.from(nonce)),
    // Only complete, successful pages that set nothing for the visitor.
    cacheable: response.status === 200 && response.headers.getSetCookie().length === 0,
  };
}

function splitAround(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** Sends a rendered page with this response's own nonce where the render had its nonce. */
function sendRenderedPage(reply: FastifyReply, page: RenderedPage, nonce: string): FastifyReply {
  reply.code(page.status);
  for (const [name, value] of page.headers) {
    if (name !== 'content-length') reply.header(name, value);
  }
  const nonceBytes = Buffer.from(nonce);
  const chunks = page.bodyAroundNonce.flatMap((part, index) =>
    index === 0 ? [part] : [nonceBytes, part],
  );
  return reply.send(Buffer.concat(chunks));
}

function toFetchRequest(request: FastifyRequest, reply?: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Abort loaders when the visitor goes away before the page is done.
  const controller = new AbortController();
  reply?.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody
      ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>));
}

/** The visitor's headers that an API call made on their behalf carries along. */
const FORWARDED_HEADERS = ['cookie', 'authorization', 'accept-language', 'user-agent'] as const;

/**
 * A fetch for loaders that goes through the app's own routes in-process, as the visitor of
 * `incoming` (their cookies and address): what a browser would get.
 */
export function createInProcessFetch(
  app: FastifyInstance,
  incoming: FastifyRequest,
): ServerLoadContext['apiFetch'] {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = incoming.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Rate limits and logs see the visitor, not the server calling itself.
  return createInjectFetch(app, { remoteAddress: incoming.ip, headers });
}
