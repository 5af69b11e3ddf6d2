import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { Images, Maximize2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { ProductImage } from '../../catalog/components/product-image.tsx';

// The lightbox code and CSS load on the first open (or when a thumbnail is hovered or focused,
// so that the first click rarely waits), never with the page itself.
const loadLightbox = () => import('./gallery-lightbox.tsx');
const GalleryLightbox = lazy(loadLightbox);

/** Thumbnails whose picture loads at once: about the first row on a wide screen. */
const EAGER_IMAGES = 4;

export interface GalleryGridProps {
  images: GalleryImageDto[];
  /** PublicConfig.storageBaseUrl: stored pictures have resized WebP and JPEG variants. */
  storageBaseUrl: string;
}

/**
 * The gallery page's thumbnail grid (SPEC.md "Gallery page"). Each thumbnail is a button named
 * by its title; it opens the lightbox at that picture, and focus comes back to it on close.
 */
export function GalleryGrid({ images, storageBaseUrl }: GalleryGridProps) {
  const [openIndex, setOpenIndex] = useState(-1);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const lastOpened = useRef(0);

  if (images.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-16 text-center">
        <Images className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-slate-700">No pictures yet</p>
        <p className="mt-1 text-slate-600">
          Our gallery is being put together. Please check back soon.
        </p>
      </div>
    );
  }

  const open = (index: number) => {
    lastOpened.current = index;
    setLightboxWanted(true);
    setOpenIndex(index);
  };
  const close = () => {
    setOpenIndex(-1);
    // The lightbox gives focus back to the body; the visitor continues where they left.
    window.setTimeout(() => buttons.current[lastOpened.current]?.focus(), 0);
  };
  const warmUp = () => void loadLightbox().catch(() => undefined);

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
        {images.map((image, index) => (
          <li key={image._id}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              onClick={() => open(index)}
              onPointerEnter={warmUp}
              onFocus={warmUp}
              aria-haspopup="dialog"
              className="group relative block w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 text-left shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <ProductImage
                url={image.imageUrl}
                storageBaseUrl={storageBaseUrl}
                sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw"
                alt={image.title}
                width={1200}
                height={800}
                loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                // The first picture is the page's largest paint on wide screens.
                priority={index === 0}
                className="aspect-[3/2] w-full object-cover transition duration-300 group-hover:scale-105"
              />
              {/* The picture's alt text names the button; the overlay repeats it for the eye. */}
              <span
                aria-hidden="true"
                className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/75 via-black/40 to-transparent px-3 pt-8 pb-2 text-sm font-semibold text-white"
              >
                <span className="line-clamp-2 min-w-0">{image.title}</span>
                <Maximize2
                  className="h-4 w-4 shrink-0 opacity-80 group-hover:opacity-100"
                  aria-hidden="true"
                />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {lightboxWanted && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            storageBaseUrl={storageBaseUrl}
            index={openIndex}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
