import type { CategoryDto, CategoryInput } from '@labshop/shared/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

export interface CreateCategoryVariables {
  values: CategoryInput;
  thumbnail: File;
}

/** POST /api/categories (multipart: name, thumbnail). */
export function createCategory({
  values,
  thumbnail,
}: CreateCategoryVariables): Promise<CategoryDto> {
  const body = new FormData();
  body.set('name', values.name);
  body.set('thumbnail', thumbnail, thumbnail.name);
  return apiJson<CategoryDto>('/api/categories', { method: 'POST', body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}
