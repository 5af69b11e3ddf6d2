import { Factory, MapPin, Wrench } from 'lucide-react';

/** The About page's fixed introduction, shown above the editable page text (SPEC.md 2). */
export function AboutIntro() {
  return (
    <div className="rounded-xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-5 py-6 text-white shadow-sm sm:px-8 sm:py-8">
      <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
        80+ years of expertise
      </p>
      <p className="mt-3 text-base leading-relaxed text-brand-50 sm:text-xl">
        We are an American manufacturer of dental laboratory equipment. For more than 80 years our
        family-run plant in Toledo, Ohio has designed, built and tested alloy grinders, vibrators,
        polishing lathes and dust collectors, and kept the parts that keep them running.
      </p>
      <ul className="mt-5 grid gap-3 text-sm font-medium text-brand-100 sm:grid-cols-3">
        <li className="flex items-center gap-2">
          <Factory className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
          Made in the USA since 1944
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
          Toledo, Ohio
        </li>
        <li className="flex items-center gap-2">
          <Wrench className="h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
          Parts and service for every machine
        </li>
      </ul>
    </div>
  );
}
