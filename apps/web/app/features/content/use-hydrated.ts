import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False while rendering on the server and hydrating, true after: for browser-only widgets. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
