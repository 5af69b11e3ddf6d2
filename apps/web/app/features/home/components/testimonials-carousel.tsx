import { initialsOf } from '@labshop/shared/text';
import { HOME } from '@labshop/shared/constants';
import type { TestimonialDto } from '@labshop/shared/schemas/content';
import { Quote, Star } from 'lucide-react';
import { ProductImage } from '../../catalog/components/product-image.tsx';
import { ArrowButton, CarouselDots, PauseButton } from './carousel-controls.tsx';
import { SectionHeading } from './section-heading.tsx';
import { useCarousel } from './use-carousel.ts';

/** From lg up a slide is a group of HOME.testimonialsPerSlide cards; below, one card. */
const DESKTOP = '(min-width: 1024px)';

/**
 * The testimonials carousel (SPEC.md "Home page"): groups of three on wide screens, one on
 * phones, moving on every HOME.testimonialsAdvanceMs.
 */
export function TestimonialsCarousel({
  testimonials,
  storageBaseUrl,
}: {
  testimonials: TestimonialDto[];
  storageBaseUrl: string;
}) {
  const [viewportRef, carousel] = useCarousel(
    {
      align: 'start',
      slidesToScroll: 1,
      breakpoints: { [DESKTOP]: { slidesToScroll: HOME.testimonialsPerSlide } },
    },
    HOME.testimonialsAdvanceMs,
  );
  if (testimonials.length === 0) return null;

  return (
    <section
      aria-labelledby="testimonials-heading"
      className="below-fold [--below-fold-height:690px] bg-slate-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="What Dental Labs Say"
          align="center"
        >
          Technicians and lab owners on the machines they work with every day.
        </SectionHeading>
        <div
          className="mt-10"
          role="region"
          aria-roledescription="carousel"
          aria-label="Testimonials"
          {...carousel.holdHandlers}
        >
          <div ref={viewportRef} className="overflow-hidden">
            {/* lg:basis-1/3 matches HOME.testimonialsPerSlide (3). */}
            <ul className="-ml-5 flex touch-pan-y">
              {testimonials.map((testimonial, index) => (
                <li
                  key={testimonial._id}
                  aria-label={`${index + 1} of ${testimonials.length}`}
                  className="min-w-0 flex-[0_0_100%] pl-5 sm:flex-[0_0_50%] lg:flex-[0_0_33.3333%]"
                >
                  <TestimonialCard testimonial={testimonial} storageBaseUrl={storageBaseUrl} />
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-8 flex items-center justify-center gap-3">
            <ArrowButton
              direction="prev"
              label="Previous testimonials"
              onClick={carousel.prev}
              disabled={!carousel.canPrev}
            />
            {/* Phones get one card per page: a count instead of a row of a dozen dots. */}
            <p className="min-w-14 text-center text-sm font-semibold text-slate-600 tabular-nums sm:hidden">
              {carousel.snapCount > 0 && `${carousel.selected + 1} / ${carousel.snapCount}`}
            </p>
            <div data-testid="testimonial-dots" className="hidden sm:block">
              <CarouselDots
                count={carousel.snapCount}
                selected={carousel.selected}
                onSelect={carousel.goTo}
                labelFor={(index) => `Go to testimonials page ${index + 1}`}
              />
            </div>
            {carousel.autoplayAllowed && (
              <PauseButton
                paused={carousel.paused}
                onToggle={carousel.togglePaused}
                what="testimonials"
              />
            )}
            <ArrowButton
              direction="next"
              label="Next testimonials"
              onClick={carousel.next}
              disabled={!carousel.canNext}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({
  testimonial,
  storageBaseUrl,
}: {
  testimonial: TestimonialDto;
  storageBaseUrl: string;
}) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-accent-500">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className="h-5 w-5 fill-current" aria-hidden="true" />
          ))}
        </div>
        <Quote className="h-8 w-8 text-brand-100" aria-hidden="true" />
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
        {testimonial.imageUrl ? (
          <ProductImage
            url={testimonial.imageUrl}
            storageBaseUrl={storageBaseUrl}
            sizes="48px"
            alt=""
            width={48}
            height={48}
            className="h-12 w-12 shrink-0 rounded-full object-cover ring-2 ring-white shadow"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
          >
            {initialsOf(testimonial.name)}
          </span>
        )}
        <span className="min-w-0">
          <span className="block font-semibold text-brand-900">{testimonial.name}</span>
          <span className="block text-sm text-slate-600">{testimonial.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}
