import { useState } from 'react';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import type { Feedback } from '../../admin/components/feedback.tsx';
import { failureLines } from './failure-lines.ts';

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
  const [feedback, setFeedback] = useState<Feedback>(null);
  const confirm = useConfirm();
  const deleteItem = async (item: T) => {
    const confirmed = await confirm({
      question: messages.deleteConfirm,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    setFeedback(null);
    try {
      await remove(item);
      setFeedback({ kind: 'success', lines: [messages.deleted] });
    } catch (error) {
      console.error(`Deleting ${what} failed:`, error);
      setFeedback({ kind: 'error', lines: failureLines(error, messages.notDeleted) });
    }
  };
  return { feedback, deleteItem };
}
