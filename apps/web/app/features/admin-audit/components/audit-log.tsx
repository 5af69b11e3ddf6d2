import {
  AUDIT_ENTITY_TYPES,
  AUDIT_MESSAGES,
  auditFieldChanges,
  type AuditEntry,
} from '@labshop/shared/schemas/audit';
import { formatDollars } from '@labshop/shared/money';
import { Filter, X } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../admin/api/http.ts';
import {
  AdminTable,
  ColumnHeading,
  wideCellClass,
  tableCellClass,
} from '../../admin/components/admin-table.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListFilter,
  useListPages,
} from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { Pager } from '../../admin/components/pager.tsx';
import { buttonClass, inputClass, labelClass } from '../../admin/components/styles.ts';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { AUDIT_LOG_CSV_NAME, auditLogExportUrl } from '../api/export-audit-log.ts';
import {
  AUDIT_FILTER_NAMES,
  AUDIT_LOG_PAGE_SIZE,
  useAuditLog,
  type AuditFilters,
} from '../api/get-audit-log.ts';
import { CsvExportLink } from '../../admin/components/csv-export-link.tsx';

/** What each action means, in words; an action not listed is shown as it is. */
const ACTION_LABELS: Record<string, string> = {
  'product.create': 'Product created',
  'product.update': 'Product updated',
  'product.delete': 'Product deleted',
  'product.price-sync': 'Prices synced from the ERP',
  'prices.sync': 'Price sync run',
  'category.create': 'Category created',
  'category.delete': 'Category deleted',
  'text-page.update': 'Text page saved',
  'testimonial.create': 'Testimonial added',
  'testimonial.delete': 'Testimonial deleted',
  'gallery-image.create': 'Picture added',
  'gallery-image.delete': 'Picture deleted',
  'notification.create': 'Notification added',
  'notification.delete': 'Notification deleted',
  'contact-data.update': 'Contact data changed',
  'subscriber.add': 'Subscriber added',
  'subscriber.unsubscribe': 'Subscriber unsubscribed',
  'subscriber.subscribe': 'Subscriber subscribed again',
  'newsletter.send': 'Newsletter sent',
  'customers.refresh': 'Customer list refreshed',
  'customers.export': 'customers.csv exported',
  'subscribers.export': 'subscribers.csv exported',
  'orders.export': 'orders_history.csv exported',
  'order.retry-sync': 'Order sync retried',
  'order.mark-shipped': 'Order marked shipped',
  'order.mark-invoiced': 'Order marked invoiced',
  'quote.update': 'Quote changed',
  'quote.send': 'Quote sent',
  'customer.payment-terms': 'Pay on account changed',
  'freight.update': 'Freight table changed',
  'audit-log.export': 'audit_log.csv exported',
};

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

const formatAt = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** A value of a changed field as text: prices in dollars, text as it is, the rest as JSON. */
function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /price/i.test(field)) return formatDollars(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Values longer than this are cut, the whole shown on request. */
const SHORT_VALUE = 160;

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value.slice(0, 200);
  }
  return filters;
}

function countText(total: number, filtered: boolean): string {
  const entries = total === 1 ? '1 entry' : `${total.toLocaleString('en-US')} entries`;
  return filtered ? `${entries} ${total === 1 ? 'matches' : 'match'} the filters` : entries;
}

/**
 * The audit log (issue 10 point 7; beyond the spec): every admin change, newest first, with who
 * made it, when, what it was about and each changed field's value before and after. Filters
 * and the page are in the address; Export CSV downloads every matching entry. Read-only: the
 * log cannot be changed from here or anywhere else.
 */
export function AuditLog() {
  const [searchParams] = useSearchParams();
  const filterList = useListFilter();
  const filters = filtersOf(searchParams);
  const filtered = Object.keys(filters).length > 0;
  const page = pageInAddress(searchParams);
  const log = useAuditLog(page, filters);

  const total = log.data?.total ?? 0;
  const addressOfPage = (next: number) => listAddress({ ...filters }, next);
  const { pages, goToPage } = useListPages({
    list: log,
    total,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    page,
    addressOfPage,
  });

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const name of AUDIT_FILTER_NAMES) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) next[name] = value.trim();
    }
    filterList({ ...next });
  };

  return (
    <section aria-labelledby="audit-heading">
      <ScreenHeading
        id="audit-heading"
        title="Audit Log"
        description="Every change made in the admin, newest first: who, when, what, and the values before and after."
        actions={
          total > 0 ? (
            <CsvExportLink href={auditLogExportUrl(filters)} fileName={AUDIT_LOG_CSV_NAME} />
          ) : undefined
        }
      />
      {/* Keyed by the address, so going back in history shows that search's filters. */}
      <FilterForm key={searchParams.toString()} filters={filters} onSubmit={applyFilters} />

      {log.isPending ? (
        <LoadingIndicator label="Loading the audit log..." />
      ) : log.isError && !log.data ? (
        <FeedbackRegions
          feedback={{
            kind: 'error',
            lines: [failureMessage(log.error, AUDIT_MESSAGES.loadFailed)],
          }}
          className="mt-6"
        />
      ) : total === 0 ? (
        <p className="mt-6 text-slate-600">{AUDIT_MESSAGES.empty}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {countText(total, filtered)}
            {pageOfPages(page, pages)}.
          </p>
          <AuditTable entries={log.data?.entries ?? []} busy={log.isFetching} />
          {pages > 1 && (
            <Pager label="Audit log pages" page={page} pages={pages} onPage={goToPage} />
          )}
        </>
      )}
    </section>
  );
}

