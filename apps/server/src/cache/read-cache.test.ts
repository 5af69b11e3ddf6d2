import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the catalogue read cache', () => {
  it('reuses an answer within its time to live, and loads again after it', async () => {
    vi.useFakeTimers();
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    const load = vi.fn(async () => 'answer');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('spreads the expiry of answers stored together over the last tenth of the time to live', async () => {
    vi.useFakeTimers();
    const randoms = [0, 0.5, 0.999];
    vi.spyOn(Math, 'random').mockImplementation(() => randoms.shift() ?? 0);
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `first ${key}`);
    vi.restoreAllMocks();
    const cached = async () =>
      Promise.all(['a', 'b', 'c'].map((key) => cache.get(key, async () => `again ${key}`)));

    vi.advanceTimersByTime(900);
    expect(await cached()).toEqual(['first a', 'first b', 'first c']);
    vi.advanceTimersByTime(49);
    expect(await cached()).toEqual(['first a', 'first b', 'again c']);
    vi.advanceTimersByTime(2);
    expect(await cached()).toEqual(['first a', 'again b', 'again c']);
    vi.advanceTimersByTime(50);
    expect(await cached()).toEqual(['again a', 'again b', 'again c']);
  });

  it('shares one load between concurrent misses, and does not keep failures', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    const load = vi.fn(async () => 'answer');
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.get('f', failing)).rejects.toThrow('database down');
    await expect(cache.get('f', failing)).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('never stores an answer whose load began before a clear (a write)', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('drops the oldest entry when full, and nothing when the time to live is 0', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    const reload = vi.fn(async () => 'again');
    expect(await cache.get('a', reload)).toBe('again');
    expect(await cache.get('c', reload)).toBe('c');
    const off = createReadCache({ ttlMs: 0, maxEntries: 10 });
    const load = vi.fn(async () => 'x');
    await off.get('k', load);
    await off.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('what a full cache drops', () => {
  it('drops the answer used least recently, not one asked for again and again', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 3 });
    await cache.get('/shop', async () => 'the shop');
    // One-off searches arrive; the shop page is asked for between them.
    for (const search of ['q1', 'q2', 'q3', 'q4', 'q5']) {
      await cache.get(search, async () => search);
      expect(await cache.get('/shop', async () => 'rendered again')).toBe('the shop');
    }
    const reload = vi.fn(async () => 'again');
    expect(await cache.get('q1', reload)).toBe('again');
  });
});

describe('the byte bound', () => {
  it('drops the oldest entries to stay within maxBytes, and never keeps an entry that is too big', async () => {
    const cache = createReadCache({
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (value) => String(value).length,
    });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('c', async () => 'cccc');
    const reload = vi.fn(async () => 'again');
    expect(await cache.get('c', reload)).toBe('cccc');
    expect(await cache.get('b', reload)).toBe('bbbb');
    expect(await cache.get('a', reload)).toBe('again');
    const huge = vi.fn(async () => 'x'.repeat(11));
    await cache.get('huge', huge);
    await cache.get('huge', huge);
    expect(huge).toHaveBeenCalledTimes(2);
  });
});
