import { formatDollars } from '@labshop/shared/money';
import {
  QUOTE_LIMITS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTES_PAGE_SIZE,
  type AdminQuotesAnswer,
  type QuoteStatus,
  type QuoteSummary,
} from '@labshop/shared/schemas/quotes';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  AdminTable,
  ColumnHeading,
  tableCellClass,
  wideCellClass,
} from '../../admin/components/admin-table.tsx';
import { formatDay } from '../../admin/components/format-time.ts';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListFilter,
  useListPages,
} from '../../admin/components/list-pages.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { Pager } from '../../admin/components/pager.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { SearchBox } from '../../admin/components/search-box.tsx';
import { useQuotes } from '../api/get-quotes.ts';
import { quoteEditorPath, quotesListState } from '../quotes-list-address.ts';
import { formatCalendarDay, QuoteStatusBadge } from './quote-parts.tsx';

export const QUOTES_LIST_MESSAGES = {
  empty: 'No quotes yet. Labs request them from their cart.',
  noMatch: 'No quotes match.',
} as const;

function readStatus(value: string | null): QuoteStatus | null {
  return QUOTE_STATUSES.find((status) => status === value) ?? null;
}

function countText(total: number, search: string, status: QuoteStatus | null): string {
  const quotes = total === 1 ? '1 quote' : `${total.toLocaleString('en-US')} quotes`;
  const of = status ? ` ${QUOTE_STATUS_LABELS[status].toLowerCase()}` : '';
  if (!search) return `${quotes}${of}`;
  return `${quotes}${of} ${total === 1 ? 'matches' : 'match'} “${search}”`;
}

/**
 * Quotes (issue 37, beyond the spec): the labs' quote requests, newest first, filtered by status
 * (with each status's count) and searched by quote, e-mail, customer or PO number. A quote's
 * number opens its editor. The filter, the search and the page are in the address.
 */
export function QuotesList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterList = useListFilter();
  const search = (searchParams.get('search') ?? '').trim().slice(0, QUOTE_LIMITS.search);
  const status = readStatus(searchParams.get('status'));
  const page = pageInAddress(searchParams);
  const quotes = useQuotes(page, search, status);

  const total = quotes.data?.total ?? 0;
  const { pages, goToPage } = useListPages({
    list: quotes,
    total,
    pageSize: quotes.data?.pageSize ?? QUOTES_PAGE_SIZE,
    page,
    addressOfPage: (next) => listAddress({ search, status }, next),
  });

  return (
    <section aria-labelledby="quotes-heading">
      <ScreenHeading
        id="quotes-heading"
        title="Quotes"
        description="Labs' quote requests, newest first: price them, set freight and a validity date, and send them."
      />
      <SearchBox
        label="Search quotes"
        placeholder="Quote, e-mail, customer or PO number..."
        maxLength={QUOTE_LIMITS.search}
        initial={search}
        onSearch={(value) => {
          if (value !== search) filterList({ search: value, status });
        }}
      />
      <StatusFilter
        status={status}
        counts={quotes.data?.counts}
        onChoose={(option) =>
          setSearchParams(listAddress({ search, status: option }, 1), {
            preventScrollReset: true,
          })
        }
      />

      {quotes.isPending ? (
        <LoadingIndicator label="Loading quotes..." />
      ) : quotes.isError && !quotes.data ? (
        <LoadError what="The quotes" />
      ) : total === 0 ? (
        <p className="mt-6 text-slate-600">
          {search || status ? QUOTES_LIST_MESSAGES.noMatch : QUOTES_LIST_MESSAGES.empty}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {countText(total, search, status)}
            {pageOfPages(page, pages)}.
          </p>
          <QuotesTable rows={quotes.data?.quotes ?? []} busy={quotes.isFetching} />
          {pages > 1 && <Pager label="Quote pages" page={page} pages={pages} onPage={goToPage} />}
        </>
      )}
    </section>
  );
}

