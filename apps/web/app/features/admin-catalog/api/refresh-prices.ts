import type { PriceSyncResult } from '@labshop/shared/schemas/erp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { erpSyncKeys } from '../../admin-erp-syncs/api/keys.ts';
import { catalogKeys } from './keys.ts';

/**
 * POST /api/products/update-prices: takes every product's prices from the ERP (Business Central,
 * or the built-in one). 409 while another sync runs; 503 when the ERP cannot be read.
 */
export function refreshPrices(): Promise<PriceSyncResult> {
  return apiJson<PriceSyncResult>('/api/products/update-prices', { method: 'POST' });
}

export function useRefreshPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPrices,
    // The products reload after the sync, whatever its outcome (SPEC.md 4, "Price sync"), and
    // the ledger has a new entry.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: erpSyncKeys.all }),
      ]),
  });
}
