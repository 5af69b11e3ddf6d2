import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { mayHaveSession } from '@labshop/shared/constants';
import type { ServerLoadContext, PublicConfig } from '@labshop/shared/load-context';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadCache } from '../cache/read-cache.ts';
import { isForeignRequest, MESSAGES, SAFE_METHODS } from './access.ts';
import {
  acceptsGzip,
  addVary,
  COMPRESSION_THRESHOLD_BYTES,
  GZIP_LEVEL,
  varyNames,
} from './compression.ts';
import { deflateParts, gzipAroundNonce, type DeflatedParts } from './gzip-around-nonce.ts';
import { createInjectFetch } from '../core/in-process-fetch.ts';
import { createPageCacheKey } from './page-cache-key.ts';

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
   * How long a page rendered for visitors without a session is reused for the next such visitor
   * (0: never). Signed-in visitors' pages, and pages that say `Vary: Cookie` (the cart, the
   * checkout) for visitors with cookies, are always rendered for them.
   */
  pageCacheMs: number;
}

/** A rendered page as the page cache keeps it. */
interface RenderedPage {
  status: number;
  headers: [string, string][];
  /**
   * The body cut at each occurrence of the CSP nonce it was rendered with: each part deflated on
   * its own when the page is worth compressing (gzip answers are assembled around each
   * response's nonce without compressing again), else as is. Never both: the plain copy would
   * be four times the bytes, for the rare client that takes no gzip, and cached bytes are what
   * the cache's memory bound and the garbage collector pay for (old pages are freed only by a
   * full collection, and V8 starts one after every 64 MB of such memory).
   */
  body: { deflated: DeflatedParts } | { plain: Buffer[] };
  cacheable: boolean;
  /** The page said `Vary: Cookie`: it shows the visitor's cookies (their cart). */
  variesByCookie: boolean;
}

export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const getBuild =
    options.mode === 'development'
      ? await startViteDevServer(app, options.webRoot)
      : await loadProductionBuild(app, options.webBuild);
  const handleRequest = createRequestHandler(getBuild, options.mode);
  const siteOrigin = new URL(options.publicConfig.publicUrl).origin;
  const pageCache = createReadCache({
    ttlMs: options.mode === 'development' ? 0 : options.pageCacheMs,
    maxEntries: 1000,
    // Any query string makes a new entry: memory, not the count, is what must stay bounded.
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (page) => {
      const { body } = page as RenderedPage;
      const parts = 'deflated' in body ? body.deflated.deflated : body.plain;
      return parts.reduce((sum, part) => sum + part.length, 0);
    },
  });
  // Emptied by any write that can change a page, on this instance or another (decision 007).
  app.cacheInvalidation.track(pageCache);
  // Only the production build's pages are cached (development renders every page afresh).
  const pageCacheKey =
    typeof getBuild !== 'function' && options.pageCacheMs > 0 ? createPageCacheKey(getBuild) : null;
  const loadContextFor = (request: FastifyRequest, sharedRender = false): ServerLoadContext => ({
    apiFetch: createInProcessFetch(app, request, { withCookies: !sharedRender }),
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
      // A page from the page cache costs next to nothing: only a render waits for a turn.
      config: { admission: 'in-handler' },
      handler: async (request, reply) => {
        // The API's unknown paths answer like the API ({ error }, 404), not with a page.
        if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
        // A page's form (Add to Cart, a newsletter link's button) is posted from the shop's own
        // pages only: another site's form must not fill a visitor's cart.
        if (!SAFE_METHODS.has(request.method) && isForeignRequest(request, siteOrigin)) {
          return reply.code(403).type('text/plain; charset=utf-8').send(MESSAGES.crossSite);
        }
        if (pageCacheKey && isSharedPageRequest(request)) {
          // One render serves every visitor without a session for a few seconds. It is made
          // without the visitor's cookies, so whatever a cookie holds (the cart count, the
          // read notifications) is filled in by the browser, and the page is the same for all.
          // It is not tied to the first visitor's connection, since others wait for it too. It
          // is made for, and kept under, the URL without query parameters the page never reads.
          const pageUrl = pageCacheKey(request.url);
          if (!pageCache.has(pageUrl) && !(await request.admitWork(reply))) return reply;
          const page = await pageCache.get(
            pageUrl,
            async () =>
              renderedPage(
                await handleRequest(
                  toFetchRequest(request, undefined, { withCookies: false, url: pageUrl }),
                  loadContextFor(request, true),
                ),
                request.cspNonce,
              ),
            (rendered) => rendered.cacheable,
          );
          const sharedFitsVisitor =
            !request.headers.cookie || (page.cacheable && !page.variesByCookie);
          if (sharedFitsVisitor) return sendRenderedPage(request, reply, page, request.cspNonce);
        } else if (!(await request.admitWork(reply))) {
          return reply;
        }
        const response = await handleRequest(
          toFetchRequest(request, reply),
          loadContextFor(request),
        );
        // A page rendered for a session or a Bearer token shows that user (name, wholesale
        // prices, the admin): no cache may keep it, as the API's signed-in answers (access.ts).
        const signedIn =
          request.headers.authorization !== undefined ||
          mayHaveSession((name) => request.cookies[name]);
        if (signedIn && !response.headers.has('cache-control')) {
          reply.header('cache-control', 'private, no-store');
        }
        return sendFetchResponse(reply, response);
      },
    });
  });
}