function StatusFilter({
  status,
  counts,
  onChoose,
}: {
  status: QuoteStatus | null;
  counts: AdminQuotesAnswer['counts'] | undefined;
  onChoose: (status: QuoteStatus | null) => void;
}) {
  const all = counts ? QUOTE_STATUSES.reduce((sum, option) => sum + counts[option], 0) : null;
  return (
    <div role="group" aria-label="Show quotes of status" className="mt-4 flex flex-wrap gap-1">
      {[null, ...QUOTE_STATUSES].map((option) => {
        const count = option ? counts?.[option] : all;
        return (
          <button
            key={option ?? 'all'}
            type="button"
            aria-pressed={status === option}
            onClick={() => onChoose(option)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
              status === option
                ? 'bg-brand-700 text-white'
                : 'border border-slate-300 bg-white text-slate-700 hover:border-brand-500'
            }`}
          >
            {option ? QUOTE_STATUS_LABELS[option] : 'All'}
            {count !== null && count !== undefined && (
              <>
                {' '}
                <span className={`font-normal ${status === option ? '' : 'text-slate-500'}`}>
                  {count.toLocaleString('en-US')}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

const td = tableCellClass;
/** Columns shown from tablet width up; on phones the quote cell carries them. */
const wide = wideCellClass;

function QuotesTable({ rows, busy }: { rows: QuoteSummary[]; busy: boolean }) {
  const { search } = useLocation();
  const backHere = quotesListState(search);
  return (
    <AdminTable
      caption="Quotes"
      busy={busy}
      head={
        <>
          <ColumnHeading>Quote / requested</ColumnHeading>
          <ColumnHeading wide>Customer</ColumnHeading>
          <ColumnHeading wide>PO number</ColumnHeading>
          <ColumnHeading wide className="text-right">
            Items
          </ColumnHeading>
          <ColumnHeading wide className="text-right">
            Total
          </ColumnHeading>
          <ColumnHeading wide>Valid until</ColumnHeading>
          <ColumnHeading>Status</ColumnHeading>
        </>
      }
    >
      {rows.map((quote) => (
        <tr key={quote.number}>
          <th scope="row" className={`${td} font-normal`}>
            <Link
              to={quoteEditorPath(quote.number)}
              state={backHere}
              className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
            >
              {quote.number}
            </Link>
            <time
              dateTime={quote.requestedAt}
              className="mt-1 block text-xs whitespace-nowrap text-slate-600"
            >
              {formatDay(quote.requestedAt)}
            </time>
            {/* On phones the columns that do not fit are told here. */}
            <span className="mt-1 block text-xs break-words text-slate-700 md:hidden">
              {quote.customerName || quote.email}
              {quote.customerNumber ? ` · ${quote.customerNumber}` : ''}
            </span>
            <span className="block text-xs text-slate-600 md:hidden">
              <span className="font-semibold text-slate-900">{formatDollars(quote.total)}</span>
              {' · '}
              {itemsText(quote.itemCount)}
              {quote.validUntil && <> · valid until {formatCalendarDay(quote.validUntil)}</>}
            </span>
            {quote.poNumber && (
              <span className="block text-xs break-words text-slate-600 md:hidden">
                PO number: {quote.poNumber}
              </span>
            )}
          </th>
          <td className={`${td} ${wide} max-w-72 min-w-44`}>
            <span className="block font-medium break-words text-slate-900">
              {quote.customerName || '—'}
            </span>
            <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">
              {quote.email}
            </span>
            {quote.customerNumber && (
              <span className="block text-xs text-slate-500">{quote.customerNumber}</span>
            )}
          </td>
          <td className={`${td} ${wide} max-w-40 break-words text-slate-700`}>
            {quote.poNumber ?? '—'}
          </td>
          <td className={`${td} ${wide} text-right text-slate-700`}>{quote.itemCount}</td>
          <td className={`${td} ${wide} text-right font-semibold whitespace-nowrap text-slate-900`}>
            {formatDollars(quote.total)}
          </td>
          <td className={`${td} ${wide} whitespace-nowrap text-slate-700`}>
            {quote.validUntil ? (
              <time dateTime={quote.validUntil}>{formatCalendarDay(quote.validUntil)}</time>
            ) : (
              '—'
            )}
          </td>
          <td className={td}>
            <QuoteStatusBadge status={quote.status} />
            {quote.orderNumber && (
              <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
                Order {quote.orderNumber}
              </span>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function itemsText(count: number): string {
  return count === 1 ? '1 item' : `${count.toLocaleString('en-US')} items`;
}
