import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { AdminDialog } from './admin-dialog.tsx';
import { buttonClass } from './styles.ts';

/** What a confirm asks: the question (the spec's text where it has one) and the answers. */
export interface ConfirmOptions {
  /** The question, the dialog's name: e.g. 'Are you sure you want to delete this product?' */
  question: string;
  /** What it is about, under the question (which product, how many prices). */
  detail?: ReactNode;
  /** The button that goes ahead: 'Delete', 'Send', ... */
  confirmLabel: string;
  cancelLabel?: string;
  /** A red button for what cannot be undone (deletes); the brand colour otherwise. */
  destructive?: boolean;
}

/** Asks, and answers true when the admin chose the confirm button; Cancel and Escape: false. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

const CONFIRMED = 'confirm';

/**
 * The admin's own confirm, in place of the browser's `window.confirm()`: one alert dialog for
 * the admin shell (AdminDialog: focus kept inside, Escape cancels, focus goes back to the
 * button that asked). Cancel has the focus first, so Enter never deletes by accident.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    // A second question while one is open: the first counts as cancelled.
    answer.current?.(false);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsked(options);
    });
  }, []);

  const close = (returnValue: string) => {
    answer.current?.(returnValue === CONFIRMED);
    answer.current = null;
    setAsked(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AdminDialog
        open={asked !== null}
        role="alertdialog"
        width="md"
        title={asked?.question}
        onClose={close}
        footer={
          asked && (
            <>
              <button type="submit" value="" className={buttonClass.secondary} data-autofocus>
                {asked.cancelLabel ?? 'Cancel'}
              </button>
              <button
                type="submit"
                value={CONFIRMED}
                className={asked.destructive ? buttonClass.danger : buttonClass.primary}
              >
                {asked.confirmLabel}
              </button>
            </>
          )
        }
      >
        {asked?.detail ? <div className="text-sm text-slate-700">{asked.detail}</div> : null}
      </AdminDialog>
    </ConfirmContext.Provider>
  );
}

/** The admin shell's confirm (ConfirmProvider, in the admin layout). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider around the admin screens.');
  return confirm;
}
