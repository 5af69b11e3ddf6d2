import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** DELETE /api/categories/{_id}; a category that still has products answers 409. */
export async function deleteCategory(id: string): Promise<void> {
  await apiRequest(`/api/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async (_, id) => {
      queryClient.setQueryData<CategoryDto[]>(catalogKeys.categories, (categories) =>
        categories?.filter((category) => category._id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    },
  });
}
