import type { LucideIcon } from 'lucide-react';
import { buttonClass } from './styles.ts';

/** An admin form's submit button: disabled and relabelled while the form is being sent. */
export function FormSubmitButton({
  icon: Icon,
  label,
  busyLabel,
  busy,
  className = '',
}: {
  icon: LucideIcon;
  label: string;
  /** 'Adding...', 'Saving...' */
  busyLabel: string;
  busy: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      // Keeps the focus where it is until the click: leaving a field on mousedown would show
      // its error, move this button down and make the click miss it.
      onMouseDown={(event) => event.preventDefault()}
      disabled={busy}
      className={`${className} ${buttonClass.primary}`.trim()}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {busy ? busyLabel : label}
    </button>
  );
}
