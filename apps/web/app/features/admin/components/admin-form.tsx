import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { fieldAria, FormField } from '../../../components/form-field.tsx';
import { inputClass } from './styles.ts';

/**
 * An admin form headed by its title, which names it for screen readers (`<id>-heading`). The
 * schema's messages show, not the browser's (noValidate); busy while it is being sent.
 */
export function AdminForm({
  id,
  title,
  busy,
  onSubmit,
  onInput,
  className,
  children,
}: {
  /** useId()'s id: the heading is `<id>-heading`. */
  id: string;
  title: string;
  busy: boolean;
  /** react-hook-form's handleSubmit(...). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  /** Called on every edit, e.g. to clear the last action's message. */
  onInput?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={onInput}
      aria-labelledby={`${id}-heading`}
      aria-busy={busy}
      className={className}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </form>
  );
}

/** What a labelled admin field takes besides its control's own attributes. */
interface AdminFieldProps {
  id: string;
  label: ReactNode;
  /** The schema's message for the field, if any. */
  error?: string;
  hint?: ReactNode;
  note?: string;
  /** The field's box (its label, control, hint and error), e.g. 'sm:col-span-2'. */
  className?: string;
}

/**
 * A labelled text input in the admin look, with its aria, hint and error line. Takes the
 * input's attributes and react-hook-form's register(name) spread in.
 */
export function AdminInputField({
  id,
  label,
  error,
  hint,
  note,
  className,
  ...input
}: AdminFieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  return (
    <FormField
      look="admin"
      id={id}
      label={label}
      error={error}
      hint={hint}
      note={note}
      className={className}
    >
      <input {...input} {...fieldAria(id, error, hint)} className={inputClass} />
    </FormField>
  );
}

/** AdminInputField's multi-line twin. */
export function AdminTextareaField({
  id,
  label,
  error,
  hint,
  note,
  className,
  ...textarea
}: AdminFieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  return (
    <FormField
      look="admin"
      id={id}
      label={label}
      error={error}
      hint={hint}
      note={note}
      className={className}
    >
      <textarea {...textarea} {...fieldAria(id, error, hint)} className={inputClass} />
    </FormField>
  );
}
