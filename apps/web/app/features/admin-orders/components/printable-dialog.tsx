import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { AdminDialog } from '../../admin/components/admin-dialog.tsx';
import { buttonClass } from '../../admin/components/styles.ts';

/** Marks the box around a printable dialog; app.css's print rules look for it. */
export const PRINT_DIALOG_ATTRIBUTE = 'data-print-dialog';

/**
 * An admin modal with a Print button that prints only the modal's content. The dialog is put
 * straight into <body>, in a box marked `data-print-dialog`: while it is open, the print rules in
 * app.css hide every other child of <body> (the admin header, sidebar and list) and the dialog's
 * own buttons, and let its body grow to its full length. It uses `document`, so render it only
 * after a click, never on the server.
 */
export function PrintableDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return createPortal(
    <div {...{ [PRINT_DIALOG_ATTRIBUTE]: '' }}>
      <AdminDialog
        open={open}
        title={title}
        onClose={onClose}
        footer={
          <button type="button" onClick={() => window.print()} className={buttonClass.primary}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print
          </button>
        }
      >
        {children}
      </AdminDialog>
    </div>,
    document.body,
  );
}
