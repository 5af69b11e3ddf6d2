import type { PricePreview } from '@labshop/shared/schemas/erp';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';

/** POST /api/products/update-prices/preview: what a price sync would change (a dry run). */
export function previewPrices(): Promise<PricePreview> {
  return apiJson<PricePreview>('/api/products/update-prices/preview', { method: 'POST' });
}

/** A mutation, not a query: every preview asks the ERP again, and only when the admin asks. */
export function usePricePreview() {
  return useMutation({ mutationFn: previewPrices });
}
