import type { PriceRefreshResult } from '@labshop/shared/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** POST /api/products/update-prices: takes every product's prices from Business Central. */
export function refreshPrices(): Promise<PriceRefreshResult> {
  return apiJson<PriceRefreshResult>('/api/products/update-prices', { method: 'POST' });
}

export function useRefreshPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPrices,
    // The products reload after the sync, whatever its outcome (SPEC.md 4, "Price sync").
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
  });
}
