import type { QuickOrderAnswer } from '@labshop/shared/quick-order';
import { useEffect, useState } from 'react';
import { postQuickOrder } from './api/quick-order.ts';
import type { QuickOrderPosted } from './quick-order-form-fields.ts';

/** How long typing pauses before the lines are checked: one request per pause, not per key. */
export const RESOLVE_DELAY_MS = 250;

export interface QuickOrderResults {
  answer: QuickOrderAnswer | null;
  error: string | null;
  /** A newer text is being checked; what is shown is the last answer. */
  checking: boolean;
}

/** The last text that was checked, and what the check said. */
interface Resolved {
  text: string;
  answer: QuickOrderAnswer | null;
  error: string | null;
}

/**
 * The lines of `text` as POST /api/quick-order resolves them, asked for once typing pauses; an
 * older request still on its way is dropped. `posted`, the action's answer the page was shown
 * with, stands until the text changes.
 */
export function useQuickOrderResults(
  text: string,
  posted: QuickOrderPosted | null,
): QuickOrderResults {
  const [resolved, setResolved] = useState<Resolved>(() => ({
    text: posted?.text ?? '',
    answer: posted?.answer ?? null,
    error: posted?.error ?? null,
  }));
  const blank = text.trim() === '';
  useEffect(() => {
    if (blank || text === resolved.text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      postQuickOrder((path, init) => fetch(path, init), text, controller.signal).then(
        (result) => setResolved({ text, answer: result.answer, error: result.error }),
        () => {}, // aborted: the visitor typed on, and the newer text's request answers
      );
    }, RESOLVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [blank, text, resolved.text]);
  // Blank text has nothing to show, except what the action said of it (an empty form).
  if (blank && text !== resolved.text) return { answer: null, error: null, checking: false };
  return {
    answer: resolved.answer,
    error: resolved.error,
    checking: text !== resolved.text,
  };
}
