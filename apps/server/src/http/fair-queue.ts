/**
 * Fair shares of one event loop between the shop's clients (decision 011).
 *
 * - Turns: expensive requests (page renders, API reads and searches that may miss a cache, form
 *   posts) run `concurrency` at a time; the rest wait in one queue per client, and free turns go
 *   round the clients, so a client asking for a lot waits behind its own requests, not in front
 *   of everyone else's. While others are active, one client holds at most `clientShare` turns.
 * - Pace: while others are active, each client spends from a bucket of `clientBurst` tokens
 *   refilled at `clientRate` a second: 1 for any request, and for expensive work 1 more for
 *   every `msPerToken` its turn lasted (paid when it ends: a render costs what it took).
 *   The loop does one thing at a time, so a visitor's cheap request (a page from the cache)
 *   waits for whatever runs when it arrives; a client that keeps the loop busy, even with cheap
 *   requests, slows everyone's every answer however fairly turns are shared. A client out of
 *   tokens waits for them; a client alone is never paced.
 * - Refusals: a client over its share (more than `clientQueue` waiting, or a turn it would wait
 *   for longer than `maxWaitMs`) is refused at once while others are active; the server as a
 *   whole refuses what would wait for a turn longer than `maxWaitMs`. Waiting for tokens is
 *   the pace, not an overload: it adds to the wait allowed. Nothing is refused while fewer than `fewInFlight`
 *   requests are running and waiting, however slow the host is: a lone visitor is always served.
 * - Priority requests (checkout, payment, login, admin) take no turn and are never paced; they
 *   are refused only past `priorityMaxInFlight`.
 */
export interface FairQueueOptions {
  /** Expensive requests worked on at once. */
  concurrency: number;
  /** Turns one client may hold while others are active. */
  clientShare: number;
  /** Requests one client may keep waiting while others are active. */
  clientQueue: number;
  /** Tokens a client earns a second, and may hold, while others are active (0: no pace). */
  clientRate: number;
  clientBurst: number;
  /** Turn time that costs a token: expensive work pays for the time it held its turn. */
  msPerToken: number;
  /** Longest wait; a request that would wait longer is refused. */
  maxWaitMs: number;
  /** Below this many requests running and waiting, nothing is refused. */
  fewInFlight: number;
  /** Priority requests in flight beyond which even they are refused. */
  priorityMaxInFlight: number;
  /** A client counts as active this long after its last request. */
  activeForMs: number;
  now?: () => number;
}

export type Refusal = 'over-share' | 'overloaded';

export type Admission =
  { admitted: true; release: () => void } | { admitted: false; refusal: Refusal };

/** What a request asks for: to be let in (`pace`), or a turn at expensive work (`work`). */
export type Ask = 'pace' | 'work';

interface Waiter {
  client: ClientState;
  ask: Ask;
  resolve: (admission: Admission) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface ClientState {
  running: number;
  waiting: Waiter[];
  lastSeen: number;
  tokens: number;
  refilledAt: number;
}

/** How far back the average turn length reaches (an exponential average's weight per turn). */
const SERVICE_TIME_WEIGHT = 0.1;

const ADMITTED_WITHOUT_TURN: Admission = { admitted: true, release: () => {} };

export class FairQueue {
  private readonly options: Required<FairQueueOptions>;
  private readonly clients = new Map<string, ClientState>();
  /** Clients with requests waiting, in the order their turns come round. */
  private readonly rotation: ClientState[] = [];
  private running = 0;
  private waiting = 0;
  private priorityInFlight = 0;
  /** The average time an admitted request held its turn (ms), to estimate waits. */
  private serviceMs = 20;
  private lastSweep = 0;
  /** Set while requests wait with a turn free: for tokens, or for others to go quiet. */
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: FairQueueOptions) {
    this.options = { now: () => performance.now(), ...options };
  }

  /** Figures for logs and tests. */
  stats() {
    return {
      running: this.running,
      waiting: this.waiting,
      priorityInFlight: this.priorityInFlight,
      activeClients: this.activeClients(),
    };
  }

