import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PauseButton } from './carousel-controls.tsx';
import { useReducedMotion } from './use-reduced-motion.ts';

// Made by scripts/make-home-media.ts.
const VIDEO_SRC = '/home/workshop-loop.webm';
const POSTER_SRC = '/home/workshop-loop-poster.webp';

/**
 * The video banner (SPEC.md "Home page"): a short silent loop behind a headline and a Read More
 * link to /about-us. Nothing of the video loads with the page; it starts when scrolled into view,
 * and not at all for visitors who prefer reduced motion (they see the poster and may press Play).
 */
export function VideoBanner() {
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();
  // The visitor's own choice, once made, wins over the automatic start.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [playing, setPlaying] = useState(false);
  const wantsPlay = choice === null ? !reducedMotion : choice === 'play';

  useEffect(() => {
    const element = video.current;
    if (!element || !wantsPlay) {
      element?.pause();
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          // Browsers may refuse to start (data saver); the poster stays then.
          element.play().catch(() => undefined);
        } else {
          element.pause();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wantsPlay]);

  return (
    <section
      aria-labelledby="video-heading"
      className="relative isolate overflow-hidden bg-brand-900"
    >
      <video
        ref={video}
        className="absolute inset-0 -z-10 h-full w-full object-cover object-[70%_50%]"
        poster={POSTER_SRC}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        width={1280}
        height={720}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={VIDEO_SRC} type="video/webm" />
      </video>
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-brand-900/95 via-brand-900/70 to-brand-900/30 md:bg-gradient-to-r md:from-brand-900/95 md:via-brand-900/70 md:to-transparent" />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-end px-4 py-14 sm:px-6 md:min-h-[30rem] md:justify-center lg:px-8">
        <div className="max-w-xl text-white">
          <p className="text-xs font-semibold tracking-[0.2em] text-accent-400 uppercase sm:text-sm">
            Inside our workshop
          </p>
          <h2 id="video-heading" className="mt-3 text-3xl leading-tight font-extrabold sm:text-4xl">
            Built, balanced and tested before it ever reaches your bench
          </h2>
          <p className="mt-4 text-base text-brand-100 sm:text-lg">
            Every grinder and lathe is run in under load and checked by hand. See how a family
            workshop became a name dental labs have trusted since 1944.
          </p>
          <Link
            to="/about-us"
            className="mt-7 inline-flex items-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-900 shadow-lg transition-colors hover:bg-brand-50"
          >
            Read More<span className="sr-only"> about our workshop</span>
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
      {/* At the content's right edge, as the banner carousel's controls: the window's margin
          beside the content is kept free (the Customer Support tab is there from 1400 px). */}
      <div className="pointer-events-none absolute inset-x-0 bottom-4 mx-auto flex max-w-7xl justify-end px-4 sm:px-6 lg:px-8">
        <div className="pointer-events-auto">
          <PauseButton
            paused={!playing}
            onToggle={() => setChoice(playing ? 'pause' : 'play')}
            what="background video"
            tone="dark"
          />
        </div>
      </div>
    </section>
  );
}
