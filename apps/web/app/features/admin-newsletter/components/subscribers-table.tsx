import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  SUBSCRIBERS_DEFAULT_LIMIT,
  type SubscriberDto,
} from '@labshop/shared/schemas/newsletter';
import { UserCheck, UserMinus } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../admin/components/badge.tsx';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import {
  listAddress,
  pageInAddress,
  pageOfPages,
  useListPages,
} from '../../admin/components/list-pages.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { Pager } from '../../admin/components/pager.tsx';
import { SearchBox } from '../../admin/components/search-box.tsx';
import { buttonClass } from '../../admin/components/styles.ts';
import {
  AdminTable,
  ColumnHeading,
  wideCellClass,
  tableCellClass,
} from '../../admin/components/admin-table.tsx';
import { failureLines } from '../../admin/api/http.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { useChangeSubscription, type SubscriptionChange } from '../api/change-subscriber.ts';
import { subscribersExportUrl, SUBSCRIBERS_CSV_NAME } from '../api/export-subscribers.ts';
import { useSubscribers } from '../api/get-subscribers.ts';
import { CsvExportLink } from '../../admin/components/csv-export-link.tsx';

const SEARCH_DEBOUNCE_MS = 300;

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => date.format(new Date(iso));

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The count line, saying what each number counts (the dashboard's is the subscribed one):
 * '33 addresses (26 subscribed, 7 unsubscribed), page 1 of 4.' or
 * '2 addresses match “lab” (2 subscribed, 0 unsubscribed).'
 */
export function subscriberCountText(
  total: number,
  subscribed: number,
  search: string,
  page: number,
  pages: number,
) {
  const addresses = total === 1 ? '1 address' : `${count(total)} addresses`;
  const matching = search ? ` ${total === 1 ? 'matches' : 'match'} “${search}”` : '';
  const split = `(${count(subscribed)} subscribed, ${count(total - subscribed)} unsubscribed)`;
  return `${addresses}${matching} ${split}${pageOfPages(page, pages)}.`;
}

/** What the admin's Unsubscribe or Subscribe on a row came to (SPEC.md section 8). */
function changeFeedback(change: SubscriptionChange, error: unknown): NonNullable<Feedback> {
  if (error === null) {
    return {
      kind: 'success',
      lines: [
        change.action === 'unsubscribe'
          ? NEWSLETTER_MESSAGES.unsubscribed(change.email)
          : NEWSLETTER_MESSAGES.subscribed(change.email),
      ],
    };
  }
  const message =
    change.action === 'unsubscribe'
      ? NEWSLETTER_MESSAGES.unsubscribeFailed(change.email)
      : NEWSLETTER_MESSAGES.subscribeFailed(change.email);
  return { kind: 'error', lines: failureLines(error, message) };
}

/**
 * The subscribers (SPEC.md "Newsletter"): searched on the server by name or e-mail, 10 a page,
 * newest first, with Unsubscribe or Subscribe on each row (the row changes in place), and Export
 * CSV of every match. The search and the page are in the address (?search=&page=).
 */
export function SubscribersSection() {
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim().slice(0, NEWSLETTER_LIMITS.search);
  const page = pageInAddress(searchParams);
  const subscribers = useSubscribers({ search, page, limit: SUBSCRIBERS_DEFAULT_LIMIT });
  const change = useChangeSubscription();
  const { feedback, save } = useSaveFeedback();

  const total = subscribers.data?.total ?? 0;
  const { pages } = useListPages({
    list: subscribers,
    total,
    pageSize: SUBSCRIBERS_DEFAULT_LIMIT,
    page,
    addressOfPage: (next) => listAddress({ search }, next),
  });
  const rows = subscribers.data?.subscribers ?? [];

  const setQuery = (next: { search?: string; page?: number }) => {
    // A new search replaces the history entry (one per pause in typing); a page adds one.
    setSearchParams(listAddress({ search: next.search ?? search }, next.page ?? 1), {
      replace: next.page === undefined,
      preventScrollReset: true,
    });
  };

  const toggle = async (subscriber: SubscriberDto) => {
    const request: SubscriptionChange = {
      action: subscriber.subscribed ? 'unsubscribe' : 'subscribe',
      email: subscriber.email,
    };
    await save(
      async () => {
        await change.mutateAsync(request);
        return changeFeedback(request, null);
      },
      { doing: request.action, message: (error) => changeFeedback(request, error).lines },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-brand-900">
          Subscribers
        </h2>
        <CsvExportLink href={subscribersExportUrl(search)} fileName={SUBSCRIBERS_CSV_NAME} />
      </div>

      <SearchBox
        label="Search subscribers"
        placeholder="Search name or e-mail..."
        debounceMs={SEARCH_DEBOUNCE_MS}
        maxLength={NEWSLETTER_LIMITS.search}
        initial={search}
        onSearch={(value) => {
          if (value !== search) setQuery({ search: value });
        }}
      />

      <FeedbackRegions feedback={feedback} className="mt-4" />

      {subscribers.isPending ? (
        <LoadingIndicator label="Loading subscribers..." />
      ) : subscribers.isError && !subscribers.data ? (
        <LoadError what="The subscribers" />
      ) : (
        <>
          <p
            className="mt-4 text-sm text-slate-600"
            aria-live="polite"
            data-testid="subscriber-count"
          >
            {total === 0
              ? NEWSLETTER_MESSAGES.empty
              : subscriberCountText(total, subscribers.data?.subscribed ?? 0, search, page, pages)}
          </p>
          {rows.length > 0 && (
            <SubscriberRows
              rows={rows}
              busy={subscribers.isFetching && subscribers.isPlaceholderData}
              changing={change.isPending ? (change.variables?.email ?? null) : null}
              onToggle={(subscriber) => void toggle(subscriber)}
            />
          )}
          {pages > 1 && (
            <Pager
              label="Subscriber pages"
              page={Math.min(page, pages)}
              pages={pages}
              onPage={(next) => setQuery({ page: next })}
            />
          )}
        </>
      )}
    </section>
  );
}

function StatusBadge({ subscribed }: { subscribed: boolean }) {
  return subscribed ? (
    <Badge label="Subscribed" tone="good" />
  ) : (
    <Badge label="Unsubscribed" tone="neutral" />
  );
}

const td = tableCellClass;
/** Columns shown from tablet width up; on phones the name cell carries them. */
const wide = wideCellClass;

function SubscriberRows({
  rows,
  busy,
  changing,
  onToggle,
}: {
  rows: SubscriberDto[];
  busy: boolean;
  /** The address whose change is on its way. */
  changing: string | null;
  onToggle: (subscriber: SubscriberDto) => void;
}) {
  return (
    <AdminTable
      caption="Subscribers"
      busy={busy}
      head={
        <>
          <ColumnHeading>Name</ColumnHeading>
          <ColumnHeading wide>E-mail</ColumnHeading>
          <ColumnHeading wide>Status</ColumnHeading>
          <ColumnHeading wide>Created</ColumnHeading>
          <ColumnHeading>
            <span className="sr-only">Action</span>
          </ColumnHeading>
        </>
      }
    >
      {rows.map((subscriber) => {
        const pending = changing === subscriber.email;
        return (
          <tr key={subscriber._id} data-testid="subscriber-row">
            <th scope="row" className={`${td} font-normal md:min-w-40`}>
              <span className="block font-semibold break-words text-slate-900">
                {subscriber.displayName || '(no name)'}
              </span>
              {/* On phones the columns that do not fit are told here. */}
              <span className="mt-0.5 block text-xs [overflow-wrap:anywhere] text-slate-600 md:hidden">
                {subscriber.email}
              </span>
              <span className="block text-xs text-slate-500 md:hidden">
                Since {formatDate(subscriber.createdAt)}
              </span>
              <span className="mt-1.5 block md:hidden">
                <StatusBadge subscribed={subscriber.subscribed} />
              </span>
            </th>
            <td className={`${td} ${wide} [overflow-wrap:anywhere] text-slate-900`}>
              {subscriber.email}
            </td>
            <td className={`${td} ${wide}`}>
              <StatusBadge subscribed={subscriber.subscribed} />
            </td>
            <td className={`${td} ${wide} whitespace-nowrap text-slate-600`}>
              <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
            </td>
            <td className={`${td} text-right whitespace-nowrap`}>
              <button
                type="button"
                onClick={() => onToggle(subscriber)}
                disabled={pending}
                aria-label={`${subscriber.subscribed ? 'Unsubscribe' : 'Subscribe'} ${subscriber.email}`}
                className={subscriber.subscribed ? buttonClass.dangerSmall : buttonClass.small}
              >
                {subscriber.subscribed ? (
                  <UserMinus className="h-3.5 w-3.5" aria-hidden="true" />
                ) : (
                  <UserCheck className="h-3.5 w-3.5" aria-hidden="true" />
                )}
                {subscriber.subscribed ? 'Unsubscribe' : 'Subscribe'}
              </button>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
