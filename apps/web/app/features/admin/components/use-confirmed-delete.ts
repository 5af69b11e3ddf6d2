import { useConfirm } from './confirm-dialog.tsx';
import { useSaveFeedback } from './use-save-feedback.ts';

/** What a list's Delete says, for every item alike or for the item at hand. */
export interface DeleteMessages<T> {
  /** The confirm dialog's question. */
  deleteConfirm: string;
  /** A line under the question naming the item ('AG-200 Alloy grinder'). */
  detail?: (item: T) => string;
  deleted: string | ((item: T) => string);
  /** The spec's failure message, followed by the server's reason; or the lines in full. */
  notDeleted: string | ((item: T, error: unknown) => string[]);
}

/**
 * A list screen's Delete: the spec's confirm (the admin's confirm dialog), then its success or
 * failure message. The list itself updates through the mutation's cache update. `what` says
 * what is being deleted, for the console ('the picture').
 */
export function useConfirmedDelete<T>(
  remove: (item: T) => Promise<unknown>,
  messages: DeleteMessages<T>,
  what: string,
) {
  const { feedback, save } = useSaveFeedback();
  const confirm = useConfirm();
  const deleteItem = async (item: T) => {
    const confirmed = await confirm({
      question: messages.deleteConfirm,
      detail: messages.detail?.(item),
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    const { deleted, notDeleted } = messages;
    await save(
      async () => {
        await remove(item);
        return { kind: 'success', lines: [typeof deleted === 'string' ? deleted : deleted(item)] };
      },
      {
        doing: `Deleting ${what}`,
        message: typeof notDeleted === 'string' ? notDeleted : (error) => notDeleted(item, error),
      },
    );
  };
  return { feedback, deleteItem };
}
