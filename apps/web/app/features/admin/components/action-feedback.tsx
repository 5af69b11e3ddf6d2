import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import type { Feedback } from './feedback.tsx';

/**
 * A message belongs to the action that caused it: on a screen with several forms and lists, each
 * one's message shows only until the next action anywhere on the screen (another form sent, a
 * row changed, another send chosen, the shown send finishing). Without a scope around it, each
 * part keeps its own message as before.
 */
interface LatestAction {
  latest: string | null;
  claim(owner: string): void;
}

const LatestActionContext = createContext<LatestAction | null>(null);

export function ActionFeedbackScope({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<string | null>(null);
  const value = useMemo<LatestAction>(() => ({ latest, claim: setLatest }), [latest]);
  return <LatestActionContext.Provider value={value}>{children}</LatestActionContext.Provider>;
}

/** Ends the other parts' messages for an action that has none of its own. */
export function useClaimAction(): () => void {
  const owner = useId();
  const scope = useContext(LatestActionContext);
  return () => scope?.claim(owner);
}

/**
 * A part's message of its last action. `show` makes this part the latest to act (call it with
 * null when an action starts: the other parts' messages go at once); `clear` drops the message,
 * e.g. when the admin edits the form again.
 */
export function useActionFeedback(): {
  feedback: Feedback;
  show(feedback: Feedback): void;
  clear(): void;
} {
  const owner = useId();
  const scope = useContext(LatestActionContext);
  const [feedback, setFeedback] = useState<Feedback>(null);
  return {
    feedback: !scope || scope.latest === owner ? feedback : null,
    show(next) {
      setFeedback(next);
      scope?.claim(owner);
    },
    clear() {
      setFeedback(null);
    },
  };
}
