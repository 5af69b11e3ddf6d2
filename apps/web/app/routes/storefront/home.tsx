import { Link } from 'react-router';
import { SITE } from '../../lib/site.ts';
import type { Route } from './+types/home';

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${SITE.name} | Dental laboratory equipment made in the USA` },
    {
      name: 'description',
      content:
        'Alloy grinders, vibrators, polishing lathes and replacement parts for dental laboratories, built in the USA for over 80 years.',
    },
  ];
}

export default function Home() {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">
          80+ years of expertise
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
          Dental laboratory equipment, built to run for decades
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-100">
          Alloy grinders, vibrators, polishing lathes and the replacement parts that keep them
          running, designed and made in the USA.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/shop"
            className="rounded-md bg-accent-700 px-6 py-3 font-semibold text-white shadow hover:bg-accent-600"
          >
            Start Shopping
          </Link>
          <Link
            to="/about-us"
            className="rounded-md border border-white/40 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            Learn More
          </Link>
        </div>
      </div>
    </section>
  );
}
