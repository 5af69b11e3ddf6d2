import { data, Link } from 'react-router';
import { SITE } from '../../lib/site.ts';
import type { Route } from './+types/not-found';

// A real page that answers 404, so search engines drop the address.
export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Page not found | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-500">404</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-3 text-slate-600">
        The page you were looking for does not exist or has moved. Our products and the home page
        are a click away.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/home"
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Go to the home page
        </Link>
        <Link
          to="/shop"
          className="rounded-md border border-slate-300 px-5 py-2 font-semibold text-brand-700 hover:bg-slate-50"
        >
          Browse products
        </Link>
      </div>
    </section>
  );
}
