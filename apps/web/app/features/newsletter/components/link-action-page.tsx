import { CircleAlert, CircleCheck, MailCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { LinkActionResult } from '../api/link-actions.ts';

/**
 * The page a newsletter mail's link opens: what the link does and for which address, and a
 * button that does it. Acting only on the click (a POST), never on opening, keeps mail
 * scanners that open every link from unsubscribing or confirming anyone.
 */
export function LinkActionPage({
  title,
  intro,
  fields,
  buttonLabel,
  busyLabel,
  result,
  refusal,
}: {
  title: string;
  /** What the button will do, for whom. */
  intro: ReactNode;
  /** The link's values, posted back with the button. */
  fields: Record<string, string>;
  buttonLabel: string;
  busyLabel: string;
  /** The action's answer, once the button was pressed. */
  result: LinkActionResult | undefined;
  /** Known before any click: the link cannot work (incomplete, expired). */
  refusal?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const done = result?.ok === true;
  const failure = refusal ?? (result && !result.ok ? result.message : null);
  // A refused link stays refused; only an unexpected failure is worth another press.
  const canPress = !done && !refusal && !(result?.ok === false && result.reason !== 'error');

  let Icon: LucideIcon = MailCheck;
  if (done) Icon = CircleCheck;
  else if (failure) Icon = CircleAlert;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <Icon
        className={`h-14 w-14 ${done ? 'text-emerald-700' : failure ? 'text-red-700' : 'text-brand-600'}`}
        aria-hidden="true"
      />
      <h1 className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      {!done && !refusal && <div className="mt-3 text-slate-700">{intro}</div>}

      <div role="status" className="w-full">
        {done && (
          <p className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
            {result.message}
          </p>
        )}
      </div>
      <div role="alert" className="w-full">
        {failure && (
          <p className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900">
            {failure}
          </p>
        )}
      </div>

      {canPress && (
        <Form method="post" className="mt-8">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {busy ? busyLabel : buttonLabel}
          </button>
        </Form>
      )}

      <Link
        to="/home"
        className="mt-8 font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Go to the home page
      </Link>
    </section>
  );
}

/** The address a link is for, shown as it is. */
export function Address({ email }: { email: string }) {
  return <strong className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</strong>;
}
