import { TEXT_LIMITS } from '@labshop/shared/constants';
import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { truncate } from '@labshop/shared/text';

/** The lightbox caption: the title, and the description cut to 120 characters (SPEC.md 9). */
export function galleryCaption(image: Pick<GalleryImageDto, 'title' | 'description'>): {
  title: string;
  description: string;
} {
  return {
    title: image.title,
    description: truncate(image.description, TEXT_LIMITS.galleryCaptionDescription),
  };
}
