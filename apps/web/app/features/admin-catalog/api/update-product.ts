import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

export interface UpdateProductVariables {
  /** The product's number before the update (the number itself may change). */
  number: string;
  /** A body from updateProductBody. */
  body: FormData;
}

/** PUT /api/products/{number}. */
export function updateProduct({ number, body }: UpdateProductVariables): Promise<ProductDto> {
  return apiJson<ProductDto>(`/api/products/${encodeURIComponent(number)}`, {
    method: 'PUT',
    body,
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async (product, { number }) => {
      queryClient.setQueryData(catalogKeys.product(product.number), product);
      // A new number: the old entry is only marked stale, not refetched or dropped, since the
      // page still watches it until it moves to the new address (a refetch there would 404).
      if (product.number !== number) {
        await queryClient.invalidateQueries({
          queryKey: catalogKeys.product(number),
          refetchType: 'none',
        });
      }
      await queryClient.invalidateQueries({ queryKey: catalogKeys.productLists });
    },
  });
}
