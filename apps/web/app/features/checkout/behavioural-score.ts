import { PAYMENT } from '@labshop/shared/constants';
import { useCallback, useEffect, useRef } from 'react';

/**
 * The checkout's behavioural score (SPEC.md section 9): 0.8 to start, plus up to 0.1 for how
 * complex the mouse movements were (over the last 100 points) and up to 0.1 for how uneven the
 * typing rhythm was, clamped to 0..1. A score below 0.5 blocks the payment. It is a weak signal
 * sent along with the payment; the captcha and the server's checks are what protect the shop.
 */

export const SCORE_START = PAYMENT.behaviouralScoreStart;
export const SCORE_MINIMUM = PAYMENT.behaviouralScoreMinimum;
export const MOUSE_HISTORY_LIMIT = PAYMENT.mouseHistoryPoints;
/** The most each component adds. */
export const MOUSE_COMPONENT_MAX = 0.1;
export const TYPING_COMPONENT_MAX = 0.1;

/** Movements this many segments long count fully; shorter ones count in proportion. */
const FULL_MOUSE_SEGMENTS = 20;
/** A mean turn of 30 degrees between segments is as complex as a hand gets credit for. */
const FULL_MEAN_TURN_RADIANS = Math.PI / 6;
/** Keystrokes further apart are pauses (reading, switching fields), not typing rhythm. */
const TYPING_PAUSE_MS = 2000;
/** Fewer intervals say nothing about a rhythm. */
const MIN_TYPING_INTERVALS = 3;
/** A coefficient of variation of 0.5 (a human's uneven rhythm) gets the full typing credit. */
const FULL_TYPING_VARIATION = 0.5;
/** Keystroke times kept: enough for a rhythm, bounded like the mouse history. */
const KEY_HISTORY_LIMIT = 100;

export interface MousePoint {
  x: number;
  y: number;
}

export interface BehaviouralData {
  score: number;
  mouseMovements: number;
  keyPresses: number;
  /** Milliseconds since the checkout page opened. */
  sessionDuration: number;
}

export function clampScore(score: number): number {
  if (Number.isNaN(score)) return 0;
  return Math.min(1, Math.max(0, score));
}

/** The history with `point` appended, keeping only the newest MOUSE_HISTORY_LIMIT points. */
export function appendMousePoint(history: readonly MousePoint[], point: MousePoint): MousePoint[] {
  const next = [...history, point];
  return next.length > MOUSE_HISTORY_LIMIT ? next.slice(next.length - MOUSE_HISTORY_LIMIT) : next;
}

/**
 * How complex a movement is, 0..1: the mean turn between successive segments (a script's
 * straight line turns 0), weighted by how many segments there are.
 */
export function mouseComplexity(history: readonly MousePoint[]): number {
  const recent = history.slice(-MOUSE_HISTORY_LIMIT);
  const angles: number[] = [];
  for (let index = 1; index < recent.length; index += 1) {
    const dx = recent[index]!.x - recent[index - 1]!.x;
    const dy = recent[index]!.y - recent[index - 1]!.y;
    if (dx !== 0 || dy !== 0) angles.push(Math.atan2(dy, dx));
  }
  if (angles.length < 2) return 0;
  let totalTurn = 0;
  for (let index = 1; index < angles.length; index += 1) {
    let turn = Math.abs(angles[index]! - angles[index - 1]!);
    if (turn > Math.PI) turn = 2 * Math.PI - turn;
    totalTurn += turn;
  }
  const meanTurn = totalTurn / (angles.length - 1);
  const variety = Math.min(1, meanTurn / FULL_MEAN_TURN_RADIANS);
  const coverage = Math.min(1, angles.length / FULL_MOUSE_SEGMENTS);
  return variety * coverage;
}

/** The intervals between successive keystroke times, without pauses. */
export function typingIntervals(keyTimes: readonly number[]): number[] {
  const intervals: number[] = [];
  for (let index = 1; index < keyTimes.length; index += 1) {
    const interval = keyTimes[index]! - keyTimes[index - 1]!;
    if (interval > 0 && interval <= TYPING_PAUSE_MS) intervals.push(interval);
  }
  return intervals;
}

/**
 * How uneven the typing rhythm is, 0..1: the intervals' variance relative to their mean (the
 * coefficient of variation), so fast and slow typists are judged alike; a script typing at a
 * fixed pace scores 0.
 */
export function typingVariation(keyTimes: readonly number[]): number {
  const intervals = typingIntervals(keyTimes);
  if (intervals.length < MIN_TYPING_INTERVALS) return 0;
  const mean = intervals.reduce((sum, value) => sum + value, 0) / intervals.length;
  const variance =
    intervals.reduce((sum, value) => sum + (value - mean) ** 2, 0) / intervals.length;
  const coefficient = Math.sqrt(variance) / mean;
  return Math.min(1, coefficient / FULL_TYPING_VARIATION);
}

/** The score: start + mouse component (<= 0.1) + typing component (<= 0.1), clamped to 0..1. */
export function behaviouralScore(
  mouseHistory: readonly MousePoint[],
  keyTimes: readonly number[],
): number {
  const mouse = MOUSE_COMPONENT_MAX * mouseComplexity(mouseHistory);
  const typing = TYPING_COMPONENT_MAX * typingVariation(keyTimes);
  return clampScore(SCORE_START + mouse + typing);
}

export function isSuspicious(score: number): boolean {
  return score < SCORE_MINIMUM;
}

/**
 * Watches the page's pointer movements and keystrokes while the checkout is open; `snapshot()`
 * gives the score and its data at Pay Now. Kept in refs: nothing re-renders on a mouse move.
 */
export function useBehaviouralScore(): () => BehaviouralData {
  const startedAt = useRef(0);
  const mouseHistory = useRef<MousePoint[]>([]);
  const mouseMovements = useRef(0);
  const keyTimes = useRef<number[]>([]);
  const keyPresses = useRef(0);

  useEffect(() => {
    startedAt.current = performance.now();
    const onPointerMove = (event: PointerEvent) => {
      mouseMovements.current += 1;
      mouseHistory.current = appendMousePoint(mouseHistory.current, {
        x: event.clientX,
        y: event.clientY,
      });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat) return;
      keyPresses.current += 1;
      keyTimes.current.push(event.timeStamp);
      if (keyTimes.current.length > KEY_HISTORY_LIMIT) keyTimes.current.shift();
    };
    window.addEventListener('pointermove', onPointerMove, { passive: true });
    window.addEventListener('keydown', onKeyDown, { passive: true });
    return () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return useCallback(
    () => ({
      score: behaviouralScore(mouseHistory.current, keyTimes.current),
      mouseMovements: mouseMovements.current,
      keyPresses: keyPresses.current,
      sessionDuration: Math.max(0, Math.round(performance.now() - startedAt.current)),
    }),
    [],
  );
}
