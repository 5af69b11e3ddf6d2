import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FairQueue, type Admission, type Ask, type FairQueueOptions } from './fair-queue.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function queueOf(options: Partial<FairQueueOptions> = {}): FairQueue {
  return new FairQueue({
    concurrency: 2,
    clientShare: 1,
    clientQueue: 2,
    clientRate: 0,
    clientBurst: 0,
    msPerToken: 2,
    maxWaitMs: 2_000,
    fewInFlight: 3,
    priorityMaxInFlight: 4,
    activeForMs: 2_000,
    now: () => Date.now(),
    ...options,
  });
}

/** Admits now or records when its turn came (or its refusal). */
function ask(
  queue: FairQueue,
  client: string,
  log: string[],
  what: Ask = 'work',
): { admission?: Admission } {
  const held: { admission?: Admission } = {};
  const result = queue.admit(client, what);
  const settle = (admission: Admission) => {
    held.admission = admission;
    log.push(admission.admitted ? `${client} runs` : `${client} refused: ${admission.refusal}`);
  };
  if (result instanceof Promise) void result.then(settle);
  else settle(result);
  return held;
}

const release = (held: { admission?: Admission }) => {
  if (held.admission?.admitted) held.admission.release();
};

describe('FairQueue', () => {
  it('runs `concurrency` requests at once and starts a waiting one when a turn ends', async () => {
    const queue = queueOf({ fewInFlight: 100 });
    const log: string[] = [];
    const first = ask(queue, 'a', log);
    ask(queue, 'a', log);
    ask(queue, 'a', log);
    await Promise.resolve();
    expect(log).toEqual(['a runs', 'a runs']);
    release(first);
    await Promise.resolve();
    expect(log).toEqual(['a runs', 'a runs', 'a runs']);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 0 });
  });

  it("gives a client that asks for little the next turn, ahead of another client's backlog", async () => {
    const queue = queueOf({ clientQueue: 10, fewInFlight: 100 });
    const log: string[] = [];
    // The heavy client takes both turns while it is alone.
    const heavy = [ask(queue, 'heavy', log), ask(queue, 'heavy', log)];
    for (let index = 0; index < 5; index++) ask(queue, 'heavy', log);
    ask(queue, 'light', log);
    await Promise.resolve();
    expect(log).toEqual(['heavy runs', 'heavy runs']);
    // The first turn that ends goes to the light client, not to the heavy one's backlog.
    release(heavy[0]!);
    await Promise.resolve();
    expect(log.at(-1)).toBe('light runs');
    // While both are active the heavy one runs its share (1) at a time.
    release(heavy[1]!);
    await Promise.resolve();
    expect(log.at(-1)).toBe('heavy runs');
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 4 });
  });

  it("refuses a client's requests beyond its share while others are active, and nobody else's", async () => {
    const queue = queueOf({ fewInFlight: 0 });
    const log: string[] = [];
    void queue.admit('visitor', 'pace');
    for (let index = 0; index < 5; index++) ask(queue, 'heavy', log);
    ask(queue, 'visitor', log);
    await Promise.resolve();
    // 1 running (its share), 2 waiting (its queue), 2 refused; the visitor runs.
    expect(log).toEqual([
      'heavy runs',
      'heavy refused: over-share',
      'heavy refused: over-share',
      'visitor runs',
    ]);
  });

  it('lets a client that is alone queue past its share', async () => {
    const queue = queueOf({ fewInFlight: 0 });
    const log: string[] = [];
    for (let index = 0; index < 6; index++) ask(queue, 'alone', log);
    await Promise.resolve();
    expect(log).toEqual(['alone runs', 'alone runs']);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 4 });
  });

  it('refuses what would wait longer than maxWaitMs, and a request whose wait ran out', async () => {
    const queue = queueOf({ fewInFlight: 0, maxWaitMs: 1_000 });
    const log: string[] = [];
    // Each turn takes 1 s: the queue learns it.
    for (let round = 0; round < 40; round++) {
      const held = ask(queue, 'alone', log);
      vi.advanceTimersByTime(1_000);
      release(held);
    }
    log.length = 0;
    const running = [ask(queue, 'alone', log), ask(queue, 'alone', log)];
    for (let index = 0; index < 3; index++) ask(queue, 'alone', log);
    await Promise.resolve();
    // 2 turns of ~1 s: the 3rd and 4th would wait 0.5 and 1 s, the 5th 1.5 s: refused now.
    expect(log).toEqual(['alone runs', 'alone runs', 'alone refused: overloaded']);
    // Nobody finished: the two waiting ones are refused when their wait runs out.
    vi.advanceTimersByTime(1_000);
    await Promise.resolve();
    expect(log.slice(3)).toEqual(['alone refused: overloaded', 'alone refused: overloaded']);
    running.forEach(release);
  });

  it('refuses nothing while only a few requests are in flight, however slow each turn is', async () => {
    const queue = queueOf({ concurrency: 1, fewInFlight: 3, maxWaitMs: 100 });
    const log: string[] = [];
    for (let round = 0; round < 20; round++) {
      const held = ask(queue, 'visitor', log);
      vi.advanceTimersByTime(5_000);
      release(held);
    }
    log.length = 0;
    const first = ask(queue, 'visitor', log);
    ask(queue, 'visitor', log);
    await Promise.resolve();
    vi.advanceTimersByTime(10_000);
    await Promise.resolve();
    expect(log).toEqual(['visitor runs']);
    release(first);
    await Promise.resolve();
    expect(log).toEqual(['visitor runs', 'visitor runs']);
  });

  it('admits priority requests when every turn is taken, up to priorityMaxInFlight', async () => {
    const queue = queueOf({ fewInFlight: 0 });
    const log: string[] = [];
    for (let index = 0; index < 4; index++) ask(queue, 'heavy', log);
    const admitted = Array.from({ length: 4 }, () => queue.admitPriority('buyer'));
    expect(admitted.every((admission) => admission.admitted)).toBe(true);
    expect(queue.admitPriority('buyer')).toEqual({ admitted: false, refusal: 'overloaded' });
    for (const admission of admitted) if (admission.admitted) admission.release();
    expect(queue.admitPriority('buyer').admitted).toBe(true);
  });

  it('paces a client while others are active: 1 token a request, and its turns by their length', async () => {
    const queue = queueOf({
      concurrency: 4,
      clientShare: 4,
      clientQueue: 100,
      clientRate: 10,
      clientBurst: 10,
      fewInFlight: 100,
    });
    const log: string[] = [];
    void queue.admit('visitor', 'pace');
    // 10 cheap requests spend the burst; the 11th waits a tenth of a second for its token.
    for (let index = 0; index < 11; index++) ask(queue, 'heavy', log, 'pace');
    await Promise.resolve();
    expect(log).toHaveLength(10);
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect(log).toHaveLength(11);
    // A turn of 200 ms costs 100 tokens at 2 ms a token: 10 s of debt, capped at a bucket.
    vi.advanceTimersByTime(1_000);
    const render = ask(queue, 'heavy', log);
    await Promise.resolve();
    vi.advanceTimersByTime(200);
    release(render);
    ask(queue, 'heavy', log, 'pace');
    await Promise.resolve();
    expect(log).toHaveLength(12);
    // In debt: -10, less the 2 tokens earned during the turn; 9 to earn before its next
    // request, 0.9 s.
    vi.advanceTimersByTime(850);
    await Promise.resolve();
    expect(log).toHaveLength(12);
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect(log).toHaveLength(13);
    // The visitor has its own tokens: let in at once.
    ask(queue, 'visitor', log, 'pace');
    await Promise.resolve();
    expect(log.at(-1)).toBe('visitor runs');
  });

  it('never paces a client that is alone', async () => {
    const queue = queueOf({ concurrency: 4, clientShare: 4, clientRate: 1, clientBurst: 1 });
    const log: string[] = [];
    for (let index = 0; index < 20; index++) ask(queue, 'alone', log, 'pace');
    for (let index = 0; index < 4; index++) ask(queue, 'alone', log);
    await Promise.resolve();
    expect(log).toEqual(Array(24).fill('alone runs'));
  });

  it('forgets that a client was active once it has been quiet for activeForMs', async () => {
    const queue = queueOf({ fewInFlight: 0 });
    const log: string[] = [];
    void queue.admit('visitor', 'pace');
    vi.advanceTimersByTime(2_001);
    for (let index = 0; index < 5; index++) ask(queue, 'alone-again', log);
    await Promise.resolve();
    // Alone: both turns, and no refusal for its queue.
    expect(log).toEqual(['alone-again runs', 'alone-again runs']);
  });
});
