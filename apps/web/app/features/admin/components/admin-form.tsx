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

/** A field's props split in two: those of its labelled frame, and those of its control. */
function fieldAndControl<Control>({
  id,
  label,
  error,
  hint,
  note,
  className,
  ...control
}: AdminFieldProps & Control) {
  return {
    field: { look: 'admin', id, label, error, hint, note, className } as const,
    control: { ...control, ...fieldAria(id, error, hint), className: inputClass },
  };
}

type ControlProps<Tag extends 'input' | 'textarea'> = Omit<ComponentProps<Tag>, 'id' | 'className'>;

/**
 * A labelled text input in the admin look, with its aria, hint and error line. Takes the
 * input's attributes and react-hook-form's register(name) spread in.
 */
export function AdminInputField(props: AdminFieldProps & ControlProps<'input'>) {
  const { field, control } = fieldAndControl(props);
  return (
    <FormField {...field}>
      <input {...control} />
    </FormField>
  );
}

/** AdminInputField's multi-line twin. */
export function AdminTextareaField(props: AdminFieldProps & ControlProps<'textarea'>) {
  const { field, control } = fieldAndControl(props);
  return (
    <FormField {...field}>
      <textarea {...control} />
    </FormField>
  );
}
