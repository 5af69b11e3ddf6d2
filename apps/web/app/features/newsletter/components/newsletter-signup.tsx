import { zodResolver } from '@hookform/resolvers/zod';
import { NEWSLETTER_LIMITS, NewsletterSignupInput } from '@labshop/shared/schemas/newsletter';
import { CircleCheck, MailPlus, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { BotTrapField } from '../../../components/form-field.tsx';
import { signUpForNewsletter } from '../api/signup.ts';
import { NEWSLETTER_SIGNUP_PAGE } from '../signup-fields.ts';

type SignupValues = { displayName: string; email: string; companyFax: string };
type SignupOutput = z.output<typeof NewsletterSignupInput>;

const EMPTY: SignupValues = { displayName: '', email: '', companyFax: '' };

type Outcome = { kind: 'sent' | 'error'; text: string } | null;

/** Inputs on the footer's dark background: white boxes, a light ring on focus. */
const inputClass =
  'block w-full rounded-md border border-white/20 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-accent-400 focus:outline-none focus:ring-2 focus:ring-accent-400/60 aria-[invalid=true]:border-red-400 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-300';
const labelClass = 'mb-1.5 block text-sm font-semibold text-white';
const errorClass = 'mt-1.5 text-sm text-red-200';

/**
 * The footer's newsletter sign-up: an optional name and the e-mail. The server mails a link to
 * confirm (so nobody signs up someone else) and answers the same thanks whether or not the
 * address is already on the list. The hidden companyFax field is the trap for form robots.
 */
export function NewsletterSignup() {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    trigger,
    clearErrors,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SignupValues, unknown, SignupOutput>({
    resolver: zodResolver(NewsletterSignupInput) as unknown as Resolver<
      SignupValues,
      unknown,
      SignupOutput
    >,
    // The footer is on every page and signing up is optional: tabbing through the empty form
    // says nothing. A typed address is checked when the field is left; Subscribe checks all.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });
  const emailField = register('email', {
    onBlur: (event: { target: { value: string } }) => {
      if (event.target.value !== '') void trigger('email');
      else if (!isSubmitted) clearErrors('email');
    },
  });

  const send = async (values: SignupOutput) => {
    setOutcome(null);
    const result = await signUpForNewsletter(values);
    if (result.ok) {
      reset(EMPTY);
      setOutcome({ kind: 'sent', text: result.message });
    } else {
      setOutcome({ kind: 'error', text: result.error });
    }
  };

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;
  const emailError = errors.email?.message;
  const nameError = errors.displayName?.message;
  return (
    <section aria-labelledby={`${id}-heading`} className="border-b border-white/10">
      <div className="mx-auto grid max-w-7xl gap-5 px-4 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-bold text-white">
            Newsletter
          </h2>
          <p className="mt-1 max-w-md text-sm leading-relaxed text-brand-200">
            New machines, parts and offers for dental laboratories, a few times a year. We mail you
            a link to confirm; you can unsubscribe at any time.
          </p>
        </div>
        {/* Posted to its page by the browser itself when the code has not started. */}
        <form
          method="post"
          action={NEWSLETTER_SIGNUP_PAGE}
          noValidate
          onSubmit={(event) => void handleSubmit(send)(event)}
          aria-labelledby={`${id}-heading`}
          aria-busy={isSubmitting}
          className="relative"
        >
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
            <div>
              <label htmlFor={nameId} className={labelClass}>
                Name <span className="font-normal text-brand-200">(optional)</span>
              </label>
              <input
                id={nameId}
                {...register('displayName')}
                type="text"
                autoComplete="name"
                maxLength={NEWSLETTER_LIMITS.displayName}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${nameId}-error` : undefined}
                className={inputClass}
              />
              {nameError && (
                <p id={`${nameId}-error`} className={errorClass}>
                  {nameError}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={emailId} className={labelClass}>
                E-mail
              </label>
              <input
                id={emailId}
                {...emailField}
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={NEWSLETTER_LIMITS.email}
                aria-required
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${emailId}-error` : undefined}
                className={inputClass}
              />
              {emailError && (
                <p id={`${emailId}-error`} className={errorClass}>
                  {emailError}
                </p>
              )}
            </div>
            <button
              type="submit"
              disabled={isSubmitting}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-accent-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-accent-600 disabled:cursor-not-allowed disabled:opacity-70 sm:mt-7"
            >
              <MailPlus className="h-4 w-4" aria-hidden="true" />
              {isSubmitting ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
          <BotTrapField id={`${id}-companyFax`} registration={register('companyFax')} />
          {/* Live regions without the status and alert roles: the footer is on every page, and
              those roles belong to each page's own messages. */}
          <div aria-live="polite" aria-atomic="true">
            {outcome?.kind === 'sent' && (
              <p className="mt-4 flex items-start gap-2 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {outcome.text}
              </p>
            )}
          </div>
          <div aria-live="assertive" aria-atomic="true">
            {outcome?.kind === 'error' && (
              <p className="mt-4 flex items-start gap-2 rounded-md bg-red-50 px-4 py-3 text-sm text-red-900">
                <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {outcome.text}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}
