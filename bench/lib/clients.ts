import { Agent, request } from 'node:http';
import { BROWSER_ACCEPT_ENCODING } from './browser.ts';

/**
 * Visitors for the fairness bench, each on a loopback address of its own (127.0.0.2, ...), as
 * real visitors have their own: the shop tells clients apart by address.
 */

/** What one client's answers came to. */
export interface ClientTally {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
}

export const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const API_ACCEPT = 'application/json';

export function count(tallied: ClientTally, status: number): number {
  return tallied.statuses[status] ?? 0;
}

export function refusals(tallied: ClientTally): number {
  return count(tallied, 503) + count(tallied, 429);
}

export function answered(tallied: ClientTally): number {
  return Object.values(tallied.statuses).reduce((sum, n) => sum + n, 0);
}

export function statusText(tallied: ClientTally): string {
  const parts = Object.entries(tallied.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${n} x ${status}`);
  if (tallied.errors > 0) parts.push(`${tallied.errors} errors`);
  return parts.join(', ') || 'nothing';
}

/** One GET over `agent`; its time is until the whole body has arrived. */
function get(
  origin: string,
  agent: Agent,
  path: string,
  accept: string,
  into: ClientTally,
): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      `${origin}${path}`,
      { agent, headers: { accept, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (incoming) => {
        incoming.on('data', () => {});
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          into.statuses[status] = (into.statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) into.latencies.push(performance.now() - started);
          resolve();
        });
        incoming.on('error', () => {
          into.errors += 1;
          resolve();
        });
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => {
      into.errors += 1;
      resolve();
    });
    outgoing.end();
  });
}

export interface ClientSpec {
  origin: string;
  address: string;
  /** Keep-alive connections, each asking back to back; or one asking every `periodMs`. */
  connections: number;
  periodMs?: number;
  /** Which paths it asks for (see PATHS). */
  paths: keyof typeof PATHS;
  accept: string;
  seconds: number;
}

const randomToken = () => Math.random().toString(36).slice(2, 10);

/** Searches as visitors type them: a piece of a real product word, so most find products. */
const SEARCH_WORDS = ['grind', 'vibra', 'lathe', 'polish', 'belt', 'wheel', 'motor', 'brush'];
const randomSearch = () => {
  const word = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]!;
  const piece = word.slice(0, 3 + Math.floor(Math.random() * (word.length - 2)));
  return `${piece} ${randomToken().slice(0, 2)}`;
};

export const PATHS = {
  shop: () => '/shop',
  randomQuery: () => `/home?x=${randomToken()}`,
  randomSearch: () => `/shop?q=${encodeURIComponent(randomSearch())}`,
  productList: () => `/api/products?page=${1 + Math.floor(Math.random() * 4)}&limit=24`,
} as const;

/** Runs one client for `spec.seconds` and answers its tally. */
export async function runClient(spec: ClientSpec): Promise<ClientTally> {
  const agent = new Agent({
    keepAlive: true,
    maxSockets: spec.connections,
    localAddress: spec.address,
  });
  const tallied: ClientTally = { latencies: [], statuses: {}, errors: 0 };
  const until = performance.now() + spec.seconds * 1000;
  const path = PATHS[spec.paths];
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await get(spec.origin, agent, path(), spec.accept, tallied);
        const wait = (spec.periodMs ?? 0) - (performance.now() - started);
        const left = until - performance.now();
        if (wait > 0 && left > 0) await new Promise((r) => setTimeout(r, Math.min(wait, left)));
      }
    }),
  );
  agent.destroy();
  return tallied;
}
