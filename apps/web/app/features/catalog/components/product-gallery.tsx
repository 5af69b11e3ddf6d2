import { SCROLL_STEP_PX } from '@labshop/shared/constants';
import { ChevronLeft, ChevronRight, ImageOff, X, ZoomIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ProductImage } from './product-image.tsx';

export interface ProductGalleryProps {
  images: string[];
  /** The product title, the main image's alternative text. */
  title: string;
  storageBaseUrl: string;
}

/**
 * The enlarged view is the page's target (CSS :target) while open, so it opens from a plain link
 * before and without the page's code (decision 013); closing targets a fixed element, which the
 * browser does not scroll to. The page has one gallery, so fixed ids.
 */
const ZOOM_ID = 'product-image-zoom';
const ZOOM_CLOSED_ID = 'product-image-zoom-closed';

/**
 * How wide the main picture shows: half the page beside the details from 1024 px (max-w-7xl,
 * less padding and gap), the page less its padding below.
 */
const MAIN_IMAGE_SIZES =
  '(min-width: 1280px) 600px, (min-width: 1024px) calc(50vw - 40px), calc(100vw - 32px)';

const SCROLL_BUTTON =
  'flex h-10 w-8 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100';

/**
 * The product page's pictures: the main image (the last of the list, SPEC.md section 3) big,
 * and a row of thumbnails that scrolls by 100 px a click; a thumbnail click shows that image.
 * Give it `key={product.number}` so another product starts at its own main image.
 */
export function ProductGallery({ images, title, storageBaseUrl }: ProductGalleryProps) {
  const [shownIndex, setShownIndex] = useState(images.length - 1);
  const strip = useRef<HTMLUListElement>(null);
  const shown = images[shownIndex];

  const scrollStrip = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * SCROLL_STEP_PX.thumbnails, behavior: 'smooth' });

  // With the code running, Escape closes the enlarged view too.
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && window.location.hash === `#${ZOOM_ID}`) {
        window.location.hash = ZOOM_CLOSED_ID;
      }
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, []);

  const shownAlt =
    images.length > 1 ? `${title}, image ${shownIndex + 1} of ${images.length}` : title;

  return (
    <div>
      <div className="relative aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {shown ? (
          // The picture is a link to its enlarged view. It shows at most at its own size (no
          // w-full): a small upload stays sharp in the middle of the box instead of blown up.
          <a
            href={`#${ZOOM_ID}`}
            className="group flex h-full w-full cursor-zoom-in items-center justify-center"
            aria-label={`Enlarge the picture: ${shownAlt}`}
          >
            <ProductImage
              url={shown}
              storageBaseUrl={storageBaseUrl}
              alt={shownAlt}
              sizes={MAIN_IMAGE_SIZES}
              priority
              className="h-auto max-h-full w-auto max-w-full"
            />
            <span
              aria-hidden="true"
              className="absolute right-3 bottom-3 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow group-hover:bg-white"
            >
              <ZoomIn className="h-5 w-5" />
            </span>
          </a>
        ) : (
          <div className="flex h-full items-center justify-center text-slate-400">
            <ImageOff className="h-16 w-16" aria-hidden="true" />
            <span className="sr-only">No picture yet</span>
          </div>
        )}
      </div>

      {images.length > 1 && (
        <div className="mt-3 flex items-center gap-2">
          <button
            type="button"
            className={SCROLL_BUTTON}
            aria-label="Scroll thumbnails left"
            onClick={() => scrollStrip(-1)}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <ul
            ref={strip}
            aria-label="Product images"
            className="flex min-w-0 flex-1 gap-2 overflow-x-auto scroll-smooth p-1 [scrollbar-width:none]"
            data-testid="thumbnail-strip"
          >
            {images.map((url, index) => (
              <li key={`${url}-${index}`} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setShownIndex(index)}
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  aria-pressed={index === shownIndex}
                  className={`block h-20 w-20 overflow-hidden rounded-md border-2 bg-slate-50 ${
                    index === shownIndex
                      ? 'border-brand-600'
                      : 'border-slate-200 hover:border-slate-400'
                  }`}
                >
                  <ProductImage
                    url={url}
                    storageBaseUrl={storageBaseUrl}
                    alt=""
                    sizes="80px"
                    className="h-full w-full object-contain"
                  />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={SCROLL_BUTTON}
            aria-label="Scroll thumbnails right"
            onClick={() => scrollStrip(1)}
          >
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      )}

      {shown && (
        <>
          <span id={ZOOM_CLOSED_ID} className="fixed top-0" />
          <div
            id={ZOOM_ID}
            role="dialog"
            aria-label={`Enlarged picture: ${shownAlt}`}
            className="fixed inset-0 z-50 hidden items-center justify-center bg-slate-950/90 p-4 target:flex sm:p-10"
          >
            {/* The backdrop closes the view; so does the button (and Escape, with the code). */}
            <a
              href={`#${ZOOM_CLOSED_ID}`}
              className="absolute inset-0 cursor-zoom-out"
              tabIndex={-1}
              aria-hidden="true"
            />
            {/* The stored main JPEG (up to 1600 px), at most at its own size; loaded only when
                the view opens, since a hidden lazy image is not fetched. */}
            <img
              src={shown}
              alt={shownAlt}
              loading="lazy"
              decoding="async"
              className="relative h-auto max-h-full w-auto max-w-full rounded bg-white"
            />
            <a
              href={`#${ZOOM_CLOSED_ID}`}
              className="absolute top-3 right-3 flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-800 shadow hover:bg-slate-100"
              aria-label="Close the enlarged picture"
            >
              <X className="h-6 w-6" aria-hidden="true" />
            </a>
          </div>
        </>
      )}
    </div>
  );
}
