import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNearViewport } from './use-near-viewport.ts';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

type Callback = (entries: { isIntersecting: boolean }[]) => void;

describe('useNearViewport', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    cleanup();
    globalThis.IntersectionObserver = original;
  });

  it('turns true once the element comes near the viewport, and stays true', () => {
    const observers: { callback: Callback; margin?: string; disconnected: boolean }[] = [];
    globalThis.IntersectionObserver = class {
      record: (typeof observers)[number];
      constructor(callback: Callback, options?: { rootMargin?: string }) {
        this.record = { callback, margin: options?.rootMargin, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;

    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    expect(observers[0]?.margin).toBe('300px');
    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('is true at once where IntersectionObserver is missing', () => {
    // @ts-expect-error: an old browser without it
    delete globalThis.IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
