import type { ErpSyncKind, ErpSyncSummary } from '@labshop/shared/schemas/erp';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { erpSyncKeys } from './keys.ts';

/** How often the progress bar looks at a running sync. */
export const CURRENT_SYNC_POLL_MS = 500;

export interface CurrentErpSync {
  sync: ErpSyncSummary | null;
}

/** GET /api/erp-syncs/current?kind=: the running sync of that kind, or null. */
export function getCurrentErpSync(
  kind: ErpSyncKind,
  signal?: AbortSignal,
): Promise<CurrentErpSync> {
  return apiJson<CurrentErpSync>(`/api/erp-syncs/current?kind=${kind}`, { signal });
}

/**
 * The running sync of `kind` (one another admin started, too). It is asked once when the screen
 * opens, then every CURRENT_SYNC_POLL_MS while a sync runs or while `watch` is set (this screen
 * has just started one). Not asked at all while `enabled` is false.
 */
export function useCurrentErpSync(kind: ErpSyncKind, watch: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: erpSyncKeys.current(kind),
    queryFn: ({ signal }) => getCurrentErpSync(kind, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      watch || query.state.data?.sync?.status === 'running' ? CURRENT_SYNC_POLL_MS : false,
    // A progress bar is not worth an error in the console on every tick: one try is enough.
    retry: false,
  });
}
