import {
  isSendRunning,
  sendProgressPercent,
  type NewsletterSendDto,
  type NewsletterSendStatus,
} from '@labshop/shared/schemas/newsletter';
import { useId } from 'react';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';

const STATUS: Record<NewsletterSendStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'waiting' },
  sending: { label: 'Sending', tone: 'waiting' },
  sent: { label: 'Sent', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
};

export function SendStatusBadge({ status }: { status: NewsletterSendStatus }) {
  return <Badge {...STATUS[status]} />;
}

const count = (value: number) => value.toLocaleString('en-US');

/** 'sent / total', the progress in the words the screen shows: '12 / 50 sent'. */
export function sentOfTotal(send: Pick<NewsletterSendDto, 'sent' | 'total'>): string {
  return `${count(send.sent)} / ${count(send.total)} sent`;
}

/** What a finished send came to, one line per kind of recipient that is not zero. */
export function sendOutcomeLines(send: NewsletterSendDto): string[] {
  const subscribers = send.total === 1 ? 'subscriber' : 'subscribers';
  const lines = [
    send.status === 'failed'
      ? `The newsletter could not be sent to everyone: sent to ${count(send.sent)} of ${count(send.total)} ${subscribers}.`
      : `Sent to ${count(send.sent)} of ${count(send.total)} ${subscribers}.`,
  ];
  if (send.failed > 0) lines.push(`${count(send.failed)} failed.`);
  if (send.skipped > 0) {
    lines.push(`${count(send.skipped)} skipped: unsubscribed after the send was queued.`);
  }
  if (send.unknown > 0) {
    lines.push(
      `${count(send.unknown)} unknown: the server stopped while handing them to the mail server; they are not sent twice.`,
    );
  }
  return lines;
}

/**
 * One send: its subject and status, 'sent / total' with a progress bar while it runs (the
 * screen polls it every second), then what it came to, with the failed addresses and why.
 */
export function SendProgress({ send }: { send: NewsletterSendDto }) {
  const headingId = useId();
  const running = isSendRunning(send);
  const percent = sendProgressPercent(send);
  const handled = send.total - send.remaining;
  const unlisted = send.failed - send.failures.length;
  const problems = send.failed > 0 || send.unknown > 0 || send.status === 'failed';

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-brand-900">
          <span className="sr-only">Newsletter </span>“{send.subject}”
        </h3>
        <SendStatusBadge status={send.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-slate-800" data-testid="send-count">
          {sentOfTotal(send)}
        </span>
        <span className="text-slate-600">
          {running ? `${percent}% handled` : `${count(handled)} of ${count(send.total)} handled`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress of “${send.subject}”`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${sentOfTotal(send)}, ${percent}% handled`}
        className="mt-1.5 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${
            problems ? 'bg-amber-500' : 'bg-brand-600'
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {running && (
        <p className="mt-2 text-xs text-slate-600">
          Sending in batches; you may leave this screen, the send goes on.
        </p>
      )}
      {/* Announced once, when the send ends; the counts while it runs would be too chatty. */}
      <div role="status" className={running ? 'sr-only' : 'mt-3 text-sm'}>
        {!running && (
          <div className={problems ? 'text-amber-900' : 'text-emerald-900'}>
            {sendOutcomeLines(send).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
      </div>
      {send.failures.length > 0 && (
        <div className="mt-3 text-sm">
          <h4 className="font-semibold text-red-800">Failed addresses</h4>
          <ul className="mt-1 divide-y divide-red-100 rounded-md border border-red-200 bg-red-50">
            {send.failures.map((failure) => (
              <li key={failure.email} className="px-3 py-2 break-words text-red-900">
                <span className="font-semibold [overflow-wrap:anywhere]">{failure.email}</span>:{' '}
                {failure.error}
              </li>
            ))}
          </ul>
          {unlisted > 0 && (
            <p className="mt-1 text-xs text-slate-600">
              and {count(unlisted)} more not listed here.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
