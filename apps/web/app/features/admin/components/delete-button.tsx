import { Trash2 } from 'lucide-react';
import { buttonClass } from './styles.ts';

/** A list item's small Delete button; `label` says which item ('Delete AG-200'). */
export function DeleteButton({
  label,
  onClick,
  disabled,
  className = '',
}: {
  label: string;
  onClick: () => void;
  /** While that item's delete is on its way. */
  disabled: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`${className} ${buttonClass.dangerSmall}`.trim()}
      aria-label={label}
    >
      <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
      Delete
    </button>
  );
}
