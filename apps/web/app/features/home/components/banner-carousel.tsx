import { preload } from 'react-dom';
import { Link } from 'react-router';
import { ArrowButton, CarouselDots, PauseButton } from './carousel-controls.tsx';
import { useCarousel } from './use-carousel.ts';

/** How long a banner slide stays before the next (the spec gives no figure). */
export const BANNER_ADVANCE_MS = 6000;

interface BannerSlide {
  /**
   * Files under public/home/: `${image}-800.webp`, `${image}-1600.webp`, and the JPEG fallback
   * `${image}-800.jpg`, `${image}.jpg` (1600 px).
   */
  image: string;
  alt: string;
  eyebrow: string;
  headline: string;
  text: string;
}

// The pictures come from scripts/make-home-media.ts.
export const BANNER_SLIDES: readonly BannerSlide[] = [
  {
    image: '/home/banner-1',
    alt: 'A twin-wheel polishing lathe under a warm work light',
    eyebrow: '80+ years of expertise',
    headline: 'Dental laboratory equipment, built to run for decades',
    text: 'Alloy grinders, vibrators, polishing lathes and the replacement parts that keep them running, designed and made in the USA.',
  },
  {
    image: '/home/banner-2',
    alt: 'Hand tools on a pegboard above a wooden workbench',
    eyebrow: 'Made in USA',
    headline: 'Assembled by hand in our own workshop',
    text: 'Every machine is built, run in and signed off by the people who designed it, then shipped around the world.',
  },
  {
    image: '/home/banner-3',
    alt: 'Two meshed gears, steel and brass, on brushed metal',
    eyebrow: 'Engineered to last',
    headline: 'Heavy steel, balanced motors, quiet power',
    text: 'Cast housings and sealed bearings that shrug off years of daily grinding, trimming and polishing.',
  },
  {
    image: '/home/banner-4',
    alt: 'A technical drawing of a machined part with a caliper',
    eyebrow: 'Precision engineering',
    headline: 'Precision you can measure',
    text: 'True-running spindles and tight tolerances for smooth finishes on every alloy, acrylic and ceramic.',
  },
];

const IMAGE_WIDTH = 1600;
const IMAGE_HEIGHT = 900;
/** The banner spans the window at every width. */
const IMAGE_SIZES = '100vw';

const webpSrcSet = (image: string) => `${image}-800.webp 800w, ${image}-1600.webp 1600w`;
const jpegSrcSet = (image: string) => `${image}-800.jpg 800w, ${image}.jpg 1600w`;

/**
 * The four-slide banner at the top of the home page (SPEC.md "Home page"). The first picture is
 * the page's largest paint: it is preloaded from the <head> (as the same WebP srcset, so it is
 * fetched once) and loads at once with high priority; the others load lazily.
 */
export function BannerCarousel() {
  const first = BANNER_SLIDES[0]!.image;
  preload(`${first}.jpg`, {
    as: 'image',
    type: 'image/webp',
    imageSrcSet: webpSrcSet(first),
    imageSizes: IMAGE_SIZES,
    fetchPriority: 'high',
  });
  const [viewportRef, carousel] = useCarousel({ loop: true, duration: 30 }, BANNER_ADVANCE_MS);
  const count = BANNER_SLIDES.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative bg-brand-900"
      {...carousel.holdHandlers}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {BANNER_SLIDES.map((slide, index) => {
            const Heading = index === 0 ? 'h1' : 'h2';
            const current = index === carousel.selected;
            return (
              <div
                key={slide.image}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                data-selected={current ? 'true' : undefined}
                // The slides out of view keep their Start Shopping out of the tab order and away
                // from screen readers; the first HTML has the first slide shown.
                inert={!current}
                className="relative h-[30rem] min-w-0 flex-[0_0_100%] sm:h-[32rem] lg:h-[36rem]"
              >
                <picture>
                  <source type="image/webp" srcSet={webpSrcSet(slide.image)} sizes={IMAGE_SIZES} />
                  <img
                    src={`${slide.image}.jpg`}
                    srcSet={jpegSrcSet(slide.image)}
                    sizes={IMAGE_SIZES}
                    alt={slide.alt}
                    width={IMAGE_WIDTH}
                    height={IMAGE_HEIGHT}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : undefined}
                    decoding={index === 0 ? undefined : 'async'}
                    className="absolute inset-0 h-full w-full object-cover object-[72%_50%] lg:object-center"
                  />
                </picture>
                {/* Keeps the headline readable over any picture, on phones too. */}
                <div className="absolute inset-0 bg-gradient-to-t from-brand-900/90 via-brand-900/55 to-brand-900/10 md:bg-gradient-to-r md:from-brand-900/90 md:via-brand-900/55 md:to-transparent" />
                <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-end px-4 pb-20 sm:px-6 md:justify-center md:pb-8 lg:px-8">
                  <div className="max-w-xl text-white">
                    <p className="text-xs font-semibold tracking-[0.2em] text-accent-400 uppercase sm:text-sm">
                      {slide.eyebrow}
                    </p>
                    <Heading className="mt-3 text-3xl leading-tight font-extrabold text-balance sm:text-4xl lg:text-5xl">
                      {slide.headline}
                    </Heading>
                    <p className="mt-4 text-base text-brand-100 sm:text-lg">{slide.text}</p>
                    <Link
                      to="/shop"
                      className="mt-7 inline-flex items-center rounded-md bg-accent-700 px-6 py-3 font-semibold text-white shadow-lg transition-colors hover:bg-accent-600"
                    >
                      Start Shopping
                    </Link>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      <div className="pointer-events-none absolute inset-x-0 bottom-4 mx-auto flex max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <div className="pointer-events-auto flex items-center gap-2">
          <CarouselDots
            count={carousel.snapCount || count}
            selected={carousel.selected}
            onSelect={carousel.goTo}
            labelFor={(index) => `Go to slide ${index + 1}`}
            tone="dark"
          />
          {carousel.autoplayAllowed && (
            <PauseButton
              paused={carousel.paused}
              onToggle={carousel.togglePaused}
              what="slides"
              tone="dark"
            />
          )}
        </div>
        <div className="pointer-events-auto flex gap-2">
          <ArrowButton
            direction="prev"
            label="Previous slide"
            onClick={carousel.prev}
            tone="dark"
          />
          <ArrowButton direction="next" label="Next slide" onClick={carousel.next} tone="dark" />
        </div>
      </div>
    </section>
  );
}