async function loadProductionBuild(app: FastifyInstance, webBuild: string): Promise<ServerBuild> {
  const serverEntry = path.join(webBuild, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const { default: fastifyStatic } = await import('@fastify/static');
  // Hashed file names never change content: cache them for a year. Text files come with .br
  // and .gz copies made at build time (apps/web/scripts/precompress-assets.mjs), sent to clients that
  // take them; the compression plugin leaves answers that already have an encoding alone.
  await app.register(fastifyStatic, {
    root: path.join(webBuild, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // Written in setHeaders below; send's own (max-age=0) would replace it.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
      // What is sent depends on Accept-Encoding for every text file, precompressed or not.
      if (COMPRESSIBLE_FILE.test(filePath)) res.setHeader('vary', 'accept-encoding');
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

/**
 * A page view that may get the shared render: no session and no credentials. Other cookies
 * (the cart, the read notifications) do not shape it; see RenderedPage.variesByCookie.
 */
function isSharedPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    !request.headers.authorization &&
    !mayHaveSession((name) => request.cookies[name])
  );
}

const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)(?:\.br|\.gz)?$/;

async function renderedPage(response: Response, nonce: string): Promise<RenderedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  // Only complete, successful pages that set nothing for the visitor.
  const cacheable = response.status === 200 && response.headers.getSetCookie().length === 0;
  const bodyAroundNonce = splitAround(body, Buffer.from(nonce));
  const worthCompressing =
    cacheable &&
    body.length >= COMPRESSION_THRESHOLD_BYTES &&
    !response.headers.has('content-encoding') &&
    /^text\/html/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    headers,
    // Made once per cached page, each hit only joins the parts. At the usual level, not the
    // best: many pages (a search, a deep page) are asked for once. Synchronously: zlib's
    // thread pool would take the core the database and other requests need.
    body: worthCompressing
      ? { deflated: deflateParts(bodyAroundNonce, GZIP_LEVEL) }
      : { plain: bodyAroundNonce },
    cacheable,
    variesByCookie: varyNames(response.headers.get('vary')).includes('cookie'),
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

/**
 * Sends a rendered page with this response's own nonce where the render had its nonce: in
 * gzip, joined from the page's precompressed parts, to clients that take gzip; otherwise as is
 * (unzipped, for a compressed page), and the compression plugin encodes it for clients that
 * take only br.
 */
function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  nonce: string,
): FastifyReply {
  reply.code(page.status);
  for (const [name, value] of page.headers) {
    if (name !== 'content-length') reply.header(name, value);
  }
  const nonceBytes = Buffer.from(nonce);
  if ('deflated' in page.body) {
    addVary(reply, 'accept-encoding');
    const gzipped = gzipAroundNonce(page.body.deflated, nonceBytes);
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      return reply.send(gzipped);
    }
    return reply.send(gunzipSync(gzipped));
  }
  const chunks = page.body.plain.flatMap((part, index) =>
    index === 0 ? [part] : [nonceBytes, part],
  );
  return reply.send(Buffer.concat(chunks));
}

/** The visitor's request for React Router; `withCookies: false` for the shared render. */
function toFetchRequest(
  request: FastifyRequest,
  reply?: FastifyReply,
  { withCookies = true, url: path = request.url }: { withCookies?: boolean; url?: string } = {},
): Request {
  const url = new URL(path, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || (name === 'cookie' && !withCookies)) continue;
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
 * `incoming` (their cookies, unless `withCookies` is false, and address): what a browser would
 * get.
 */
export function createInProcessFetch(
  app: FastifyInstance,
  incoming: FastifyRequest,
  { withCookies = true }: { withCookies?: boolean } = {},
): ServerLoadContext['apiFetch'] {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    if (name === 'cookie' && !withCookies) continue;
    const value = incoming.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Rate limits and logs see the visitor, not the server calling itself.
  return createInjectFetch(app, { remoteAddress: incoming.ip, headers });
}
