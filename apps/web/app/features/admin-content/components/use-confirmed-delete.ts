import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';

export interface DeleteMessages {
  deleteConfirm: string;
  deleted: string;
  notDeleted: string;
}

/**
 * A list screen's Delete: the spec's confirm (the admin's confirm dialog), then its success or failure message. The list
 * itself updates through the mutation's cache update.
 */
export function useConfirmedDelete<T>(
  remove: (item: T) => Promise<unknown>,
  messages: DeleteMessages,
  what: string,
) {
  const { feedback, save } = useSaveFeedback();
  const confirm = useConfirm();
  const deleteItem = async (item: T) => {
    const confirmed = await confirm({
      question: messages.deleteConfirm,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    await save(
      async () => {
        await remove(item);
        return { kind: 'success', lines: [messages.deleted] };
      },
      { doing: `Deleting ${what}`, message: messages.notDeleted },
    );
  };
  return { feedback, deleteItem };
}
