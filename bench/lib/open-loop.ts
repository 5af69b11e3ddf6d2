import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BROWSER_ACCEPT_ENCODING } from './browser.ts';
import { summarize, type LatencySummary } from './stats.ts';

/** One HTTP request of the mixed traffic. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded when read: most answers are only timed. */
  readonly body: string;
}

function decodedBody(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  return raw.toString();
}

/** Sends one request and waits for its whole answer; the time is recorded. */
export type Send = (request: LoadRequest) => Promise<LoadAnswer>;

/**
 * What a visitor does when their turn comes: usually one request, sometimes a sequence (a
 * checkout). `kind` groups the figures (browse, search, product, cart, checkout).
 */
export interface Operation {
  kind: string;
  run: (send: Send) => Promise<void>;
}

export interface KindFigures {
  requests: number;
  failed: number;
  latency: LatencySummary;
}

export interface StepResult {
  targetRate: number;
  seconds: number;
  /** Requests answered (any status) per second of the step. */
  achievedRate: number;
  latency: LatencySummary;
  requests: number;
  /** Connection errors, time-outs and operations the generator had to drop. */
  errors: number;
  non2xx: number;
  byKind: Map<string, KindFigures>;
  /** One example of each distinct failure, for the report. */
  failures: string[];
}

/** The figures of one window of a run (`windowSeconds`), by when the requests were answered. */
export interface WindowFigures {
  /** 0 for the first window. */
  index: number;
  /** Seconds from the start of the run to the window's start and end. */
  from: number;
  to: number;
  /** Requests answered (any status) per second of the window. */
  achievedRate: number;
  latency: LatencySummary;
  /** Every answered request's latency (ms), for figures over several windows. */
  latencies: readonly number[];
  errors: number;
  non2xx: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Operations waiting or running at once; past this the server is far behind and they drop. */
const MAX_IN_FLIGHT = 20_000;

/**
 * An open-loop (fixed-rate) run: operations start on a fixed schedule whatever the server's
 * answers, as independent visitors do. A request's time counts from its scheduled start, so a
 * server that falls behind shows it in the percentiles (no coordinated omission); the later
 * requests of a sequence count from when they are sent.
 */
export async function runOpenLoop(options: {
  origin: string;
  rate: number;
  seconds: number;
  next: () => Operation;
  /** Reports the figures every `windowSeconds` (and once for the rest at the end). */
  windowSeconds?: number;
  onWindow?: (window: WindowFigures) => void;
}): Promise<StepResult> {
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  const byKind = new Map<string, { latencies: number[]; requests: number; failed: number }>();
  const failures = new Map<string, string>();
  let requests = 0;
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let window = { latencies: [] as number[], requests: 0, errors: 0, non2xx: 0, from: 0, index: 0 };

  const kindOf = (kind: string) => {
    let figures = byKind.get(kind);
    if (!figures) {
      figures = { latencies: [], requests: 0, failed: 0 };
      byKind.set(kind, figures);
    }
    return figures;
  };
  const fail = (kind: string, key: string, example: string) => {
    kindOf(kind).failed++;
    if (!failures.has(key)) failures.set(key, example);
  };

  const sendAt = (kind: string, scheduled: number | null): Send => {
    let first = scheduled;
    return (request) => {
      const started = first ?? performance.now();
      first = null;
      return new Promise<LoadAnswer>((resolve, reject) => {
        const body = request.body === undefined ? undefined : Buffer.from(request.body);
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: request.method ?? 'GET',
            path: request.path,
            headers: {
              'accept-encoding': BROWSER_ACCEPT_ENCODING,
              ...request.headers,
              ...(body ? { 'content-length': String(body.length) } : {}),
            },
            timeout: REQUEST_TIMEOUT_MS,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const latency = performance.now() - started;
              const status = res.statusCode ?? 0;
              requests++;
              const figures = kindOf(kind);
              figures.requests++;
              latencies.push(latency);
              figures.latencies.push(latency);
              window.requests++;
              window.latencies.push(latency);
              const raw = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              const text = () => decodedBody(raw, encoding);
              if (status < 200 || status >= 300) {
                non2xx++;
                window.non2xx++;
                fail(
                  kind,
                  `${request.method ?? 'GET'} ${status} ${request.path.split('?')[0]}`,
                  `${request.method ?? 'GET'} ${request.path} -> ${status} ${text().slice(0, 200)}`,
                );
              }
              resolve({
                status,
                headers: res.headers,
                get body() {
                  return text();
                },
              });
            });
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', (error) => {
          requests++;
          errors++;
          window.requests++;
          window.errors++;
          kindOf(kind).requests++;
          fail(kind, `error ${error.message}`, `${request.path}: ${error.message}`);
          reject(error);
        });
        req.end(body);
      });
    };
  };

  const started = performance.now();
  const closeWindow = () => {
    const to = (performance.now() - started) / 1000;
    const closed = window;
    window = {
      latencies: [],
      requests: 0,
      errors: 0,
      non2xx: 0,
      from: to,
      index: closed.index + 1,
    };
    options.onWindow?.({
      index: closed.index,
      from: closed.from,
      to,
      achievedRate: closed.requests / Math.max(to - closed.from, 1e-3),
      latency: summarize(closed.latencies),
      latencies: closed.latencies,
      errors: closed.errors,
      non2xx: closed.non2xx,
    });
  };
  const windows =
    options.onWindow && options.windowSeconds
      ? setInterval(closeWindow, options.windowSeconds * 1000)
      : undefined;
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const running = new Set<Promise<void>>();
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (issued < total && started + issued * interval <= now) {
        const scheduled = started + issued * interval;
        issued++;
        const operation = options.next();
        if (inFlight >= MAX_IN_FLIGHT) {
          errors++;
          window.errors++;
          fail(operation.kind, 'dropped', 'the generator dropped operations: too many in flight');
          continue;
        }
        inFlight++;
        const done: Promise<void> = operation
          .run(sendAt(operation.kind, scheduled))
          .catch(() => {
            // Counted where the request failed.
          })
          .finally(() => {
            inFlight--;
            running.delete(done);
          });
        running.add(done);
      }
      if (issued >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(running);
  if (windows) {
    clearInterval(windows);
    closeWindow();
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    targetRate: options.rate,
    seconds,
    achievedRate: requests / seconds,
    latency: summarize(latencies),
    requests,
    errors,
    non2xx,
    byKind: new Map(
      [...byKind].map(([kind, figures]) => [
        kind,
        {
          requests: figures.requests,
          failed: figures.failed,
          latency: summarize(figures.latencies),
        },
      ]),
    ),
    failures: [...failures.values()],
  };
}
