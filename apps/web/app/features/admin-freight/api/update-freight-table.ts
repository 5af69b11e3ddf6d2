import type { FreightTable, FreightTableAnswer } from '@labshop/shared/schemas/freight-dto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { freightKeys } from './keys.ts';

/** PUT /api/admin/freight: the whole table replaces the stored one; answers it as saved. */
export function updateFreightTable(table: FreightTable): Promise<FreightTableAnswer> {
  return apiJson<FreightTableAnswer>('/api/admin/freight', jsonRequest('PUT', table));
}

export function useUpdateFreightTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFreightTable,
    onSuccess: (answer) => queryClient.setQueryData(freightKeys.table, answer),
  });
}
