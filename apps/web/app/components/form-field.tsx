import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The storefront forms' text inputs and selects (contact, billing). */
export const formInputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-200';

/**
 * A control's id, invalid state and error link: the error line's id is `<id>-error`, so screen
 * readers read the message with the field.
 */
export function formControlProps(id: string, error: string | undefined, required = true) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
    className: formInputClass,
  } as const;
}

/** A labelled storefront field with its error line under the control. */
export function FormField({
  label,
  hint,
  controlId,
  error,
  children,
}: {
  label: string;
  /** Said after the label in a lighter weight, e.g. '(optional)'. */
  hint?: string;
  controlId: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {hint && <span className="font-normal text-slate-600"> {hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${controlId}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The hidden companyFax trap: out of sight and out of the accessibility tree, skipped by Tab,
 * so only form robots fill it in; the server refuses a filled one.
 */
export function BotTrapField({
  id,
  registration,
}: {
  id: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Company fax</label>
      <input id={id} {...registration} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
