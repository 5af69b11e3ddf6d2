import type { ErpSyncKind, ErpSyncList } from '@labshop/shared/schemas/erp';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { erpSyncKeys } from './keys.ts';

/** How often the list looks again while one of its syncs runs. */
const RUNNING_POLL_MS = 2000;

/** GET /api/erp-syncs?kind=&page=: the ledger, newest first (ERP_SYNCS_PAGE_SIZE per page). */
export function getErpSyncs(
  kind: ErpSyncKind | null,
  page: number,
  signal?: AbortSignal,
): Promise<ErpSyncList> {
  const query = new URLSearchParams({ page: String(page) });
  if (kind) query.set('kind', kind);
  return apiJson<ErpSyncList>(`/api/erp-syncs?${query}`, { signal });
}

export function useErpSyncs(kind: ErpSyncKind | null, page: number) {
  return useQuery({
    queryKey: erpSyncKeys.list(kind, page),
    queryFn: ({ signal }) => getErpSyncs(kind, page, signal),
    // Syncs start and end while the screen is open: a visit shows what is there now.
    staleTime: 0,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.syncs.some((sync) => sync.status === 'running') ? RUNNING_POLL_MS : false,
  });
}
