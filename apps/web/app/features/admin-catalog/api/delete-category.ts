import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { useDeleteListItem } from '../../admin/api/delete-list-item.ts';
import { catalogKeys } from './keys.ts';

/** DELETE /api/categories/{_id}; a category that still has products answers 409. */
export function useDeleteCategory() {
  return useDeleteListItem<CategoryDto>('/api/categories', catalogKeys.categories);
}
