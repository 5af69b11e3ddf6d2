import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { galleryCaption } from '../gallery-caption.ts';

export interface GalleryLightboxProps {
  images: GalleryImageDto[];
  /** The picture shown; -1 keeps the lightbox closed. */
  index: number;
  onClose: () => void;
}

/**
 * The gallery's full-size viewer with captions (title and description cut to 120 characters).
 * Loaded on the first open only (React.lazy in GalleryGrid): the lightbox and its CSS stay out
 * of the page's first load. It traps focus, closes on Escape and moves with the arrow keys.
 */
export default function GalleryLightbox({ images, index, onClose }: GalleryLightboxProps) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      plugins={[Captions]}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 4 }}
      slides={images.map((image) => ({
        src: image.imageUrl,
        alt: image.title,
        ...galleryCaption(image),
      }))}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Lightbox: 'Gallery picture viewer' }}
    />
  );
}
