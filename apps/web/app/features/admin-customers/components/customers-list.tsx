import {
  CUSTOMER_SEARCH_MAX_LENGTH,
  CUSTOMERS_PAGE_SIZE,
  CUSTOMERS_STALE_AFTER_MS,
  customerMatches,
  ERP_MESSAGES,
  type CustomersAnswer,
} from '@labshop/shared/schemas/erp';
import { pageCount } from '@labshop/shared/schemas/paging';
import { RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, failureMessage } from '../../admin/api/http.ts';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { formatTime } from '../../admin/components/format-time.ts';
import { SearchBox } from '../../admin/components/search-box.tsx';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListFilter,
} from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass } from '../../admin/components/styles.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { useCurrentErpSync } from '../../admin-erp-syncs/api/get-current-sync.ts';
import { SyncHistoryLink } from '../../admin-erp-syncs/components/sync-history-link.tsx';
import { customersExportUrl, CUSTOMERS_CSV_NAME } from '../api/export-customers.ts';
import { useCustomers } from '../api/get-customers.ts';
import { customerKeys } from '../api/keys.ts';
import { useRefreshCustomers } from '../api/refresh-customers.ts';
import { CustomerCard } from './customer-card.tsx';
import { PageLinks } from './page-links.tsx';
import { useCustomerOrders } from '../api/get-customer-orders.ts';
import { useCustomerTerms } from '../api/get-customer-terms.ts';
import { ActionFeedbackScope } from '../../admin/components/action-feedback.tsx';
import { CsvExportLink } from '../../admin/components/csv-export-link.tsx';

const SEARCH_DEBOUNCE_MS = 150;
/** The copy's age is told again this often. */
const AGE_TICK_MS = 30_000;

export const CUSTOMERS_MESSAGES = {
  loading: ERP_MESSAGES.customersLoading,
  empty: 'No customers yet.',
  noMatch: (search: string) => `No customers match “${search}”.`,
  refreshFailed: 'The customer list could not be refreshed. Please try again.',
} as const;

const SOURCE_NAMES: Record<CustomersAnswer['source'], string> = {
  'business-central': 'Business Central',
  'built-in': 'the built-in ERP',
};

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

/** How long ago `iso` was, for people: 'just now', '3 minutes ago', '2 days ago'. */
export function formatAge(iso: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** The copy needs a refresh from the ERP: never made, or older than CUSTOMERS_STALE_AFTER_MS. */
export function isStale(answer: CustomersAnswer, now: number): boolean {
  return (
    answer.refreshedAt === null || now - Date.parse(answer.refreshedAt) > CUSTOMERS_STALE_AFTER_MS
  );
}

/** `Date.now()`, again every `tickMs`, so ages on the screen move on. */
function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}

function countText(matching: number, total: number, searching: boolean): string {
  if (!searching) return total === 1 ? '1 customer' : `${total.toLocaleString('en-US')} customers`;
  return `${matching.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} customers match`;
}

/**
 * List of Customers (SPEC.md "Admin screens"): the ERP's customers as cards, searched on any of
 * the ten fields (case-insensitive), 10 per page with at most 5 page links, and Export CSV of
 * every match. The list is the shop's copy of the ERP's (it opens fast and still works while
 * the ERP is down): the screen says how old it is, refreshes it when it is old, and on demand.
 * The search and the page are in the address (?search=&page=).
 */
