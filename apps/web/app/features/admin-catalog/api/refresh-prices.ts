import type { PriceSyncResult } from '@labshop/shared/schemas/erp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { erpSyncKeys } from '../../admin-erp-syncs/api/keys.ts';
import { catalogKeys } from './keys.ts';

/**
 * POST /api/products/update-prices: takes every product's prices from the ERP (Business Central,
 * or the built-in one), but only the changes of the preview whose `confirmation` the admin
 * confirmed: 409, and nothing changed, when the ERP's or the shop's prices moved since. 409 also
 * while another sync runs; 503 when the ERP cannot be read.
 */
export function refreshPrices(confirmation: string): Promise<PriceSyncResult> {
  return apiJson<PriceSyncResult>(
    '/api/products/update-prices',
    jsonRequest('POST', { confirmation }),
  );
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
