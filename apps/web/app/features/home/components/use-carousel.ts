import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useReducedMotion } from './use-reduced-motion.ts';

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

export type ViewportRef = ReturnType<typeof useEmblaCarousel>[0];

export interface CarouselState {
  /** Index of the selected snap (a slide, or a group of slides). */
  selected: number;
  snapCount: number;
  canPrev: boolean;
  canNext: boolean;
  prev: () => void;
  next: () => void;
  goTo: (index: number) => void;
  /** Whether it advances by itself now (off for reduced motion, paused by the visitor). */
  autoplaying: boolean;
  /** Whether it would advance by itself: false when the visitor prefers reduced motion. */
  autoplayAllowed: boolean;
  /** The visitor's pause button. */
  togglePaused: () => void;
  paused: boolean;
  /** For the element around the carousel and its buttons: hover or focus there holds it. */
  holdHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * An Embla carousel that advances every `delayMs`, except for visitors who prefer reduced
 * motion, while the pointer or the keyboard focus is on it, and after the visitor pauses it.
 * Returns the ref for the element that scrolls (Embla's viewport) and the carousel's state.
 */
export function useCarousel(options: EmblaOptions, delayMs: number): [ViewportRef, CarouselState] {
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const autoplayAllowed = !reducedMotion;
  const active = autoplayAllowed && !paused;
  // A new plugin list re-initialises Embla, so it changes only when autoplay is turned on or off.
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: delayMs,
        active,
        stopOnInteraction: false,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    ],
    [delayMs, active],
  );
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  // Where the visitor is; read only in event handlers, so no re-render when it changes.
  const hovered = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const autoplay = useCallback(() => (active ? api?.plugins().autoplay : undefined), [api, active]);
  // A manual move starts the wait for the next automatic one afresh.
  const prev = useCallback(() => {
    api?.scrollPrev();
    autoplay()?.reset();
  }, [api, autoplay]);
  const next = useCallback(() => {
    api?.scrollNext();
    autoplay()?.reset();
  }, [api, autoplay]);
  const goTo = useCallback(
    (index: number) => {
      api?.scrollTo(index);
      autoplay()?.reset();
    },
    [api, autoplay],
  );

  const hold = useCallback(() => autoplay()?.stop(), [autoplay]);
  const release = useCallback(() => {
    if (!hovered.current && !focused.current) autoplay()?.play();
  }, [autoplay]);

  const state: CarouselState = {
    selected,
    snapCount,
    canPrev,
    canNext,
    prev,
    next,
    goTo,
    autoplaying: active,
    autoplayAllowed,
    paused,
    togglePaused: () => setPaused((was) => !was),
    holdHandlers: {
      onMouseEnter: () => {
        hovered.current = true;
        hold();
      },
      onMouseLeave: () => {
        hovered.current = false;
        release();
      },
      onFocus: () => {
        focused.current = true;
        hold();
      },
      onBlur: (event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        release();
      },
    },
  };
  return [viewportRef, state];
}
