import type { ReactNode } from 'react';
import { fieldErrorClass, labelClass } from '../../admin/components/styles.ts';

/** The ids a field's input points at with aria-describedby: its error first, then its hint. */
export function fieldAria(id: string, error: string | undefined, hint?: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined,
  } as const;
}

/**
 * A labelled form field: the input (given with fieldAria(id, error, hint)), its hint and its
 * error, which the schema's message fills.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