export function CustomersList() {
  const [searchParams] = useSearchParams();
  const filterList = useListFilter();
  const search = (searchParams.get('search') ?? '').slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
  const requestedPage = pageInAddress(searchParams);
  const queryClient = useQueryClient();
  const customers = useCustomers();
  const refresh = useRefreshCustomers();
  const now = useNow(AGE_TICK_MS);

  // A refresh refused because another one runs (another admin, another tab): wait for that
  // one to end, then show its copy.
  const [othersRefresh, setOthersRefresh] = useState(false);
  const other = useCurrentErpSync('customers', othersRefresh, othersRefresh);
  const otherEnded = othersRefresh && other.isSuccess && !other.isFetching && !other.data.sync;
  const resetRefresh = refresh.reset;
  useEffect(() => {
    if (!otherEnded) return;
    void queryClient.invalidateQueries({ queryKey: customerKeys.list }).then(() => {
      resetRefresh();
      setOthersRefresh(false);
    });
  }, [otherEnded, queryClient, resetRefresh]);
  const startRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setOthersRefresh(true);
      },
    });

  const answer = customers.data;
  const all = useMemo(() => answer?.value ?? [], [answer]);
  const matching = useMemo(() => all.filter((c) => customerMatches(c, search)), [all, search]);
  const pages = pageCount(matching.length, CUSTOMERS_PAGE_SIZE);
  const page = Math.min(requestedPage, pages);
  const shown = matching.slice((page - 1) * CUSTOMERS_PAGE_SIZE, page * CUSTOMERS_PAGE_SIZE);
  const cardEmails = shown.map((customer) => customer.email).filter((email) => email.includes('@'));
  const shopOrders = useCustomerOrders(cardEmails);
  const terms = useCustomerTerms(cardEmails);
  const searching = search.trim() !== '';

  // On opening, a copy that is missing or old is refreshed from the ERP (once per visit).
  const autoRefreshed = useRef(false);
  const refreshIfStale = useEffectEvent((fresh: CustomersAnswer) => {
    if (autoRefreshed.current) return;
    autoRefreshed.current = true;
    if (isStale(fresh, Date.now()) && !refresh.isPending) startRefresh();
  });
  const settled = customers.isSuccess && !customers.isFetching;
  useEffect(() => {
    if (settled && answer) refreshIfStale(answer);
  }, [settled, answer]);

  const refreshing = refresh.isPending || othersRefresh;
  const feedback = refreshFeedback(answer, othersRefresh ? null : refresh.error, refreshing, now);

  return (
    <section aria-labelledby="customers-heading">
      <ScreenHeading
        id="customers-heading"
        title="List of Customers"
        description="Customers from Business Central. Search on any field; export the matches as CSV."
        actions={
          answer && all.length > 0 ? (
            <CsvExportLink href={customersExportUrl(search)} fileName={CUSTOMERS_CSV_NAME} />
          ) : undefined
        }
      />

      {answer && (
        <CopyAge answer={answer} now={now} refreshing={refreshing} onRefresh={startRefresh} />
      )}
      <FeedbackRegions feedback={feedback} className="mt-3" />

      {customers.isPending || (refreshing && all.length === 0) ? (
        <LoadingIndicator label={CUSTOMERS_MESSAGES.loading} />
      ) : customers.isError && !answer ? (
        <LoadError what="The customers" />
      ) : all.length === 0 ? (
        <p className="mt-6 text-slate-600">{CUSTOMERS_MESSAGES.empty}</p>
      ) : (
        <>
          <SearchBox
            label="Search customers"
            placeholder="Search name, address, phone, e-mail..."
            debounceMs={SEARCH_DEBOUNCE_MS}
            maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
            initial={search}
            onSearch={(value) => {
              if (value !== search) filterList({ search: value });
            }}
          />
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {matching.length === 0
              ? CUSTOMERS_MESSAGES.noMatch(search.trim())
              : `${countText(matching.length, all.length, searching)}${pageOfPages(page, pages)}.`}
          </p>
          {shown.length > 0 && (
            // One card's pay-on-account message shows at a time: the latest change's.
            <ActionFeedbackScope>
              <ul
                aria-label="Customers"
                className={`mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${
                  customers.isFetching ? 'opacity-70' : ''
                }`}
              >
                {shown.map((customer, index) => (
                  <li key={`${(page - 1) * CUSTOMERS_PAGE_SIZE + index}:${customer.displayName}`}>
                    <CustomerCard
                      customer={customer}
                      shopOrders={shopOrders.get(customer.email.toLowerCase())}
                      terms={terms.get(customer.email.toLowerCase())}
                    />
                  </li>
                ))}
              </ul>
            </ActionFeedbackScope>
          )}
          {pages > 1 && (
            <PageLinks
              label="Customer pages"
              page={page}
              pages={pages}
              href={(target) => listAddress({ search }, target).toString()}
            />
          )}
        </>
      )}
    </section>
  );
}

/** A failed refresh, from this visit or the last one: the reason, and which copy is shown. */
function refreshFeedback(
  answer: CustomersAnswer | undefined,
  error: Error | null,
  refreshing: boolean,
  now: number,
): Feedback {
  if (refreshing || !answer) return null;
  const showing = answer.refreshedAt
    ? `Showing the copy from ${formatAge(answer.refreshedAt, now)}.`
    : 'There is no copy of the customer list yet.';
  if (error) {
    return {
      kind: 'warning',
      lines: [failureMessage(error, CUSTOMERS_MESSAGES.refreshFailed), showing],
    };
  }
  if (answer.refreshError) {
    return {
      kind: 'warning',
      lines: [
        `The last refresh (${formatAge(answer.refreshError.at, now)}) failed: ${answer.refreshError.message}`,
        showing,
      ],
    };
  }
  return null;
}

/** Where the copy came from and how old it is, with Refresh and the way to the sync ledger. */
function CopyAge({
  answer,
  now,
  refreshing,
  onRefresh,
}: {
  answer: CustomersAnswer;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <p className="min-w-0 flex-[1_1_16rem] text-slate-700">
        {answer.source === 'built-in' ? (
          // Embedded mode: the list is the built-in ERP's own table, never out of date.
          'Live from the built-in ERP (embedded mode)'
        ) : (
          <>
            Copy from {SOURCE_NAMES[answer.source]},{' '}
            {answer.refreshedAt ? (
              <>
                refreshed{' '}
                <time dateTime={answer.refreshedAt} title={formatTime(answer.refreshedAt)}>
                  {formatAge(answer.refreshedAt, now)}
                </time>
              </>
            ) : (
              'not refreshed yet'
            )}
          </>
        )}
        {refreshing ? ' — refreshing now...' : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          className={buttonClass.secondary}
        >
          <RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
        <SyncHistoryLink kind="customers" />
      </div>
    </div>
  );
}
