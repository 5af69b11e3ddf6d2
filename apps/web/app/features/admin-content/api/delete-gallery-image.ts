import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/gallery/{_id}: the picture and its stored image. */
export async function deleteGalleryImage(id: string): Promise<void> {
  await apiRequest(`/api/gallery/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGalleryImage,
    onSuccess: async (_, id) => {
      queryClient.setQueryData<GalleryImageDto[]>(contentKeys.gallery, (images) =>
        images?.filter((image) => image._id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.gallery });
    },
  });
}
