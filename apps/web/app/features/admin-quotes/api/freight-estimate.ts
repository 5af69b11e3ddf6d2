import { freightEstimateQuery, type FreightEstimateAnswer } from '@labshop/shared/schemas/freight';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';

/**
 * The freight table's rate for a quote's lines to its ship-to (GET /api/freight-estimate), for
 * the editor to offer beside its freight field: the staff still decide the quote's freight.
 */
export function useTableFreight(
  lines: readonly { number: string; quantity: number }[],
  shipTo: { country: string; state: string },
) {
  const query = freightEstimateQuery(lines, shipTo);
  return useQuery({
    queryKey: ['freight-estimate', query],
    queryFn: ({ signal }) =>
      apiJson<FreightEstimateAnswer>(`/api/freight-estimate?${query}`, { signal }),
    enabled: query !== null,
  });
}
