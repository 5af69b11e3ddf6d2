/**
 * Page weight of the storefront, printed by `npm run build` after the web build:
 * for every page under the storefront layout, the gzip bytes of the JavaScript, CSS and preloaded
 * fonts it loads before it is interactive, the JavaScript next to its budget, and whether any page
 * preloads admin code, the rich-text editor or the map.
 *
 * What "before interactive" means here: the entry client, the root, layout and page route modules
 * and everything they import statically (React Router renders these as modulepreload links and
 * hydrates only once all are loaded), the stylesheets of those routes (manifest css and
 * `?url` stylesheets in their links), and fonts they preload. Dynamic imports (the map, the
 * lightbox) load later, on demand, and are listed apart.
 *
 * Reads apps/web/build/client: React Router's manifest (assets/manifest-*.js), Vite's manifest
 * (.vite/manifest.json) and the chunk-module list written by apps/web/vite.config.ts.
 * Misses are printed as MISSED and do not fail the build; a missing build does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** apps/web/build, or another web build given as the first argument. */
const clientDir = path.join(
  path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/web/build')),
  'client',
);

/** The storefront's JavaScript budget before interactive (issue 9), gzip. */
const JS_BUDGET_BYTES = 120_000;
/** The id of the storefront layout route (apps/web/app/features/auth/api/me.ts). */
const STOREFRONT_LAYOUT_ID = 'storefront';
/** A page that may load the map, after it is interactive and never as a modulepreload. */
const MAP_PAGE = '/contact-us';

/** Code that only some pages need: no storefront page may preload it. */
const HEAVY_CODE = [
  {
    name: 'admin code',
    test: (module: string) => /\/app\/(features\/admin[^/]*|routes\/admin)\//.test(module),
  },
  {
    name: 'rich-text editor (TipTap)',
    test: (module: string) =>
      /node_modules\/(@tiptap|prosemirror-)/.test(module) || /rich-text-editor/.test(module),
  },
  {
    name: 'map (Leaflet)',
    test: (module: string) =>
      /node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(module) ||
      /contact-map\.tsx$/.test(module),
  },
] as const;

interface RouterManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface RouterManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, RouterManifestRoute>;
}

interface ViteManifestChunk {
  file: string;
  assets?: string[];
  css?: string[];
  dynamicImports?: string[];
  imports?: string[];
}

function fail(message: string): never {
  console.error(`page-weight: ${message}`);
  process.exit(1);
}

