import { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { mayHaveSession } from '@labshop/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OVERLOADED_ERROR, type ErrorBody } from './errors.ts';
import { FairQueue, type Ask, type Refusal } from './fair-queue.ts';
import { messagePage } from './html.ts';

export interface LoadSheddingOptions {
  /** Expensive requests worked on at once in this process; 0 turns queueing and shedding off. */
  concurrency: number;
  /** The longest a request waits for its turn before it is refused. */
  maxWaitMs: number;
  /** Tokens a client earns a second while others are active (0: no pace); fair-queue.ts. */
  clientRate: number;
  /** What a refused client is told to wait, in seconds. */
  retryAfterSeconds?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'in-handler': the route decides itself when its request needs a turn (the web pages: a
     * page from the page cache costs next to nothing and takes none).
     */
    admission?: 'in-handler';
  }
  interface FastifyRequest {
    /**
     * Waits for this request's turn at the expensive work; false when it was refused, and the
     * refusal has been sent. For routes with `config.admission: 'in-handler'`.
     */
    admitWork(reply: FastifyReply): Promise<boolean>;
  }
}

/** Never queued or refused: probes must see the process, and files cost next to nothing. */
const ALWAYS_SERVED = /^\/(?:healthz|readyz|assets\/|uploads\/|favicon)/;

/**
 * The last to be refused: paying, logging in, and the administrator's work. A visitor who has
 * got as far as paying must not lose the sale to somebody else's traffic.
 */
const PRIORITY =
  /^\/(?:auth\/|oidc\/|api\/(?:checkout\/|process-payment|checkCustomer|createSalesOrder|createInvoice|recordPayment|salesOrdersLastID)|(?:checkout|payment-success|admin)(?:[/?.]|$))/;

/** Requests running and waiting below which nothing is refused: a browser sends 6 at most. */
const FEW_IN_FLIGHT = 8;
/** Requests one client may keep waiting while others are active; more are over its share. */
const CLIENT_QUEUE = 8;
/** Tokens a client may hold: a page load's requests at once, or a few renders. */
const CLIENT_BURST_SECONDS = 2;
/** Turn time a token pays for: at `clientRate` 25, a client's work may take 50 ms a second. */
const MS_PER_TOKEN = 2;
/** Priority requests in flight beyond which even they are refused (a flood, not buyers). */
const PRIORITY_MAX_IN_FLIGHT = 64;
/** How long a client counts as active after its last request. */
const ACTIVE_FOR_MS = 2_000;

/**
 * Load shedding by fairness (decision 011, http/fair-queue.ts). Every request but probes,
 * static files and priority ones is paced per client (its address, or its session when signed
 * in): while others are active, a client spends tokens, 1 a request and 1 for every
 * `MS_PER_TOKEN` of expensive work, earned at `clientRate` a second. Expensive work (page
 * renders, API reads and searches that may miss a cache, form posts) also takes turns:
 * `concurrency` at once, the rest waiting in one queue per client, served round-robin. One
 * client's excess waits or is refused (503 with Retry-After) before anyone else's request is.
 * The server as a whole refuses only what would wait longer than `maxWaitMs`, and nothing
 * while only a few requests are in flight, however late the host makes the event loop.
 * Checkout, payment, login and admin requests skip both. Requests the server makes to itself
 * (a page's API calls) were let in with their page.
 */
async function loadSheddingPlugin(
  app: FastifyInstance,
  options: LoadSheddingOptions,
): Promise<void> {
  app.decorateRequest('admitWork', async function admitNothing() {
    return true;
  });
  if (options.concurrency <= 0) return;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const queue = new FairQueue({
    concurrency: options.concurrency,
    clientShare: Math.max(1, Math.ceil(options.concurrency / 2)),
    clientQueue: CLIENT_QUEUE,
    clientRate: options.clientRate,
    clientBurst: Math.max(1, options.clientRate * CLIENT_BURST_SECONDS),
    msPerToken: MS_PER_TOKEN,
    maxWaitMs: options.maxWaitMs,
    fewInFlight: FEW_IN_FLIGHT,
    priorityMaxInFlight: PRIORITY_MAX_IN_FLIGHT,
    activeForMs: ACTIVE_FOR_MS,
  });
  let refusals = 0;
  let lastWarning = 0;
  const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: Refusal) => {
    refusals += 1;
    // One line every 10 s at most: a refusal storm must not become a logging storm.
    const now = Date.now();
    if (now - lastWarning > 10_000) {
      request.log.warn(
        { refusal, refusalsSinceLast: refusals, ...queue.stats() },
        'busy: refusing requests with 503',
      );
      refusals = 0;
      lastWarning = now;
    }
    reply.code(503).header('retry-after', retryAfter).header('cache-control', 'no-store');
    if (!request.url.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(messagePage('Busy', OVERLOADED_ERROR));
    }
    return reply.send({ error: OVERLOADED_ERROR } satisfies ErrorBody);
  };

  /** Waits as `ask` says; a turn ends when its answer has gone (or the client went). */
  const admit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    client: string,
    ask: Ask,
  ): Promise<boolean> => {
    const admission = await queue.admit(client, ask);
    if (!admission.admitted) {
      await refuse(request, reply, admission.refusal);
      return false;
    }
    if (reply.raw.closed || reply.raw.destroyed) {
      // The client went away while it waited: no work for nobody, and the turn goes back.
      admission.release();
      reply.hijack();
      return false;
    }
    if (ask === 'work') reply.raw.once('close', admission.release);
    return true;
  };

  app.addHook('onRequest', async (request, reply) => {
    // Fastify's inject hands routes a stand-in request, not a socket's IncomingMessage.
    if (!(request.raw instanceof IncomingMessage)) return;
    if (ALWAYS_SERVED.test(request.url)) return;
    const client = await clientKeyOf(request);
    if (PRIORITY.test(request.url) || request.routeOptions.config.access === 'admin') {
      const admission = queue.admitPriority(client);
      if (!admission.admitted) return refuse(request, reply, admission.refusal);
      reply.raw.once('close', admission.release);
      return;
    }
    if (!(await admit(request, reply, client, 'pace'))) return;
    if (request.routeOptions.config.admission === 'in-handler') {
      request.admitWork = (pageReply) => admit(request, pageReply, client, 'work');
      return;
    }
    await admit(request, reply, client, 'work');
  });
}

/**
 * Who is asking: the signed-in session's user at this address, else the address (IPv6 by its
 * /56, as the rate limits count). The session is looked up only when its cookie is there, and
 * an unknown cookie counts as the address alone: made-up cookies get no share of their own.
 */
async function clientKeyOf(request: FastifyRequest): Promise<string> {
  const address = addressKeyOf(request);
  if (!mayHaveSession((name) => request.cookies[name])) return address;
  const user = await request.currentUser();
  return user ? `${address} ${user.subject}` : address;
}

function addressKeyOf(request: FastifyRequest): string {
  const ip = request.ip.startsWith('::ffff:') ? request.ip.slice('::ffff:'.length) : request.ip;
  if (!isIPv6(ip)) return ip;
  // The first 56 bits: 3 full groups and half of the 4th. '::' expands first.
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [
    ...headGroups,
    ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
    ...tailGroups,
  ];
  const fourth = Number.parseInt(groups[3] ?? '0', 16) & 0xff00;
  return `${groups.slice(0, 3).join(':')}:${fourth.toString(16)}::/56`;
}

export const loadShedding = fp(loadSheddingPlugin, {
  name: 'load-shedding',
  dependencies: ['access'],
});
