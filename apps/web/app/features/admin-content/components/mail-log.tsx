import {
  MAIL_KINDS,
  MAIL_LOG_PAGE_SIZE,
  MAIL_LOG_SEARCH_MAX_LENGTH,
  MAIL_STATUSES,
  type MailKind,
  type MailLogEntryDto,
  type MailLogFilter,
  type MailLogMessageDto,
  type MailStatus,
} from '@labshop/shared/schemas/content';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminDialog } from '../../admin/components/admin-dialog.tsx';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListFilter,
  useListPages,
} from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { Pager } from '../../admin/components/pager.tsx';
import { SearchBox } from '../../admin/components/search-box.tsx';
import { inputClass, labelClass } from '../../admin/components/styles.ts';
import { useMailMessage } from '../api/get-mail-message.ts';
import { useMailPage } from '../api/get-mail-page.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import {
  AdminTable,
  ColumnHeading,
  wideCellClass,
  tableCellClass,
} from '../../admin/components/admin-table.tsx';
import { formatTime } from '../../admin/components/format-time.ts';
import { DetailList, type Detail } from '../../admin/components/detail-list.tsx';

const STATUS: Record<MailLogEntryDto['status'], { label: string; tone: BadgeTone }> = {
  kept: { label: 'Kept', tone: 'neutral' },
  queued: { label: 'Queued', tone: 'waiting' },
  sent: { label: 'Sent', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
};

const TRANSPORT: Record<MailLogEntryDto['transport'], string> = {
  database: 'Database',
  smtp: 'SMTP',
};

function StatusBadge({ status }: { status: MailLogEntryDto['status'] }) {
  return <Badge {...STATUS[status]} />;
}

/** The filter in the address (?search=&status=&kind=); an unknown value filters nothing. */
export function mailFilterInAddress(params: URLSearchParams): MailLogFilter {
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAIL_LOG_SEARCH_MAX_LENGTH),
    status: (MAIL_STATUSES as readonly string[]).includes(status) ? (status as MailStatus) : '',
    kind: Object.hasOwn(MAIL_KINDS, kind) ? (kind as MailKind) : '',
  };
}

/**
 * Mail: every e-mail the shop sent or, with no mail server configured, kept for reading here.
 * Searched by recipient or subject and filtered by status and kind, paged; all of it is in the
 * address (?search=&status=&kind=&page=2). A row opens the mail in a dialog.
 */
