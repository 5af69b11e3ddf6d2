import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useNearViewport } from './use-near-viewport.ts';

/** A component from lazyHydrated, with a way to fetch its code before it first renders. */
export type LazyHydratedComponent<Props extends object> = ComponentType<Props> & {
  /** Fetches the component's chunk (once); for client navigations, so nothing renders empty. */
  preload: () => Promise<ComponentType<Props>>;
};

/** The server's loads of every deferred part's code, started as their modules are evaluated. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server has the code of every deferred part: the server entry waits for it
 * before its first render, so that no page is streamed with a part after the shell.
 */
export function deferredCodeLoaded(): Promise<void> {
  return Promise.allSettled(serverLoads).then(() => undefined);
}

/** Deferred parts of the first page that have not hydrated yet, and who waits for them. */
let waiting = 0;
let waiters: (() => void)[] = [];

function settle() {
  if (waiting > 0) return;
  const called = waiters;
  waiters = [];
  for (const waiter of called) waiter();
}

/** Calls back once every deferred part of the first page has hydrated (at once if none is left). */
export function whenDeferredHydrated(callback: () => void): void {
  waiters.push(callback);
  settle();
}

/**
 * A component whose code is its own chunk, kept off the JavaScript a page loads before it is
 * interactive: the server renders it in full, and the browser hydrates it once its chunk has
 * arrived (the chunk is requested as hydration reaches it; React leaves a suspended boundary's
 * server HTML in place until then, so it looks the same; a link clicked in that moment is
 * followed by the browser, a full page load).
 */
export function lazyHydrated<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  {
    whenNearViewport = false,
  }: {
    /**
     * For a part far down every page (the footer's sign-up): on the first page its code is
     * fetched only once the part comes near the viewport or is touched, not by every visitor.
     * It is wrapped in a plain div (a block), which is watched. Such a part does not hold up
     * `whenDeferredHydrated`.
     */
    whenNearViewport?: boolean;
  } = {},
): LazyHydratedComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  // Opened by whatever first wants the code: the part coming near, preload(), the server.
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  if (!whenNearViewport || typeof document === 'undefined') openGate();
  const preload = () => {
    openGate();
    return fetchCode();
  };
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again on the next render
        throw error;
      },
    ));

  /** The component, telling when it has hydrated. */
  function Hydrated({ onHydrated, ...props }: Props & { onHydrated: () => void }) {
    useEffect(onHydrated, [onHydrated]);
    const Component = loaded!;
    return <Component {...(props as Props)} />;
  }
  const Deferred = lazy(() =>
    // Once the code is there, a thenable that answers at once: React renders in place instead of
    // suspending (the server then never streams the boundary after the shell).
    loaded
      ? (resolvedThenable({ default: Hydrated }) as Promise<{ default: typeof Hydrated }>)
      : gate.then(fetchCode).then(() => ({ default: Hydrated })),
  );
  // The server loads the code at start, so that every server render is complete in place.
  if (typeof document === 'undefined') serverLoads.push(preload());

  function LazyHydrated(props: Props) {
    // Counted while the browser hydrates the first page without the code.
    const [pending] = useState(
      () => typeof document !== 'undefined' && !loaded && !whenNearViewport,
    );
    const [onHydrated] = useState(() => {
      let done = !pending;
      return () => {
        if (done) return;
        done = true;
        waiting -= 1;
        settle();
      };
    });
    useEffect(() => {
      if (pending) waiting += 1;
    }, [pending]);
    const part = (
      <Suspense fallback={null}>
        <Deferred {...props} onHydrated={onHydrated} />
      </Suspense>
    );
    return whenNearViewport ? <NearViewportGate onNear={openGate}>{part}</NearViewportGate> : part;
  }
  return Object.assign(LazyHydrated, { preload });
}

/** A plain div that calls `onNear` once it comes near the viewport, or on a touch, click or focus. */
function NearViewportGate({ onNear, children }: { onNear: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  useEffect(() => {
    if (near) onNear();
  }, [near, onNear]);
  useEffect(() => {
    // Native listeners: React holds back events inside a boundary that has not hydrated yet.
    const element = box.current;
    if (!element) return;
    const events = ['pointerdown', 'focusin'] as const;
    for (const event of events) element.addEventListener(event, onNear, { once: true });
    return () => {
      for (const event of events) element.removeEventListener(event, onNear);
    };
  }, [onNear]);
  return <div ref={box}>{children}</div>;
}

/** A thenable that calls back synchronously (a resolved Promise calls back a microtask later). */
function resolvedThenable<T>(value: T): PromiseLike<T> {
  return {
    then<Result1 = T, Result2 = never>(
      onFulfilled?: ((value: T) => Result1 | PromiseLike<Result1>) | null,
    ): PromiseLike<Result1 | Result2> {
      return resolvedThenable(onFulfilled ? (onFulfilled(value) as Result1) : (value as never));
    },
  };
}
