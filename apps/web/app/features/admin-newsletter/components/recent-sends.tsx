import type { NewsletterSendDto } from '@labshop/shared/schemas/newsletter';
import { useId } from 'react';
import {
  AdminTable,
  ColumnHeading,
  wideCellClass,
  tableCellClass,
} from '../../admin/components/admin-table.tsx';
import { formatTime } from '../../admin/components/format-time.ts';
import { SendStatusBadge, sentOfTotal } from './send-progress.tsx';

/** The counts besides 'sent / total' that are not zero: '2 failed, 1 skipped'. */
export function otherCounts(send: NewsletterSendDto): string {
  return [
    send.failed > 0 ? `${send.failed} failed` : '',
    send.skipped > 0 ? `${send.skipped} skipped` : '',
    send.unknown > 0 ? `${send.unknown} unknown` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const td = tableCellClass;
/** Columns shown from tablet width up; on phones the subject cell carries them. */
const wide = wideCellClass;

/**
 * The latest sends, newest first, with their status and counts; a subject shows that send's
 * progress or outcome in the panel above. `live` is the shown send as last polled, fresher than
 * the list's copy of it.
 */
export function RecentSends({
  sends,
  live,
  shownId,
  onShow,
}: {
  sends: NewsletterSendDto[];
  live: NewsletterSendDto | undefined;
  shownId: string | null;
  onShow: (id: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="font-semibold text-brand-900">
        Recent sends
      </h3>
      {sends.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No newsletter has been sent yet.</p>
      ) : (
        <AdminTable
          caption="Recent sends"
          busy={false}
          head={
            <>
              <ColumnHeading>Subject</ColumnHeading>
              <ColumnHeading wide>Queued</ColumnHeading>
              <ColumnHeading>Status</ColumnHeading>
              <ColumnHeading wide>Recipients</ColumnHeading>
            </>
          }
        >
          {sends.map((listed) => {
            const send = live?.id === listed.id ? live : listed;
            const others = otherCounts(send);
            return (
              <tr
                key={send.id}
                data-testid="send-row"
                className={send.id === shownId ? 'bg-brand-50' : undefined}
              >
                <th scope="row" className={`${td} min-w-40 font-normal`}>
                  <button
                    type="button"
                    onClick={() => onShow(send.id)}
                    aria-pressed={send.id === shownId}
                    className="text-left font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
                  >
                    {send.subject}
                  </button>
                  {/* On phones the columns that do not fit are told here. */}
                  <span className="mt-1 block text-xs text-slate-600 md:hidden">
                    {formatTime(send.createdAt)}
                  </span>
                  <span className="block text-xs text-slate-600 md:hidden">
                    {sentOfTotal(send)}
                    {others ? ` · ${others}` : ''}
                  </span>
                </th>
                <td className={`${td} ${wide} whitespace-nowrap text-slate-600`}>
                  <time dateTime={send.createdAt}>{formatTime(send.createdAt)}</time>
                </td>
                <td className={td}>
                  <SendStatusBadge status={send.status} />
                </td>
                <td className={`${td} ${wide} text-slate-700`}>
                  <span className="whitespace-nowrap">{sentOfTotal(send)}</span>
                  {others && <span className="block text-xs text-slate-600">{others}</span>}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}
