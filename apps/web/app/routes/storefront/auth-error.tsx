import { loginErrorMessage } from '@labshop/shared/auth';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/auth-error';
import { SITE } from '../../lib/site.ts';

/** Where a login that could not complete lands (AUTH_ERROR_PATH), with ?reason=. */
export function loader({ request }: Route.LoaderArgs) {
  return { message: loginErrorMessage(new URL(request.url).searchParams.get('reason')) };
}

export function meta() {
  return [{ title: `Login failed | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AuthError({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <TriangleAlert className="h-14 w-14 text-accent-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Login failed</h1>
      <p role="alert" className="mt-3 text-lg font-semibold text-red-800">
        {loaderData.message}
      </p>
      <p className="mt-2 text-slate-600">
        Your sign-in could not be completed. Start it again; if it keeps failing, call us and we
        will help.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href="/auth/login"
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </a>
        <Link
          to="/home"
          className="rounded-md border border-slate-300 px-5 py-2 font-semibold text-brand-700 hover:bg-slate-50"
        >
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
