import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

const WIDTH = { md: 'max-w-md', '3xl': 'max-w-3xl', '4xl': 'max-w-4xl' } as const;

/**
 * An admin modal: the native <dialog> (focus kept inside, Escape closes, focus goes back to
 * where it was on close), a heading, a close button, a body that scrolls on its own, and an
 * optional footer. The footer is a `<form method="dialog">`: a submit button there closes the
 * dialog, and its `value` is what `onClose` receives ('' for Escape, the close button or a click
 * on the backdrop). `onClose` follows every way of closing. On opening, the element marked
 * `data-autofocus` takes the focus, else the first one that can.
 */
export function AdminDialog({
  open,
  title,
  closeLabel = 'Close',
  width = '3xl',
  role = 'dialog',
  onClose,
  footer,
  children,
}: {
  open: boolean;
  title: ReactNode;
  closeLabel?: string;
  width?: keyof typeof WIDTH;
  /** 'alertdialog' for a question that needs an answer before anything else (a confirm). */
  role?: 'dialog' | 'alertdialog';
  onClose: (returnValue: string) => void;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // The last answer stays on the element; Escape and the backdrop set none.
      element.returnValue = '';
      element.showModal();
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={headingId}
      onClose={(event) => onClose(event.currentTarget.returnValue)}
      // A click on the backdrop (the dialog element itself, outside its box) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`m-auto max-h-[90vh] w-[calc(100%-1.5rem)] ${WIDTH[width]} flex-col rounded-lg bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50 open:flex`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <h2 id={headingId} className="min-w-0 text-lg font-bold break-words text-brand-900">
          {title}
        </h2>
        <form method="dialog">
          <button
            type="submit"
            className="-mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100"
            aria-label={closeLabel}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </form>
      </div>
      {children !== undefined && children !== null && (
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
      )}
      {footer && (
        <form
          method="dialog"
          className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-6"
        >
          {footer}
        </form>
      )}
    </dialog>
  );
}
