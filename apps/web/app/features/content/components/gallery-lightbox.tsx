import { imageSources } from '@labshop/shared/images';
import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { galleryCaption } from '../gallery-caption.ts';

export interface GalleryLightboxProps {
  images: GalleryImageDto[];
  /** PublicConfig.storageBaseUrl: stored pictures have resized WebP and JPEG variants. */
  storageBaseUrl: string;
  /** The picture shown; -1 keeps the lightbox closed. */
  index: number;
  onClose: () => void;
}

/** The stored main JPEG's longest side (MAIN_MAX_PX on the server): the widest choice. */
const MAIN_IMAGE_WIDTH = 1600;

/**
 * The gallery's full-size viewer with captions (title and description cut to 120 characters).
 * Loaded on the first open only (React.lazy in GalleryGrid): the lightbox and its CSS stay out
 * of the page's first load. It traps focus, closes on Escape and moves with the arrow keys.
 */
export default function GalleryLightbox({
  images,
  storageBaseUrl,
  index,
  onClose,
}: GalleryLightboxProps) {
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
      render={{
        slide: ({ slide, rect }) => (
          <ResponsiveSlide slide={slide} width={rect.width} storageBaseUrl={storageBaseUrl} />
        ),
      }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Lightbox: 'Gallery picture viewer' }}
    />
  );
}

/**
 * A slide as <picture>, so a phone loads an 800 px WebP rather than the 1600 px JPEG; wide
 * screens still get the main image. Uses the lightbox's own image class (fit inside the slide).
 */
function ResponsiveSlide({
  slide,
  width,
  storageBaseUrl,
}: {
  slide: Slide;
  width: number;
  storageBaseUrl: string;
}) {
  if (!('src' in slide) || typeof slide.src !== 'string') return null;
  const { src, webpSrcSet, jpegSrcSet } = imageSources(slide.src, storageBaseUrl);
  const sizes = `${Math.round(width)}px`;
  const withMain = (srcSet: string) => `${srcSet}, ${src} ${MAIN_IMAGE_WIDTH}w`;
  return (
    <picture className="contents">
      {webpSrcSet && <source type="image/webp" srcSet={withMain(webpSrcSet)} sizes={sizes} />}
      <img
        src={src}
        srcSet={jpegSrcSet ? withMain(jpegSrcSet) : undefined}
        sizes={jpegSrcSet ? sizes : undefined}
        alt={slide.alt ?? ''}
        draggable={false}
        className="yarl__slide_image"
      />
    </picture>
  );
}
