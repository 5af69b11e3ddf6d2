import type { FreightTableAnswer } from '@labshop/shared/schemas/freight-dto';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { freightKeys } from './keys.ts';

/** GET /api/admin/freight: the zones and their rates, and when the staff last saved them. */
export function getFreightTable(signal?: AbortSignal): Promise<FreightTableAnswer> {
  return apiJson<FreightTableAnswer>('/api/admin/freight', { signal });
}

export function useFreightTable() {
  return useQuery({
    queryKey: freightKeys.table,
    queryFn: ({ signal }) => getFreightTable(signal),
    // Another admin may have saved meanwhile: a visit shows what is there now.
    staleTime: 0,
  });
}