function FilterForm({
  filters,
  onSubmit,
}: {
  filters: AuditFilters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const id = useId();
  const [, setSearchParams] = useSearchParams();
  const field = (name: keyof AuditFilters, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={filters[name] ?? ''}
        maxLength={200}
        className={`${inputClass} mt-1`}
        {...props}
      />
    </div>
  );
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={onSubmit}
      className="mt-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      {field('actor', 'Who (e-mail)', { type: 'search', placeholder: 'admin@...' })}
      <div>
        <label htmlFor={`${id}-entityType`} className={labelClass}>
          About
        </label>
        <select
          id={`${id}-entityType`}
          name="entityType"
          defaultValue={filters.entityType ?? ''}
          className={`${inputClass} mt-1`}
        >
          <option value="">Everything</option>
          {AUDIT_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      {field('action', 'Action', { type: 'search', placeholder: 'product.update or product.' })}
      {field('entityId', 'Number, id or name', { type: 'search', placeholder: 'AG-210' })}
      {field('from', 'From (UTC)', { type: 'date' })}
      {field('to', 'To (UTC)', { type: 'date' })}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClass.primary}>
          <Filter className="h-4 w-4" aria-hidden="true" />
          Apply filters
        </button>
        {Object.keys(filters).length > 0 && (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setSearchParams('', { replace: true, preventScrollReset: true })}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Clear
          </button>
        )}
      </div>
    </form>
  );
}

const td = tableCellClass;
/** Shown from tablet width up; on phones the first cell carries it. */
const wide = wideCellClass;
/** The changes get a column of their own from 640 px; on phones they follow in the first cell. */
const notPhone = 'hidden sm:table-cell';

function AuditTable({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <AdminTable
      caption="Audit log"
      busy={busy}
      head={
        <>
          <ColumnHeading>When / who</ColumnHeading>
          <ColumnHeading wide>What</ColumnHeading>
          <ColumnHeading className={notPhone}>Before → after</ColumnHeading>
        </>
      }
    >
      {entries.map((entry) => (
        <AuditRow key={entry.id} entry={entry} />
      ))}
    </AdminTable>
  );
}

function What({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block font-semibold text-brand-900">
        {ACTION_LABELS[entry.action] ?? entry.action}
      </span>
      <span className="block font-mono text-xs text-slate-600">{entry.action}</span>
      {entry.entityId && (
        <span className="block text-xs [overflow-wrap:anywhere] text-slate-700">
          {entry.entityType} <span className="font-semibold">{entry.entityId}</span>
        </span>
      )}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr data-audit-entry={entry.id}>
      <th scope="row" className={`${td} font-normal sm:min-w-40 md:w-56`}>
        <time dateTime={entry.at} className="block text-xs whitespace-nowrap text-slate-600">
          {formatAt(entry.at)}
        </time>
        <span className="mt-1 block text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
          {entry.actor.email ?? entry.actor.subject}
        </span>
        {entry.ip && <span className="block text-xs text-slate-500">from {entry.ip}</span>}
        <span className="mt-2 block md:hidden">
          <What entry={entry} />
        </span>
        <div className="mt-2 sm:hidden">
          <Changes entry={entry} />
        </div>
      </th>
      <td className={`${td} ${wide} w-60`}>
        <What entry={entry} />
      </td>
      <td className={`${td} ${notPhone} min-w-56`}>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

/** Each changed field: its name, the value before (struck out) and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditFieldChanges(entry);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul aria-label={`Changes of entry ${entry.id}`} className="space-y-1.5">
      {changes.map((change) => (
        <li key={change.field} className="text-xs leading-5">
          <span className="font-mono font-semibold text-slate-700">{change.field}</span>{' '}
          {entry.before !== null && (
            <>
              <del className="rounded bg-red-50 px-1 text-red-900 decoration-red-400">
                <span className="sr-only">before: </span>
                <Value field={change.field} value={change.before} />
              </del>{' '}
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>{' '}
            </>
          )}
          {entry.after !== null && (
            <ins className="rounded bg-emerald-50 px-1 text-emerald-900 no-underline">
              <span className="sr-only">after: </span>
              <Value field={change.field} value={change.after} />
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}

function Value({ field, value }: { field: string; value: unknown }) {
  const text = shownValue(field, value);
  if (text.length <= SHORT_VALUE) return <span className="[overflow-wrap:anywhere]">{text}</span>;
  return (
    <details className="inline">
      <summary className="inline cursor-pointer [overflow-wrap:anywhere]">
        {text.slice(0, SHORT_VALUE)}… <span className="font-semibold">show all</span>
      </summary>
      <span className="mt-1 block [overflow-wrap:anywhere] whitespace-pre-wrap">{text}</span>
    </details>
  );
}
