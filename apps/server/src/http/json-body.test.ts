import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './json-body.ts';

describe('nestedDeeperThan', () => {
  const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

  it('counts every object and array opened inside another', () => {
    expect(nestedDeeperThan('1', 0)).toBe(false);
    expect(nestedDeeperThan('{}', 0)).toBe(true);
    expect(nestedDeeperThan('{"a":[1,{"b":2}],"c":[]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[1,{"b":2}],"c":[]}', 2)).toBe(true);
    expect(nestedDeeperThan(nested(16), 32)).toBe(false);
    expect(nestedDeeperThan(`[${nested(16)}]`, 32)).toBe(true);
    // Siblings do not add up.
    expect(nestedDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: '"[[[[' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: '\\', b: '[[[[' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ a: '\\"', b: [[[]]] }), 3)).toBe(true);
  });

  it('reads a 1 MB body in one pass, stopping at the first level too deep', () => {
    const wide = JSON.stringify({ items: Array.from({ length: 50_000 }, (_, n) => ({ n })) });
    const deep = '['.repeat(1024 * 1024);
    for (const text of [wide, deep]) {
      const started = performance.now();
      nestedDeeperThan(text, 32);
      expect(performance.now() - started).toBeLessThan(50);
    }
  });
});