function readJson<T>(file: string, what: string): T {
  if (!existsSync(file)) {
    fail(
      `${what} is missing (${path.relative(repoRoot, file)}). Build the web app first ` +
        '(npm run build -w @labshop/web); apps/web/vite.config.ts must keep build.manifest ' +
        'and the chunk-modules report.',
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function readRouterManifest(): RouterManifest {
  const assetsDir = path.join(clientDir, 'assets');
  const files = existsSync(assetsDir)
    ? readdirSync(assetsDir).filter((file) => /^manifest-[\w-]+\.js$/.test(file))
    : [];
  if (files.length !== 1) {
    fail(
      `expected one React Router manifest (apps/web/build/client/assets/manifest-*.js), ` +
        `found ${files.length}. Build the web app first (npm run build -w @labshop/web).`,
    );
  }
  const source = readFileSync(path.join(assetsDir, files[0]!), 'utf8');
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, '');
  return JSON.parse(json) as RouterManifest;
}

const gzipCache = new Map<string, number>();
/** Gzip size at level 9, as apps/web/scripts/precompress-assets.mjs writes the .gz files the server sends. */
function gzipBytes(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

function rawBytes(url: string): number {
  return statSync(path.join(clientDir, url)).size;
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function chunkLabel(url: string): string {
  return path.basename(url).replace(/-[\w-]{8}\.(js|css)$/, '');
}

/** The public image and video files, grouped by the name a component builds sizes from. */
function publicMedia(): Map<string, { url: string; bytes: number }[]> {
  const publicDir = path.join(repoRoot, 'apps/web/public');
  const groups = new Map<string, { url: string; bytes: number }[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(jpe?g|png|webp|avif|gif|svg|webm|mp4)$/i.test(entry.name)) {
        const url = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
        // banner-1-800.webp and banner-1.jpg are sizes and formats of /home/banner-1.
        const stem = url.replace(/\.\w+$/, '').replace(/-\d{3,}$/, '');
        const list = groups.get(stem) ?? [];
        list.push({ url, bytes: statSync(file).size });
        groups.set(stem, list);
      }
    }
  };
  if (existsSync(publicDir)) walk(publicDir);
  return groups;
}

function main() {
  const startedAt = performance.now();
  const router = readRouterManifest();
  const vite = readJson<Record<string, ViteManifestChunk>>(
    path.join(clientDir, '.vite/manifest.json'),
    "Vite's manifest",
  );
  const chunkModules = readJson<Record<string, Record<string, number>>>(
    path.join(clientDir, '.vite/chunk-modules.json'),
    'The chunk-module list',
  );
  const viteByUrl = new Map(Object.values(vite).map((chunk) => [`/${chunk.file}`, chunk]));
  const viteByKey = (key: string) => vite[key];

  if (!router.routes[STOREFRONT_LAYOUT_ID]) {
    fail(`the React Router manifest has no route "${STOREFRONT_LAYOUT_ID}" (storefront layout).`);
  }
  const ancestry = (route: RouterManifestRoute): RouterManifestRoute[] => {
    const chain = [route];
    let parentId = route.parentId;
    while (parentId) {
      const parent = router.routes[parentId]!;
      chain.unshift(parent);
      parentId = parent.parentId;
    }
    return chain;
  };
  const hasChildren = new Set(Object.values(router.routes).map((route) => route.parentId));
  const pages = Object.values(router.routes)
    .filter((route) => !hasChildren.has(route.id) && route.hasDefaultExport !== false)
    .map((route) => ({ route, chain: ancestry(route) }))
    .filter(({ chain }) => chain.some((route) => route.id === STOREFRONT_LAYOUT_ID))
    .map(({ route, chain }) => ({
      id: route.id,
      path: `/${chain
        .map((step) => step.path)
        .filter(Boolean)
        .join('/')}`,
      chain,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));

  const media = publicMedia();
  const textCache = new Map<string, string>();
  const textOf = (url: string) => {
    let text = textCache.get(url);
    if (text === undefined) {
      text = readFileSync(path.join(clientDir, url), 'utf8');
      textCache.set(url, text);
    }
    return text;
  };

  const rows = pages.map((page) => {
    const js = new Set<string>([router.entry.module, ...router.entry.imports]);
    const css = new Set<string>(router.entry.css);
    for (const route of page.chain) {
      js.add(route.module);
      for (const url of route.imports ?? []) js.add(url);
      for (const url of route.css ?? []) css.add(url);
    }
    // Stylesheets and fonts a route's links() import with ?url, and the lazy chunks it may load.
    const fonts = new Set<string>();
    const dynamicKeys: string[] = [];
    for (const url of js) {
      const chunk = viteByUrl.get(url);
      for (const asset of chunk?.assets ?? []) {
        if (asset.endsWith('.css')) css.add(`/${asset}`);
        // A font the page's code names is preloaded; one only its CSS names (a unicode-range
        // face for rarer characters) is fetched only by pages that use those characters.
        if (/\.woff2?$/.test(asset) && textOf(url).includes(path.basename(asset))) {
          fonts.add(`/${asset}`);
        }
      }
      for (const asset of chunk?.css ?? []) css.add(`/${asset}`);
      dynamicKeys.push(...(chunk?.dynamicImports ?? []));
    }
    // Each dynamic import loads its chunk and that chunk's static imports, once the page runs;
    // listed by the import's chunk, with the bytes it adds to what the page already has.
    const lazy = new Set<string>();
    const lazyImports: { label: string; bytes: number }[] = [];
    for (const key of dynamicKeys) {
      const queue = [key];
      let bytes = 0;
      while (queue.length > 0) {
        const target = viteByKey(queue.pop()!);
        if (!target || js.has(`/${target.file}`) || lazy.has(`/${target.file}`)) continue;
        lazy.add(`/${target.file}`);
        bytes += gzipBytes(`/${target.file}`);
        queue.push(...(target.imports ?? []));
      }
      const label = chunkLabel(`/${viteByKey(key)?.file ?? key}`);
      if (bytes > 0) lazyImports.push({ label, bytes });
    }
    const cssText = [...css].map(textOf).join('\n');
    const cssFonts = [...fonts].filter((font) => cssText.includes(path.basename(font)));

    const modulesOf = (urls: Iterable<string>) =>
      [...urls].flatMap((url) => Object.keys(chunkModules[url.slice(1)] ?? {}));
    const heavyPreloaded = HEAVY_CODE.filter((kind) => modulesOf(js).some(kind.test));
    const heavyLazy = HEAVY_CODE.filter((kind) => modulesOf(lazy).some(kind.test));

    const referenced = [...media.entries()].filter(([stem]) => {
      const pattern = new RegExp(`["'\`(]${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);
      return [...js, ...css].some((url) => pattern.test(textOf(url)));
    });

    const sum = (urls: Iterable<string>, size: (url: string) => number) =>
      [...urls].reduce((total, url) => total + size(url), 0);
    return {
      page,
      jsBytes: sum(js, gzipBytes),
      jsChunks: js,
      cssBytes: sum(css, gzipBytes),
      fontBytes: sum(fonts, rawBytes),
      fonts,
      cssFonts,
      lazyImports,
      heavyPreloaded,
      heavyLazy,
      referenced,
    };
  });

  const width = Math.max(...rows.map((row) => row.page.path.length), 4);
  console.log('');
  console.log(
    'Page weight: what each storefront page loads before it is interactive (gzip -9, ' +
      '1 kB = 1000 bytes)',
  );
  console.log(
    `${'page'.padEnd(width)}  ${'JS'.padStart(9)}  ${'budget'.padEnd(17)}  ${'CSS'.padStart(9)}  ` +
      `${'fonts'.padStart(9)}  lazy after interactive`,
  );
  for (const row of rows) {
    const met = row.jsBytes <= JS_BUDGET_BYTES ? 'met' : 'MISSED';
    const lazy = row.lazyImports.map(({ label, bytes }) => `${label} ${kB(bytes)}`).join(', ');
    console.log(
      `${row.page.path.padEnd(width)}  ${kB(row.jsBytes).padStart(9)}  ` +
        `${`<= ${kB(JS_BUDGET_BYTES)} ${met}`.padEnd(17)}  ${kB(row.cssBytes).padStart(9)}  ` +
        `${kB(row.fontBytes).padStart(9)}  ${lazy || '-'}`,
    );
  }

  // Shared by every page (entry, root, layout) versus the page's own chunks.
  const shared = [...rows[0]!.jsChunks].filter((url) => rows.every((row) => row.jsChunks.has(url)));
  console.log(
    `JS every page shares: ${kB(shared.reduce((total, url) => total + gzipBytes(url), 0))} ` +
      `(${shared
        .map((url) => [url, gzipBytes(url)] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([url, bytes]) => `${chunkLabel(url)} ${kB(bytes)}`)
        .join(', ')}, ...)`,
  );
  const fontRows = rows.filter((row) => row.fonts.size > 0);
  if (fontRows.length > 0) {
    const fonts = [...new Set(fontRows.flatMap((row) => [...row.fonts]))];
    console.log(
      `Preloaded fonts: ${fonts.map((url) => `${path.basename(url)} ${kB(rawBytes(url))}`).join(', ')}` +
        ` (on ${fontRows.length} of ${rows.length} pages; ` +
        `${fontRows.every((row) => row.cssFonts.length === row.fonts.size) ? 'all' : 'not all'} ` +
        'referenced by the page CSS)',
    );
  }

  console.log('');
  console.log(
    'Code storefront pages must not preload: admin code (app/features/admin*, app/routes/admin), ' +
      'the rich-text editor (TipTap), the map (Leaflet)',
  );
  const offenders = rows.filter((row) => row.heavyPreloaded.length > 0);
  if (offenders.length === 0) console.log('  met: no storefront page preloads any of them');
  for (const row of offenders) {
    console.log(
      `  MISSED: ${row.page.path} preloads ${row.heavyPreloaded.map((kind) => kind.name).join(', ')}`,
    );
  }
  for (const row of rows.filter((row) => row.heavyLazy.length > 0)) {
    const allowed =
      row.page.path === MAP_PAGE && row.heavyLazy.every((k) => k.name.startsWith('map'));
    console.log(
      `  ${allowed ? 'met' : 'MISSED'}: ${row.page.path} loads ${row.heavyLazy
        .map((kind) => kind.name)
        .join(', ')} lazily (a dynamic import, after the page is interactive` +
        `${allowed ? '; the contact map box starts it once hydrated and the address is placed' : ''})`,
    );
  }
  if (!rows.some((row) => row.page.path === MAP_PAGE && row.heavyLazy.length > 0)) {
    console.log(`  note: ${MAP_PAGE} does not load the map chunk at all`);
  }

  console.log('');
  console.log(
    'Static images and video from apps/web/public that pages reference (one size/format loads):',
  );
  const everyPage = new Set(
    rows[0]!.referenced
      .map(([stem]) => stem)
      .filter((stem) => rows.every((row) => row.referenced.some(([other]) => other === stem))),
  );
  const describe = (referenced: (typeof rows)[number]['referenced']) =>
    referenced
      .map(([stem, files]) => {
        const sizes = files.map((file) => file.bytes);
        const low = Math.min(...sizes);
        const high = Math.max(...sizes);
        return `${stem} ${files.length > 1 ? `${kB(low)}-${kB(high)}` : kB(low)}`;
      })
      .join(', ');
  if (everyPage.size > 0) {
    const shared = rows[0]!.referenced.filter(([stem]) => everyPage.has(stem));
    console.log(`  ${'every page'.padEnd(width)}  ${describe(shared)}`);
  }
  for (const row of rows) {
    const own = row.referenced.filter(([stem]) => !everyPage.has(stem));
    if (own.length > 0) console.log(`  ${row.page.path.padEnd(width)}  ${describe(own)}`);
  }
  if (rows.every((row) => row.referenced.length === 0)) console.log('  none');
  console.log(
    'Images from the database (products, gallery, categories) are not known to the build: ' +
      'image bytes as each page loads them are in `npm run bench:pages`.',
  );
  console.log(`(page-weight took ${Math.round(performance.now() - startedAt)} ms)`);
}

main();
