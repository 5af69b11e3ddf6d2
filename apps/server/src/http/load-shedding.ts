import { IncomingMessage } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OVERLOADED_ERROR, type ErrorBody } from './errors.ts';
import { messagePage } from './html.ts';

export interface LoadSheddingOptions {
  /**
   * The event loop's median lateness (ms), over a sample window, above which the server is
   * overloaded; 0 turns shedding off.
   */
  maxEventLoopDelayMs: number;
  /** How long each sample window is. */
  sampleIntervalMs?: number;
  /** Consecutive windows over the bound before shedding starts (one long GC pause is not it). */
  windowsToShed?: number;
  /** What a refused client is told to wait, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * Requests read in one turn of the loop, from which a long turn counts as a backlog. A browser
 * opens at most 6 connections to a site and sends one request at a time on each, so a page load
 * sends at most 6 at once; 32 is more than a few browsers on a slow machine send together (at 8,
 * the e2e suite's two browsers had page loads refused on a slow CI machine).
 */
export const BACKLOG_READS_PER_TURN = 32;

/** Never refused: probes must see the process, and files cost next to nothing to send. */
const ALWAYS_SERVED = /^\/(healthz|readyz|assets\/|uploads\/|favicon)/;

/**
 * Load shedding: when the event loop has been late for `windowsToShed` windows in a row (every
 * request is queueing behind the others), new requests from the network get a 503 with
 * Retry-After before any body parsing, session, database or rendering work. So does a request
 * read late in a turn of the loop that has run past the bound while reading many requests: a
 * burst is let in whole before the first late window, and then everyone waits behind everyone.
 * Served requests then finish in time instead of everyone waiting longer and longer. Requests
 * the server makes to itself (server-rendered pages calling the API in-process) are never
 * refused: their page was already let in.
 */
async function loadSheddingPlugin(
  app: FastifyInstance,
  options: LoadSheddingOptions,
): Promise<void> {
  if (options.maxEventLoopDelayMs <= 0) return;
  const sampleIntervalMs = options.sampleIntervalMs ?? 500;
  const windowsToShed = options.windowsToShed ?? 2;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const RESOLUTION_MS = 10;
  // The histogram holds the intervals of a RESOLUTION_MS timer: its lateness plus that period.
  const boundNs = (options.maxEventLoopDelayMs + RESOLUTION_MS) * 1e6;

  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let lateWindows = 0;
  let shedding = false;
  let lastSample = 0;
  const sample = () => {
    const now = performance.now();
    // The sampler's own lateness too: once each turn of the loop takes over a second or so
    // (hundreds of requests at once, each worked on in slices), the histogram records nothing
    // at all (measured: count 0 while this timer came 1-1.7 s late), and the overload that most
    // needs shedding would go unseen.
    const samplerLateMs = now - lastSample - sampleIntervalMs;
    lastSample = now;
    const late =
      (delay.count > 0 && delay.percentile(50) > boundNs) ||
      samplerLateMs > options.maxEventLoopDelayMs;
    delay.reset();
    lateWindows = late ? lateWindows + 1 : 0;
    const next = lateWindows >= windowsToShed;
    if (next !== shedding) {
      shedding = next;
      app.log.warn(
        { shedding, maxEventLoopDelayMs: options.maxEventLoopDelayMs },
        shedding ? 'overloaded: refusing new requests with 503' : 'load back to normal',
      );
    }
  };
  // A turn of the loop that has run past the bound while reading request after request is a
  // backlog: the requests read late in it have waited that long already, behind work let in
  // before them. One slow turn (a first render, a GC pause) that reads what a few browsers send
  // at once is not.
  let turnStarted = 0;
  let readsThisTurn = 0;
  const backlogInThisTurn = () =>
    readsThisTurn >= BACKLOG_READS_PER_TURN &&
    performance.now() - turnStarted > options.maxEventLoopDelayMs;

  // All measures start once the server is ready: startup's own work is no overload.
  let sampler: ReturnType<typeof setInterval> | undefined;
  let turnClock: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    delay.enable();
    lastSample = performance.now();
    turnStarted = lastSample;
    sampler = setInterval(sample, sampleIntervalMs);
    sampler.unref();
    // Timers run once per turn: this one marks where each turn starts.
    turnClock = setInterval(() => {
      turnStarted = performance.now();
      readsThisTurn = 0;
    }, RESOLUTION_MS);
    turnClock.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    clearInterval(turnClock);
    delay.disable();
  });

  app.addHook('onRequest', async (request, reply) => {
    // Fastify's inject hands routes a stand-in request, not a socket's IncomingMessage.
    if (!(request.raw instanceof IncomingMessage)) return;
    if (ALWAYS_SERVED.test(request.url)) return;
    readsThisTurn += 1;
    if (!shedding && !backlogInThisTurn()) return;
    reply.code(503).header('retry-after', retryAfter).header('cache-control', 'no-store');
    if (!request.url.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(messagePage('Busy', OVERLOADED_ERROR));
    }
    return reply.send({ error: OVERLOADED_ERROR } satisfies ErrorBody);
  });
}

export const loadShedding = fp(loadSheddingPlugin, { name: 'load-shedding' });
