import { describe, expect, it } from 'vitest';
import {
  appendMousePoint,
  behaviouralScore,
  clampScore,
  isSuspicious,
  MOUSE_HISTORY_LIMIT,
  mouseComplexity,
  typingIntervals,
  typingVariation,
  type MousePoint,
} from './behavioural-score.ts';

/** A zig-zag: every segment turns 90 degrees, as jittery as a hand gets. */
function zigZag(points: number): MousePoint[] {
  return Array.from({ length: points }, (_, index) => ({
    x: index * 10,
    y: index % 2 === 0 ? 0 : 10,
  }));
}

/** A straight line at constant speed, as a script moves. */
function straightLine(points: number): MousePoint[] {
  return Array.from({ length: points }, (_, index) => ({ x: index * 5, y: index * 5 }));
}

/** Keystroke times from intervals, starting at 1000 ms. */
function keyTimes(intervals: number[]): number[] {
  const times = [1000];
  for (const interval of intervals) times.push(times.at(-1)! + interval);
  return times;
}

describe('the behavioural score', () => {
  it('starts at 0.8 with no mouse movement and no typing', () => {
    expect(behaviouralScore([], [])).toBe(0.8);
  });

  it('gives nothing for a straight mouse line or a fixed typing pace', () => {
    expect(mouseComplexity(straightLine(100))).toBe(0);
    expect(typingVariation(keyTimes(Array(20).fill(120)))).toBe(0);
    expect(behaviouralScore(straightLine(100), keyTimes(Array(20).fill(120)))).toBe(0.8);
  });

  it('adds at most 0.1 for mouse complexity', () => {
    expect(mouseComplexity(zigZag(100))).toBe(1);
    expect(behaviouralScore(zigZag(100), [])).toBeCloseTo(0.9, 10);
    // A short movement counts in proportion to its length.
    const short = mouseComplexity(zigZag(6));
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(1);
  });

  it('adds at most 0.1 for typing-interval variance', () => {
    const uneven = keyTimes([80, 400, 90, 650, 60, 300, 120, 900]);
    expect(typingVariation(uneven)).toBe(1);
    expect(behaviouralScore([], uneven)).toBeCloseTo(0.9, 10);
    // Some unevenness gets part of the credit.
    const slight = typingVariation(keyTimes([100, 120, 110, 130, 100, 125]));
    expect(slight).toBeGreaterThan(0);
    expect(slight).toBeLessThan(1);
  });

  it('reaches 1 with both components and never more', () => {
    const score = behaviouralScore(zigZag(100), keyTimes([80, 400, 90, 650, 60, 300]));
    expect(score).toBeCloseTo(1, 10);
    expect(score).toBeLessThanOrEqual(1);
  });

  it('needs at least three typing intervals and ignores pauses between fields', () => {
    expect(typingVariation(keyTimes([80, 500]))).toBe(0);
    expect(typingIntervals(keyTimes([100, 5000, 120]))).toEqual([100, 120]);
    // Repeated timestamps (a key held with another) are no interval.
    expect(typingIntervals([10, 10, 20])).toEqual([10]);
  });

  it('clamps to 0..1', () => {
    expect(clampScore(1.3)).toBe(1);
    expect(clampScore(-0.2)).toBe(0);
    expect(clampScore(0.65)).toBe(0.65);
    expect(clampScore(Number.NaN)).toBe(0);
  });

  it('blocks below 0.5 only', () => {
    expect(isSuspicious(0.49)).toBe(true);
    expect(isSuspicious(0.5)).toBe(false);
    expect(isSuspicious(0.8)).toBe(false);
  });
});

describe('the mouse history', () => {
  it('keeps the newest 100 points', () => {
    expect(MOUSE_HISTORY_LIMIT).toBe(100);
    let history: MousePoint[] = [];
    for (let index = 0; index < 250; index += 1) {
      history = appendMousePoint(history, { x: index, y: 0 });
    }
    expect(history).toHaveLength(100);
    expect(history[0]).toEqual({ x: 150, y: 0 });
    expect(history.at(-1)).toEqual({ x: 249, y: 0 });
  });

  it('judges only the newest 100 points', () => {
    // Jitter long ago, then a straight line: the straight line is what counts.
    expect(mouseComplexity([...zigZag(100), ...straightLine(100)])).toBe(0);
  });

  it('ignores points that do not move', () => {
    const still = Array.from({ length: 50 }, () => ({ x: 7, y: 7 }));
    expect(mouseComplexity(still)).toBe(0);
  });
});
