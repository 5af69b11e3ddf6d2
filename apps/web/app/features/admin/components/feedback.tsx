import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';

/** A screen's answer to what the admin just did: one or more lines, of one kind. */
export type Feedback = { kind: 'success' | 'warning' | 'error'; lines: string[] } | null;

const STYLES = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CircleCheck },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: TriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert },
} as const;

function Message({ feedback }: { feedback: NonNullable<Feedback> }) {
  const { box, icon: Icon } = STYLES[feedback.kind];
  return (
    <div className={`flex items-start gap-2.5 rounded-md border px-4 py-3 text-sm ${box}`}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 break-words">
        {feedback.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * Both live regions are always in the page, so screen readers announce what appears in them:
 * successes (and partial successes) politely in role="status", failures in role="alert".
 */
export function FeedbackRegions({
  feedback,
  className = '',
}: {
  feedback: Feedback;
  className?: string;
}) {
  const failed = feedback?.kind === 'error';
  return (
    <div className={feedback ? className : undefined}>
      <div role="status">{feedback && !failed && <Message feedback={feedback} />}</div>
      <div role="alert">{feedback && failed && <Message feedback={feedback} />}</div>
    </div>
  );
}
