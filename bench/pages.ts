// `npm run bench:pages [-- --runs 3 --only /shop/{category} --json out.json]`: Lighthouse (mobile
// simulated throttling: its default) on the storefront pages of the built app, in the system
// Chromium. Prints the four category scores and LCP, TBT, CLS next to their budgets, the bytes
// each page transfers by type, and the audits that failed, so a developer sees what to fix.
// A report: it exits 0 when budgets are missed, non-zero only when it could not run.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { repoRoot, startBuiltServer, type BuiltServer } from '../scripts/built-server.ts';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';
import { startFakeOsmTiles, type FakeOsmTiles } from '../apps/server/test/fakes/osm-tiles.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
const runs = Math.min(Math.max(Math.trunc(Number(values.runs)) || 1, 1), 9);

const APP_PORT = 3992;
/** One Lighthouse run takes 10-20 s; past this a run is stuck, not slow. */
const RUN_TIMEOUT_MS = 120_000;
/** The whole report, whatever happens: Chrome and the server are closed by then. */
const TOTAL_TIMEOUT_MS = 30 * 60_000;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CATEGORY_LABELS: Record<CategoryId, string> = {
  performance: 'Perf',
  accessibility: 'A11y',
  'best-practices': 'BP',
  seo: 'SEO',
};
/** Lowest score (0-100) each category may have. */
const SCORE_BUDGETS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const METRICS = [
  { id: 'largest-contentful-paint', label: 'LCP', budget: 1800, unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', budget: 100, unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', budget: 0.05, unit: '' },
] as const;
const RESOURCE_TYPES = ['document', 'script', 'stylesheet', 'image', 'font'] as const;

interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  displayValue?: string;
  /** A few of the elements or URLs the audit points at. */
  items: string[];
}

interface PageReport {
  path: string;
  url: string;
  /** 0-100, median of the runs. */
  scores: Record<CategoryId, number | null>;
  /** Median of the runs: LCP and TBT in ms, CLS unitless. */
  metrics: Record<string, number | null>;
  /** Transferred bytes by resource type, of the run closest to the median. */
  bytes: Record<string, number>;
  failing: FailingAudit[];
}

if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`Chromium was not found at ${chromiumPath}: install it or set CHROMIUM_PATH.`);
  process.exit(1);
}

function median(numbers: number[]): number | null {
  if (numbers.length === 0) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What an audit's item points at, in a few words: an element, a URL or a message. */
function describeItem(item: Record<string, unknown>): string | null {
  const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
  if (node?.snippet) {
    const label = node.nodeLabel ? ` "${node.nodeLabel.slice(0, 40)}"` : '';
    return `${node.snippet.slice(0, 100)}${label}`;
  }
  const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items;
  if (typeof item.issueType === 'string' && subItems?.[0]) {
    return `${item.issueType}: ${JSON.stringify(subItems[0]).slice(0, 140)}`;
  }
  // A console error: its message, and what failed to load.
  const location = (item.sourceLocation as { url?: string } | undefined)?.url;
  if (typeof item.description === 'string' && location) {
    return `${item.description.slice(0, 100)} (${location.slice(0, 100)})`;
  }
  for (const key of ['issueType', 'text', 'description', 'url', 'source', 'label', 'href']) {
    const value = item[key];
    if (typeof value === 'string' && value) return value.slice(0, 140);
    if (value && typeof value === 'object' && 'url' in value) return String(value.url);
  }
  return null;
}

function auditItems(audit: Result['audits'][string]): string[] {
  const details = audit.details as { items?: unknown } | undefined;
  if (!Array.isArray(details?.items)) return [];
  // A "list" holds tables: their rows are the items.
  const rows = (details.items as Record<string, unknown>[]).flatMap((item) =>
    item.type === 'table' && Array.isArray(item.items)
      ? (item.items as Record<string, unknown>[])
      : [item],
  );
  return rows
    .map(describeItem)
    .filter((item) => item !== null)
    .slice(0, 3);
}

/** Failed audits of a run: scored ones below 1 in A11y/BP/SEO, opportunities in Perf. */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      // In Perf, the diagnostics the report shows as failed (the metrics are in the table, and
      // the hidden insights repeat the diagnostics).
      if (category === 'performance' && (ref.group !== 'diagnostics' || audit.score >= 0.9)) {
        continue;
      }
      failing.push({
        category,
        id: audit.id,
        // Weight 0: shown by Lighthouse as a hint, without effect on the score.
        title:
          ref.weight > 0 || category === 'performance'
            ? audit.title
            : `${audit.title} (not scored)`,
        displayValue: audit.displayValue,
        items: auditItems(audit),
      });
    }
  }
  return failing;
}