  /** A priority request: admitted at once unless far too many are in flight. */
  admitPriority(clientKey: string): Admission {
    this.clientState(clientKey).lastSeen = this.options.now();
    if (this.priorityInFlight >= this.options.priorityMaxInFlight) {
      return { admitted: false, refusal: 'overloaded' };
    }
    this.priorityInFlight += 1;
    return { admitted: true, release: once(() => (this.priorityInFlight -= 1)) };
  }

  /**
   * Lets a request of `clientKey` in (`pace`), or gives it a turn at expensive work (`work`):
   * now, after a wait, or never (refused).
   */
  admit(clientKey: string, ask: Ask): Admission | Promise<Admission> {
    const client = this.clientState(clientKey);
    const now = this.options.now();
    client.lastSeen = now;
    this.refill(client, now);
    const contended = this.activeClients() > 1;
    // Turns and tokens go to waiting requests as soon as they free up (dispatch): a request
    // that may start now jumps nobody's place, unless its own client has requests waiting.
    if (client.waiting.length === 0 && this.mayStart(client, ask, contended)) {
      return this.start(client, ask, now);
    }
    const refusal = this.refusalOf(client, ask, contended);
    if (refusal) return { admitted: false, refusal };
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = {
        client,
        ask,
        resolve,
        timer: setTimeout(
          () => this.expire(waiter),
          this.options.maxWaitMs + this.pacingDelayMs(client, ask, contended),
        ),
      };
      waiter.timer.unref?.();
      if (client.waiting.length === 0) this.rotation.push(client);
      client.waiting.push(waiter);
      this.waiting += 1;
      this.retryLater(contended);
    });
  }

  /** Tokens a request is expected to cost: 1, or what a turn has been taking. */
  private cost(ask: Ask): number {
    return ask === 'work' ? this.serviceMs / this.options.msPerToken : 1;
  }

  /** A turn free (for work), within its share of turns and, while others are active, its tokens. */
  private mayStart(client: ClientState, ask: Ask, contended: boolean): boolean {
    if (ask === 'work' && this.running >= this.options.concurrency) return false;
    if (!contended) return true;
    if (ask === 'work' && client.running >= this.options.clientShare) return false;
    // Work pays when its turn ends: it may start while the client is not in debt.
    return this.options.clientRate <= 0 || client.tokens >= (ask === 'work' ? 0 : 1);
  }

  /** Why a request that cannot start now may not wait either; null when it may. */
  private refusalOf(client: ClientState, ask: Ask, contended: boolean): Refusal | null {
    if (this.running + this.waiting < this.options.fewInFlight) return null;
    if (contended && client.waiting.length >= this.options.clientQueue) return 'over-share';
    if (ask === 'pace') return null;
    const ahead = contended ? client.waiting.length + 1 : this.waiting + 1;
    const waitMs = (ahead * this.serviceMs) / this.options.concurrency;
    if (waitMs <= this.options.maxWaitMs) return null;
    return contended ? 'over-share' : 'overloaded';
  }

  /**
   * How long a client's next request waits for its tokens: not a sign of overload (the shop
   * holds it back on purpose), so it adds to the request's longest wait.
   */
  private pacingDelayMs(client: ClientState, ask: Ask, contended: boolean): number {
    if (!contended || this.options.clientRate <= 0) return 0;
    const owed =
      client.waiting.reduce((sum, waiter) => sum + this.cost(waiter.ask), 0) +
      (ask === 'work' ? 0 : 1) -
      client.tokens;
    return Math.max(0, (owed * 1000) / this.options.clientRate);
  }

  private refill(client: ClientState, now: number): void {
    if (this.options.clientRate <= 0) return;
    const earned = ((now - client.refilledAt) / 1000) * this.options.clientRate;
    client.tokens = Math.min(this.options.clientBurst, client.tokens + earned);
    client.refilledAt = now;
  }

  private start(client: ClientState, ask: Ask, startedAt: number): Admission {
    // Spent whether or not others are active: a client that has kept the loop busy has none
    // left when a visitor arrives.
    if (ask === 'pace') {
      if (this.options.clientRate > 0) client.tokens = Math.max(0, client.tokens - 1);
      return ADMITTED_WITHOUT_TURN;
    }
    this.running += 1;
    client.running += 1;
    return {
      admitted: true,
      release: once(() => {
        this.running -= 1;
        client.running -= 1;
        const held = this.options.now() - startedAt;
        this.serviceMs += SERVICE_TIME_WEIGHT * (held - this.serviceMs);
        if (this.options.clientRate > 0) {
          // A debt of at most one bucket: a client that once rendered a long page is not
          // held back for longer than a full bucket takes to earn.
          client.tokens = Math.max(
            -this.options.clientBurst,
            client.tokens - held / this.options.msPerToken,
          );
        }
        this.dispatch();
      }),
    };
  }

  /** Lets waiting requests start, one client after another. */
  private dispatch(): void {
    const contended = this.activeClients() > 1;
    const now = this.options.now();
    let passes = 0;
    while (this.rotation.length > 0 && passes < this.rotation.length) {
      const client = this.rotation.shift()!;
      this.refill(client, now);
      const waiter = client.waiting[0]!;
      if (!this.mayStart(client, waiter.ask, contended)) {
        // No turn free, its share running, or its tokens spent: its turn comes round later.
        this.rotation.push(client);
        passes += 1;
        continue;
      }
      passes = 0;
      client.waiting.shift();
      this.waiting -= 1;
      clearTimeout(waiter.timer);
      if (client.waiting.length > 0) this.rotation.push(client);
      waiter.resolve(this.start(client, waiter.ask, now));
    }
    this.retryLater(contended);
  }

  /**
   * Requests waiting for tokens, or for others to go quiet, are not woken by a turn ending: a
   * timer tries again when the soonest of them may start.
   */
  private retryLater(contended: boolean): void {
    if (this.retryTimer || this.rotation.length === 0) return;
    let delayMs = this.options.activeForMs;
    if (contended && this.options.clientRate > 0) {
      for (const client of this.rotation) {
        const needed = client.waiting[0]!.ask === 'work' ? 0.01 : 1;
        delayMs = Math.min(delayMs, ((needed - client.tokens) * 1000) / this.options.clientRate);
      }
    }
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.dispatch();
      },
      Math.max(1, Math.ceil(delayMs)),
    );
    this.retryTimer.unref?.();
  }

  /** A request that waited `maxWaitMs` without starting: the shop is too busy for it. */
  private expire(waiter: Waiter): void {
    const { client } = waiter;
    const at = client.waiting.indexOf(waiter);
    if (at === -1) return;
    if (this.running + this.waiting < this.options.fewInFlight) {
      // A slow host, not a crowd: it keeps its place.
      waiter.timer = setTimeout(() => this.expire(waiter), this.options.maxWaitMs);
      waiter.timer.unref?.();
      return;
    }
    client.waiting.splice(at, 1);
    this.waiting -= 1;
    if (client.waiting.length === 0) {
      this.rotation.splice(this.rotation.indexOf(client), 1);
    }
    waiter.resolve({ admitted: false, refusal: 'overloaded' });
  }

  private clientState(key: string): ClientState {
    let client = this.clients.get(key);
    if (!client) {
      const now = this.options.now();
      client = {
        running: 0,
        waiting: [],
        lastSeen: now,
        tokens: this.options.clientBurst,
        refilledAt: now,
      };
      this.clients.set(key, client);
    }
    return client;
  }

  /** Clients seen within `activeForMs`; forgets idle ones now and then (memory stays bounded). */
  private activeClients(): number {
    const now = this.options.now();
    const since = now - this.options.activeForMs;
    const sweep = now - this.lastSweep > this.options.activeForMs;
    let active = 0;
    for (const [key, client] of this.clients) {
      if (client.lastSeen >= since) active += 1;
      else if (sweep && client.running === 0 && client.waiting.length === 0) {
        this.clients.delete(key);
      }
      // Two are enough to know there is contention, unless this pass also sweeps.
      if (active > 1 && !sweep) return active;
    }
    if (sweep) this.lastSweep = now;
    return active;
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
