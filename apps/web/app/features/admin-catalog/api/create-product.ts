import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** POST /api/products with a body from createProductBody. */
export function createProduct(body: FormData): Promise<ProductDto> {
  return apiJson<ProductDto>('/api/products', { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async (product) => {
      queryClient.setQueryData(catalogKeys.product(product.number), product);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.productLists });
    },
  });
}
