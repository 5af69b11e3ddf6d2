import { isSendRunning } from '@labshop/shared/schemas/newsletter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { panelClass } from '../../admin/components/styles.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { newsletterKeys } from '../api/keys.ts';
import { useSend, useSends } from '../api/sends.ts';
import { ActionFeedbackScope, useClaimAction } from '../../admin/components/action-feedback.tsx';
import { RecentSends } from './recent-sends.tsx';
import { SendForm } from './send-form.tsx';
import { SendProgress } from './send-progress.tsx';
import { AddSubscriberForm, UnsubscribeForm } from './subscriber-forms.tsx';
import { SubscribersSection } from './subscribers-table.tsx';

/**
 * Newsletter (SPEC.md "Admin screens"): the send form with the send's progress and the recent
 * sends, the unsubscribe and add-subscriber forms, and the subscribers table. Each message
 * belongs to the action that caused it: the next action on the screen ends it.
 */
export function NewsletterScreen() {
  return (
    <ActionFeedbackScope>
      <section aria-labelledby="newsletter-heading">
        <ScreenHeading
          id="newsletter-heading"
          title="Newsletter"
          description="Send a newsletter to every subscribed address, and manage the subscribers."
        />
        <SendPanel />
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <UnsubscribeForm />
          <AddSubscriberForm />
        </div>
        <SubscribersSection />
      </section>
    </ActionFeedbackScope>
  );
}

/**
 * The send form, then the progress of the send shown: the one just queued, one chosen from the
 * recent sends, or, on opening, one that is still running (after a reload, or another admin's).
 */
function SendPanel() {
  const queryClient = useQueryClient();
  const sends = useSends();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Choosing a send to show, and the shown send ending, end the other messages: the progress
  // panel then says what happened.
  const claim = useClaimAction();
  const runningId = sends.data?.newsletters.find(isSendRunning)?.id ?? null;
  // A running send found in the list stays shown after it ends, with its outcome.
  if (chosenId === null && runningId !== null) setChosenId(runningId);
  const shown = useSend(chosenId);

  // When the shown send ends, the list reads its final counts.
  const running = shown.data ? isSendRunning(shown.data) : false;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.sendList });
      claim();
    }
    wasRunning.current = running;
    // claim is made anew each render; only the send's running state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, queryClient]);

  return (
    <div className={`mt-6 ${panelClass}`}>
      <SendForm onQueued={setChosenId} />
      {shown.data ? (
        <SendProgress send={shown.data} />
      ) : chosenId !== null && shown.isPending ? (
        <LoadingIndicator label="Loading the send..." />
      ) : chosenId !== null && shown.isError ? (
        <LoadError what="This send" />
      ) : null}
      {sends.isPending ? (
        <LoadingIndicator label="Loading the recent sends..." />
      ) : sends.isError ? (
        <LoadError what="The recent sends" />
      ) : (
        <RecentSends
          sends={sends.data.newsletters}
          live={shown.data}
          shownId={chosenId}
          onShow={(id) => {
            claim();
            setChosenId(id);
          }}
        />
      )}
    </div>
  );
}
