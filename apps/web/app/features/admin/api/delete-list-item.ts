import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './http.ts';

/**
 * DELETE `{collection}/{_id}` for an item of the list cached under `listKey`: on success the
 * item leaves the cached list at once, then the list is read again.
 */
export function useDeleteListItem<T extends { _id: string }>(
  collection: string,
  listKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`${collection}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: async (_, id) => {
      queryClient.setQueryData<T[]>(listKey, (items) => items?.filter((item) => item._id !== id));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
