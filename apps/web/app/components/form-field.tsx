import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The storefront forms' text inputs and selects (contact, billing). */
export const formInputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-200';

/**
 * A field's two looks: the storefront's larger forms, and the admin shell's denser ones (whose
 * label and error classes its other controls use too).
 */
export const fieldLooks = {
  storefront: {
    label: 'mb-1.5 block text-sm font-semibold text-slate-800',
    control: undefined,
    error: 'mt-1.5 text-sm text-red-700',
  },
  admin: {
    label: 'block text-sm font-semibold text-slate-700',
    control: 'mt-1.5',
    error: 'mt-1 text-sm text-red-700',
  },
} as const;

export type FieldLook = keyof typeof fieldLooks;

/**
 * A control's id, invalid state and what it is described by: its error line (`<id>-error`)
 * first, then its hint (`<id>-hint`), so screen readers read them with the field.
 */
export function fieldAria(id: string, error: string | undefined, hint?: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** A storefront control's fieldAria, required state and input class. */
export function formControlProps(id: string, error: string | undefined, required = true) {
  return {
    ...fieldAria(id, error),
    'aria-required': required || undefined,
    className: formInputClass,
  } as const;
}

/** A field's error line, `<id>-error`, which the control's aria-describedby points at. */
export function FieldErrorLine({
  id,
  error,
  look,
}: {
  id: string;
  error: string | undefined;
  look: FieldLook;
}) {
  return error ? (
    <p id={`${id}-error`} className={fieldLooks[look].error}>
      {error}
    </p>
  ) : null;
}

/**
 * A labelled form field: the control (given with fieldAria(id, error, hint)), its hint under it
 * and its error line, which the schema's message fills.
 */
export function FormField({
  id,
  look,
  label,
  note,
  hint,
  error,
  className,
  children,
}: {
  /** The control's id. */
  id: string;
  look: FieldLook;
  label: ReactNode;
  /** Said after the label in a lighter weight, e.g. '(optional)'. */
  note?: string;
  /** A line under the control, `<id>-hint`. */
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = fieldLooks[look];
  return (
    <div className={className}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {note && <span className="font-normal text-slate-600"> {note}</span>}
      </label>
      {classes.control ? <div className={classes.control}>{children}</div> : children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldErrorLine id={id} error={error} look={look} />
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