function transferredBytes(lhr: Result): Record<string, number> {
  const details = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const bytes: Record<string, number> = {};
  for (const item of details?.items ?? []) bytes[item.resourceType] = item.transferSize;
  return bytes;
}

function scoreOf(lhr: Result, category: CategoryId): number | null {
  const score = lhr.categories[category]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
}

/** The run closest to the median FCP and TTI, as Lighthouse's own median run picks it. */
function medianRun(results: Result[]): Result {
  const fcp = (lhr: Result) => lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const tti = (lhr: Result) => lhr.audits['interactive']?.numericValue ?? 0;
  const medianFcp = median(results.map(fcp)) ?? 0;
  const medianTti = median(results.map(tti)) ?? 0;
  const distance = (lhr: Result) => (fcp(lhr) - medianFcp) ** 2 + (tti(lhr) - medianTti) ** 2;
  return results.reduce((best, lhr) => (distance(lhr) < distance(best) ? lhr : best));
}

function summarize(pagePath: string, url: string, results: Result[]): PageReport {
  const scores = {} as Record<CategoryId, number | null>;
  for (const category of CATEGORIES) {
    scores[category] = median(
      results.map((lhr) => scoreOf(lhr, category)).filter((score) => score !== null),
    );
  }
  const metrics: Record<string, number | null> = {};
  for (const metric of METRICS) {
    metrics[metric.id] = median(
      results
        .map((lhr) => lhr.audits[metric.id]?.numericValue)
        .filter((value) => typeof value === 'number'),
    );
  }
  const representative = medianRun(results);
  return {
    path: pagePath,
    url,
    scores,
    metrics,
    bytes: transferredBytes(representative),
    failing: failingAudits(representative),
  };
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

function kilobytes(bytes: number | undefined): string {
  return `${((bytes ?? 0) / 1024).toFixed(1)} KB`;
}

function printPage(report: PageReport): void {
  console.log(`\n${report.path}  (${report.url})`);
  for (const category of CATEGORIES) {
    const score = report.scores[category];
    const budget = SCORE_BUDGETS[category];
    const label = CATEGORY_LABELS[category].padEnd(4);
    const shown = score === null ? 'n/a' : String(score);
    const ok = score !== null && score >= budget;
    const budgetText = budget === 100 ? '= 100' : `>= ${budget}`;
    console.log(`  ${label} ${shown.padStart(5)}   budget ${budgetText.padEnd(9)} ${verdict(ok)}`);
  }
  for (const metric of METRICS) {
    const value = report.metrics[metric.id] ?? null;
    const shown =
      value === null
        ? 'n/a'
        : metric.unit === 'ms'
          ? metric.id === 'largest-contentful-paint'
            ? `${(value / 1000).toFixed(2)} s`
            : `${Math.round(value)} ms`
          : value.toFixed(3);
    const budgetText =
      metric.id === 'largest-contentful-paint'
        ? `<= ${metric.budget / 1000} s`
        : `<= ${metric.budget}${metric.unit ? ` ${metric.unit}` : ''}`;
    const ok = value !== null && value <= metric.budget;
    console.log(
      `  ${metric.label.padEnd(4)} ${shown.padStart(9)}   budget ${budgetText.padEnd(9)} ${verdict(ok)}`,
    );
  }
  const bytes = RESOURCE_TYPES.map((type) => `${type} ${kilobytes(report.bytes[type])}`);
  console.log(`  transferred: ${bytes.join(', ')}, total ${kilobytes(report.bytes.total)}`);
  for (const audit of report.failing) {
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    console.log(`  - [${CATEGORY_LABELS[audit.category]}] ${audit.id}: ${audit.title}${value}`);
    for (const item of audit.items) console.log(`      ${item.replace(/\s+/g, ' ')}`);
  }
}

function printSummary(reports: PageReport[]): void {
  const header = ['page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP s', 'TBT ms', 'CLS'];
  const rows = reports.map((report) => {
    const lcp = report.metrics['largest-contentful-paint'];
    const tbt = report.metrics['total-blocking-time'];
    const cls = report.metrics['cumulative-layout-shift'];
    return [
      report.path,
      ...CATEGORIES.map((category) => String(report.scores[category] ?? 'n/a')),
      lcp === null || lcp === undefined ? 'n/a' : (lcp / 1000).toFixed(2),
      tbt === null || tbt === undefined ? 'n/a' : String(Math.round(tbt)),
      cls === null || cls === undefined ? 'n/a' : cls.toFixed(3),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  console.log(
    `\nSummary (budgets: Perf >= 95, A11y/BP/SEO = 100, LCP <= 1.8 s, TBT <= 100 ms, CLS <= 0.05)`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

let server: BuiltServer | undefined;
let tiles: FakeOsmTiles | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let dataDir: string | undefined;

async function cleanUp(): Promise<void> {
  // Each step on its own: a failure to close one must not leave the others running.
  await Promise.resolve(chrome?.kill()).catch(() => undefined);
  await server?.stop().catch(() => undefined);
  await tiles?.close().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}

const totalTimer = setTimeout(() => {
  console.error(`\nbench:pages took longer than ${TOTAL_TIMEOUT_MS / 60_000} min: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, TOTAL_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-pages-'));
  // Pages are measured on http://localhost: Chrome treats it as a secure origin, and the shop's
  // PUBLIC_URL (canonical links, redirects) must name the origin the browser uses.
  const origin = `http://localhost:${APP_PORT}`;
  // The contact map's tiles from a local stand-in: the public tile server cannot be reached
  // here, and its failed requests would count as console errors against Best Practices.
  tiles = await startFakeOsmTiles();
  server = await startBuiltServer({
    port: APP_PORT,
    dataDir,
    env: { PUBLIC_URL: origin, MAP_TILE_URL: tiles.tileUrl },
  });
  // The demo data loads into an empty shop by itself.
  const categories = await fetchJson<{ name: string }[]>(`${server.origin}/api/categories`);
  const products = await fetchJson<{ number: string }[]>(`${server.origin}/api/products`);
  const category = categories[0]?.name;
  const product = products[0]?.number;
  if (!category || !product) throw new Error('the shop has no category or no product to measure');

  const pages = [
    { name: '/home', path: '/home' },
    { name: '/shop', path: '/shop' },
    { name: '/shop/{category}', path: `/shop/${encodeURIComponent(category)}` },
    {
      name: '/product-details/{number}',
      path: `/product-details/${encodeURIComponent(product)}`,
    },
    { name: '/cart', path: '/cart' },
    { name: '/contact-us', path: '/contact-us' },
    { name: '/gallery', path: '/gallery' },
  ];
  const only = values.only;
  const pagePaths = pages
    .filter((page) => !only || page.name === only || page.path === only)
    .map((page) => page.path);
  if (pagePaths.length === 0) {
    throw new Error(`--only ${only}: not one of ${pages.map((page) => page.name).join(', ')}`);
  }

  // The browser tests' Chromium and flags (nothing in the background adds requests or CPU);
  // chrome-launcher, unlike Playwright, needs headless asked for.
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless', ...chromiumArgs],
  });
  console.log(
    `Lighthouse, mobile emulation, ${runs} run${runs > 1 ? 's' : ''} per page (median), ${origin}; ` +
      `map tiles from a local stand-in (${tiles.tileUrl})`,
  );
  const reports: PageReport[] = [];
  for (const pagePath of pagePaths) {
    const url = `${origin}${pagePath}`;
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) {
      const runnerResult = await withTimeout(
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          maxWaitForLoad: 45_000,
        }),
        RUN_TIMEOUT_MS,
        `Lighthouse on ${url}`,
      );
      const lhr = runnerResult?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError) {
        throw new Error(
          `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      }
      results.push(lhr);
    }
    const report = summarize(pagePath, url, results);
    reports.push(report);
    printPage(report);
  }
  printSummary(reports);
  if (values.json) {
    await writeFile(values.json, `${JSON.stringify({ runs, pages: reports }, null, 2)}\n`);
    console.log(`\nWrote ${values.json}`);
  }
} catch (error) {
  console.error(`\nbench:pages could not run: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  clearTimeout(totalTimer);
  await cleanUp();
}
