import { SCROLL_STEP_PX } from '@labshop/shared/constants';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { ProductImage } from './product-image.tsx';

export interface ProductGalleryProps {
  images: string[];
  /** The product title, the main image's alternative text. */
  title: string;
  storageBaseUrl: string;
}

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

  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {shown ? (
          <ProductImage
            url={shown}
            storageBaseUrl={storageBaseUrl}
            alt={
              images.length > 1 ? `${title}, image ${shownIndex + 1} of ${images.length}` : title
            }
            sizes="(min-width: 1024px) 560px, 100vw"
            priority
            className="h-full w-full object-contain"
          />
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
    </div>
  );
}
