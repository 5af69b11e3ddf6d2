import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './browser.ts';
import { summarize, type LatencySummary } from './stats.ts';

/** One request of a closed-loop run: each connection sends the next when the last answered. */
export interface ClosedLoopRequest {
  path: string;
  headers?: Record<string, string>;
  /** GET unless said; a body goes with POST (the quick order). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface ClosedLoopResult {
  rps: number;
  latency: LatencySummary;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

/**
 * `connections` visitors asking `next()`'s requests back to back for `seconds` (after an
 * unrecorded warm-up). Every answer's own time is kept, so p95 is a real percentile, not read
 * off autocannon's p97.5/p99 columns.
 */
export async function measureClosedLoop(options: {
  origin: string;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /**
   * At most this many requests in all, warm-up included (a fifth of them), in place of the
   * time: for targets whose `next()` would start repeating itself, and a repeat would be
   * answered by a cache.
   */
  maxRequests?: number;
  next: () => ClosedLoopRequest;
}): Promise<ClosedLoopResult> {
  const warmupRequests =
    options.maxRequests === undefined ? undefined : Math.floor(options.maxRequests / 5);
  // When the first and the last answer of the measured run came, and how many came.
  const answers = { count: 0, first: 0, last: 0 };
  const run = async (seconds: number, latencies: number[] | null, amount?: number) => {
    const instance = autocannon({
      url: options.origin,
      connections: options.connections,
      duration: seconds,
      // autocannon ends an `amount` run by the count only.
      ...(amount === undefined ? {} : { amount: Math.max(amount, options.connections) }),
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const next = options.next();
            return {
              ...request,
              path: next.path,
              ...(next.method ? { method: next.method } : {}),
              ...(next.body === undefined ? {} : { body: next.body }),
              headers: {
                ...request.headers,
                'accept-encoding': BROWSER_ACCEPT_ENCODING,
                ...next.headers,
              },
            };
          },
        },
      ],
    });
    if (latencies) {
      // Only 2xx answers count for latency, as autocannon counts them.
      (instance as unknown as autocannon.Instance).on(
        'response',
        (_client, statusCode, _bytes, responseTime) => {
          const now = performance.now();
          if (answers.count++ === 0) answers.first = now;
          answers.last = now;
          if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
        },
      );
    }
    return instance;
  };
  // The first seconds measure the JIT and cold database pages, not the shop.
  if ((options.warmupSeconds ?? 2) > 0) {
    await run(options.warmupSeconds ?? 2, null, warmupRequests);
  }
  const latencies: number[] = [];
  const result = await run(
    options.seconds,
    latencies,
    options.maxRequests === undefined ? undefined : options.maxRequests - (warmupRequests ?? 0),
  );
  return {
    // Answers over the time between the first and the last: a run ended by its count stops at
    // autocannon's next whole second, idle until then, and its per-second average counts that.
    rps:
      answers.count > 1
        ? ((answers.count - 1) * 1000) / (answers.last - answers.first)
        : result.requests.average,
    latency: summarize(latencies),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Runs `open` `times` times one after another and summarises each run's time (ms). */
export async function measureSequential(
  times: number,
  open: (index: number) => Promise<void>,
): Promise<LatencySummary> {
  const latencies: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await open(index);
    latencies.push(performance.now() - started);
  }
  return summarize(latencies);
}
