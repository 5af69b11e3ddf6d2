import {
  GALLERY_PICTURE_FIELD,
  type GalleryImageDto,
  type GalleryInput,
} from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

export interface CreateGalleryImageVariables {
  values: GalleryInput;
  picture: File;
}

/** POST /api/gallery (multipart: pictureFile, title, description). */
export function createGalleryImage({
  values,
  picture,
}: CreateGalleryImageVariables): Promise<GalleryImageDto> {
  const body = new FormData();
  body.set('title', values.title);
  body.set('description', values.description);
  body.set(GALLERY_PICTURE_FIELD, picture, picture.name);
  return apiJson<GalleryImageDto>('/api/gallery', { method: 'POST', body });
}

export function useCreateGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGalleryImage,
    onSuccess: async (image) => {
      // Newest first, as the server lists them.
      queryClient.setQueryData<GalleryImageDto[]>(contentKeys.gallery, (images) =>
        images ? [image, ...images.filter((entry) => entry._id !== image._id)] : images,
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.gallery });
    },
  });
}
