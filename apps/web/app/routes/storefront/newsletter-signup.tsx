import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { data, Link } from 'react-router';
import type { Route } from './+types/newsletter-signup';
import {
  NEWSLETTER_SIGNUP_FIELDS,
  NEWSLETTER_SIGNUP_PAGE,
} from '../../features/newsletter/signup-fields.ts';
import { postFormToApi } from '../../lib/public-form-action.server.ts';
import { SITE } from '../../lib/site.ts';

/**
 * /newsletter/signup: where the footer's sign-up form posts when the page's code has not
 * started. The action makes the same API call as the code; the page says what the server said,
 * with a way back to the page the visitor was on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { answer, status } = await postFormToApi(
    request,
    context,
    '/api/newsletter/signup',
    NEWSLETTER_SIGNUP_FIELDS,
    { sent: NEWSLETTER_MESSAGES.signupThanks, failed: NEWSLETTER_MESSAGES.genericError },
  );
  return data({ ...answer, back: pageBefore(request) }, { status });
}

/** The shop's page the form was on (the Referer, which the shop's pages send), else /home. */
function pageBefore(request: Request): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    if (
      referer.origin === new URL(request.url).origin &&
      referer.pathname !== NEWSLETTER_SIGNUP_PAGE
    ) {
      return referer.pathname + referer.search;
    }
  } catch {
    // No Referer, or not a URL: the home page.
  }
  return '/home';
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Newsletter | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterSignup({ actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  const back = actionData?.back ?? '/home';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      {result?.ok === false ? (
        <CircleAlert className="h-14 w-14 text-red-700" aria-hidden="true" />
      ) : (
        <CircleCheck className="h-14 w-14 text-emerald-700" aria-hidden="true" />
      )}
      <h1 className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">Newsletter</h1>
      <div role="status" className="w-full">
        {result?.ok && (
          <p className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
            {result.message}
          </p>
        )}
      </div>
      <div role="alert" className="w-full">
        {result?.ok === false && (
          <p className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900">
            {result.error}
          </p>
        )}
      </div>
      {!result && (
        <p className="mt-3 text-slate-700">Sign up with the form at the foot of any page.</p>
      )}
      <Link
        to={back}
        className="mt-8 inline-flex items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        Back to the shop
      </Link>
    </section>
  );
}
