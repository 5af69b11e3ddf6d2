import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/gallery: the pictures, newest first. */
export function getGallery(signal?: AbortSignal): Promise<GalleryImageDto[]> {
  return apiJson<GalleryImageDto[]>('/api/gallery', { signal });
}

export function galleryQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.gallery,
    queryFn: ({ signal }) => getGallery(signal),
  });
}

export function useGallery() {
  return useQuery(galleryQueryOptions());
}
