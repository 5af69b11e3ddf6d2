import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPage } from './get-products.ts';
import { apiRequest } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** DELETE /api/products/{number}. */
export async function deleteProduct(number: string): Promise<void> {
  await apiRequest(`/api/products/${encodeURIComponent(number)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async (_, number) => {
      // The row goes at once; the refetch then fills the page up again.
      queryClient.setQueriesData<ProductPage>({ queryKey: catalogKeys.productLists }, (page) =>
        page && page.products.some((product) => product.number === number)
          ? {
              ...page,
              products: page.products.filter((product) => product.number !== number),
              total: Math.max(0, page.total - 1),
            }
          : page,
      );
      queryClient.removeQueries({ queryKey: catalogKeys.product(number) });
      await queryClient.invalidateQueries({ queryKey: catalogKeys.productLists });
    },
  });
}
