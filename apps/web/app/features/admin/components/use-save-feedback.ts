import { failureLines } from '../api/http.ts';
import { useActionFeedback } from './action-feedback.tsx';
import type { Feedback } from './feedback.tsx';

/** How a failed write is told. */
export interface SaveFailure {
  /** What was being done, for the console: 'Adding the notification' logs '... failed:'. */
  doing: string;
  /** The spec's failure message, followed by the server's reason; or the lines in full. */
  message: string | ((error: unknown) => string[]);
}

/**
 * An admin screen's writes (add, update, delete, send) and the message they leave: `save` drops
 * the last message, runs the write, then shows the feedback it answers (null for none) or, when
 * it throws, the failure, logged to the console. In an ActionFeedbackScope the message is also
 * the screen's latest action; `show` and `clear` set and drop it outside a save.
 */
export function useSaveFeedback() {
  const { feedback, show, clear } = useActionFeedback();
  const save = async (write: () => Promise<Feedback>, failure: SaveFailure): Promise<void> => {
    show(null);
    try {
      show(await write());
    } catch (error) {
      console.error(`${failure.doing} failed:`, error);
      const lines =
        typeof failure.message === 'string'
          ? failureLines(error, failure.message)
          : failure.message(error);
      show({ kind: 'error', lines });
    }
  };
  return { feedback, show, clear, save };
}
