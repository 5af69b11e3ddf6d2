import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerSsr } from '../../src/http/ssr.ts';

/**
 * A stand-in for apps/web/build: a React Router server build with one page route (any path)
 * whose loader reads the About text page through the in-process API, rendered to HTML with the
 * response's CSP nonce in two inline scripts (as the real pages have), the number of renders
 * so far and the Cookie header it was rendered with, and one hashed script under
 * client/assets. /cart says `Vary: Cookie`, as the real cart page does. The page reads the query
 * parameters `q` and `shared` (its handle), and shows the URL it was rendered for. The server's page cache, compression and static serving run on it as
 * on the real build, without building the web app.
 */
export async function writeFakeWebBuild(): Promise<{ dir: string; asset: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'labshop-fake-web-build-'));
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'client', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'server', 'index.js'), SERVER_BUILD);
  const asset = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
  await writeFile(path.join(dir, 'client', 'assets', 'app-Ab12Cd34.js'), asset);
  return { dir, asset };
}

const SERVER_BUILD = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
let renders = 0;
const filler = Array.from({ length: 200 }, (_, i) => '<li>Pipette tip ' + i + '</li>').join('');

export const entry = {
  module: {
    default: async (request, status, headers, context, loadContext) => {
      const page = context.staticHandlerContext.loaderData['routes/page'] ?? { content: '' };
      const nonce = loadContext.cspNonce;
      headers.set('content-type', 'text/html; charset=utf-8');
      renders += 1;
      // Like the real cart page, /cart shows what the visitor's cookies hold.
      if (new URL(request.url).pathname === '/cart') headers.set('vary', 'Cookie');
      const html = '<!DOCTYPE html><html><head><script nonce="' + nonce + '">window.a=1</script>' +
        '</head><body><main id="about">' + escape(page.content) + '</main>' +
        '<p id="render">render ' + renders + '</p>' +
        '<p id="cookies">' + escape(request.headers.get('cookie') ?? '') + '</p>' +
        '<p id="url">' + escape(new URL(request.url).pathname + new URL(request.url).search) +
        '</p><ul>' + filler +
        '</ul><script nonce="' + nonce + '">window.b=2</script></body></html>';
      return new Response(html, { status, headers });
    },
  },
};
export const routes = {
  root: { id: 'root', parentId: undefined, path: '', index: undefined, caseSensitive: undefined,
    module: { default: () => null } },
  'routes/page': { id: 'routes/page', parentId: 'root', path: '*', index: undefined,
    caseSensitive: undefined,
    module: {
      default: () => null,
      // The query parameters the page reads, as the shop's route modules declare them.
      handle: { queryParams: ['q', 'shared'] },
      loader: async ({ context }) => (await context.apiFetch('/api/text_pages/About')).json(),
    } },
};
export const assets = {
  entry: { module: '/assets/entry.js', imports: [], css: [] },
  routes: {
    root: { id: 'root', path: '', module: '/assets/root.js', hasAction: false, hasLoader: false,
      hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [], css: [] },
    'routes/page': { id: 'routes/page', parentId: 'root', path: '*', module: '/assets/page.js',
      hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false,
      hasErrorBoundary: false, imports: [], css: [] },
  },
  url: '/assets/manifest.js',
  version: 'test',
};
export const assetsBuildDirectory = 'build/client';
export const basename = '/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const publicPath = '/';
export const allowedActionOrigins = false;
`;

/** Serves the fake build on `app` as buildApp serves the real one in production. */
export async function serveFakeWebBuild(
  app: FastifyInstance,
  webBuild: string,
  pageCacheMs: number,
): Promise<void> {
  await registerSsr(app, {
    mode: 'production',
    webRoot: webBuild,
    webBuild,
    pageCacheMs,
    publicConfig: {
      // Where app.inject's requests go by default (Host: localhost:80).
      publicUrl: 'http://localhost',
      analyticsUrl: null,
      storageBaseUrl: '/uploads/',
      recaptchaSiteKey: null,
      recaptchaScriptUrl: 'https://www.google.com/recaptcha/api.js',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '',
      shopTimeZone: 'America/Chicago',
      tokenizerUrl: '/sandbox-tokenizer',
      tokenizerOrigin: 'http://127.0.0.1',
    },
  });
}