export function MailLog() {
  const [searchParams] = useSearchParams();
  const filterList = useListFilter();
  const page = pageInAddress(searchParams);
  const filter = mailFilterInAddress(searchParams);
  const filtered = filter.search !== '' || filter.status !== '' || filter.kind !== '';
  const mail = useMailPage(page, filter);
  const [openId, setOpenId] = useState<string | null>(null);

  const total = mail.data?.total ?? 0;
  const addressOfPage = (next: number) => listAddress({ ...filter }, next);
  const { pages, goToPage } = useListPages({
    list: mail,
    total,
    pageSize: MAIL_LOG_PAGE_SIZE,
    page,
    addressOfPage,
  });
  const rows = mail.data?.mails ?? [];
  const refilter = (change: Partial<MailLogFilter>) => {
    const next = { ...filter, ...change };
    if (
      next.search === filter.search &&
      next.status === filter.status &&
      next.kind === filter.kind
    ) {
      return;
    }
    filterList({ ...next });
  };

  return (
    <section aria-labelledby="mail-heading">
      <ScreenHeading
        id="mail-heading"
        title="Mail"
        description="Every e-mail the shop has sent or, without a mail server, kept for reading here. Newest first."
      />

      <MailFilters filter={filter} onChange={refilter} />

      {mail.isPending ? (
        <LoadingIndicator label="Loading mail..." />
      ) : mail.isError && !mail.data ? (
        <LoadError what="The mail" />
      ) : total === 0 ? (
        <p className="mt-6 text-slate-600" aria-live="polite">
          {filtered ? 'No mail matches these filters.' : 'No mail yet.'}
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600" aria-live="polite" data-testid="mail-count">
            {total === 1 ? '1 mail' : `${total.toLocaleString('en-US')} mails`}
            {filtered ? (total === 1 ? ' matches' : ' match') : ''}
            {pageOfPages(page, pages)}. Choose a mail to read it.
          </p>
          <MailTable rows={rows} busy={mail.isFetching} onOpen={setOpenId} />
          {pages > 1 && <Pager label="Mail pages" page={page} pages={pages} onPage={goToPage} />}
        </>
      )}

      <MailDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

/** The search (recipient or subject) and the status and kind filters; each applies at once. */
function MailFilters({
  filter,
  onChange,
}: {
  filter: MailLogFilter;
  onChange: (change: Partial<MailLogFilter>) => void;
}) {
  const id = useId();
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
      <SearchBox
        label="Search mail"
        placeholder="Recipient or subject..."
        maxLength={MAIL_LOG_SEARCH_MAX_LENGTH}
        initial={filter.search}
        onSearch={(search) => onChange({ search })}
      />
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filter.status}
          onChange={(event) => onChange({ status: event.target.value as MailStatus | '' })}
          className={`${inputClass} mt-1`}
        >
          <option value="">Any status</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS[status].label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className={labelClass}>
          Kind
        </label>
        <select
          id={`${id}-kind`}
          value={filter.kind}
          onChange={(event) => onChange({ kind: event.target.value as MailKind | '' })}
          className={`${inputClass} mt-1`}
        >
          <option value="">Any kind</option>
          {Object.entries(MAIL_KINDS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

const td = tableCellClass;
/** Columns shown from tablet width up; on phones the subject cell carries them. */
const wide = wideCellClass;

function MailTable({
  rows,
  busy,
  onOpen,
}: {
  rows: MailLogEntryDto[];
  busy: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <AdminTable
      caption="Mail"
      busy={busy}
      head={
        <>
          <ColumnHeading>Subject</ColumnHeading>
          <ColumnHeading wide>To</ColumnHeading>
          <ColumnHeading wide>Time</ColumnHeading>
          <ColumnHeading>Status</ColumnHeading>
          <ColumnHeading wide>Transport</ColumnHeading>
        </>
      }
    >
      {rows.map((entry) => (
        <tr
          key={entry._id}
          // The whole row opens the mail; the subject is its button for the keyboard.
          onClick={() => onOpen(entry._id)}
          className="cursor-pointer hover:bg-brand-50"
        >
          <th scope="row" className={`${td} min-w-48 font-normal`}>
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(entry._id);
              }}
              className="text-left font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
            >
              {entry.subject || '(no subject)'}
            </button>
            {/* On phones the columns that do not fit are told here. */}
            <span className="mt-1 block text-xs break-all text-slate-600 md:hidden">
              To {entry.to}
            </span>
            <span className="block text-xs text-slate-500 md:hidden">
              {formatTime(entry.sentAt ?? entry.createdAt)} · {TRANSPORT[entry.transport]}
            </span>
          </th>
          <td className={`${td} ${wide} max-w-64 break-all text-slate-900`}>{entry.to}</td>
          <td className={`${td} ${wide} whitespace-nowrap text-slate-600`}>
            <time dateTime={entry.sentAt ?? entry.createdAt}>
              {formatTime(entry.sentAt ?? entry.createdAt)}
            </time>
          </td>
          <td className={td}>
            <StatusBadge status={entry.status} />
          </td>
          <td className={`${td} ${wide} whitespace-nowrap text-slate-600`}>
            {TRANSPORT[entry.transport]}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** One mail in a modal dialog: its headers and its text. The HTML part is never run here. */
function MailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useMailMessage(id);
  return (
    <AdminDialog
      open={id !== null}
      title={message.data ? message.data.subject || '(no subject)' : 'Mail'}
      onClose={onClose}
    >
      {id === null ? null : message.isPending ? (
        <LoadingIndicator label="Loading the mail..." />
      ) : message.isError ? (
        <LoadError what="This mail" />
      ) : (
        <MailContent mail={message.data} />
      )}
    </AdminDialog>
  );
}

export function MailContent({ mail }: { mail: MailLogMessageDto }) {
  const [view, setView] = useState<'text' | 'html'>('text');
  const rows: Detail[] = [
    ['From', mail.from],
    ['To', mail.to],
    ['Created', formatTime(mail.createdAt)],
    ['Sent', mail.sentAt ? formatTime(mail.sentAt) : '—'],
    ['Status', <StatusBadge key="status" status={mail.status} />],
    ['Transport', TRANSPORT[mail.transport]],
  ];
  if (mail.relatedTo) rows.push(['Related to', mail.relatedTo]);
  return (
    <>
      <DetailList rows={rows} className="gap-x-4 gap-y-1" />
      {mail.error && (
        <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-900">
          {mail.error}
        </p>
      )}
      {mail.htmlBody !== null && (
        <div className="mt-4 flex gap-1" role="group" aria-label="Show the mail as">
          {(['text', 'html'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`rounded-md px-3 py-1 text-sm font-semibold ${
                view === option ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {option === 'text' ? 'Text' : 'HTML'}
            </button>
          ))}
        </div>
      )}
      {view === 'html' && mail.htmlBody !== null ? (
        // sandbox="" : no scripts, no forms, no navigation, a unique origin.
        <iframe
          title="The mail as HTML"
          sandbox=""
          srcDoc={mail.htmlBody}
          className="mt-3 h-96 w-full rounded-md border border-slate-200 bg-white"
        />
      ) : (
        <pre className="mt-3 max-h-[50vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-900">
          {mail.textBody}
        </pre>
      )}
    </>
  );
}
