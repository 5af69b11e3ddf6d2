import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { useDeleteListItem } from '../../admin/api/delete-list-item.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/gallery/{_id}: the picture and its stored image. */
export function useDeleteGalleryImage() {
  return useDeleteListItem<GalleryImageDto>('/api/gallery', contentKeys.gallery);
}
