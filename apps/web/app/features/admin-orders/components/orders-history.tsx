import { formatCents } from '@labshop/shared/money';
import type { AdminOrderDto, ErpSyncStatus, OrderStatus } from '@labshop/shared/schemas/checkout';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../admin/api/http.ts';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { Pager } from '../../admin/components/pager.tsx';
import { ScreenHeading } from '../../admin-content/components/screen-heading.tsx';
import { ADMIN_ORDERS_PAGE_SIZE, useOrdersPage } from '../api/get-orders.ts';
import { useRetryOrderSync } from '../api/retry-sync.ts';
import {
  AdminTable,
  tableCellClass,
  tableHeadCellClass,
} from '../../admin/components/admin-table.tsx';

export const ORDERS_MESSAGES = {
  empty: 'No orders found.',
  loadFailed: 'Failed to load order history',
  retryFailed: 'The sync could not be queued again. Please try again.',
  retried: (orderNumber: string) =>
    `The sync of order ${orderNumber} is queued again; it runs in the background.`,
} as const;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => dateTime.format(new Date(iso));

const ORDER_STATUS: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'waiting' },
  paid: { label: 'Paid', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  voided: { label: 'Voided', tone: 'neutral' },
  needs_attention: { label: 'Needs attention', tone: 'bad' },
};

const SYNC_STATUS: Record<ErpSyncStatus, { label: string; tone: BadgeTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'waiting' },
  synced: { label: 'Synced', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
};

/** The ERP sync's outbox job, when the order has one. */
function syncJob(order: AdminOrderDto) {
  return order.jobs.find((job) => job.kind === 'erp-order-sync');
}

/** A sync the admin may queue again: failed, or its job gave up (dead). */
export function canRetrySync(order: AdminOrderDto): boolean {
  return order.erpSyncStatus === 'failed' || syncJob(order)?.status === 'dead';
}

/** Why the sync last failed: the order's own record, else its job's last error. */
function syncError(order: AdminOrderDto): string | null {
  return order.erpSyncError ?? syncJob(order)?.lastError ?? null;
}

/**
 * Orders History (SPEC.md "Admin screens"): paid and attempted orders, newest first, with the
 * payment's retref and the order's sync to the ERP; a failed sync can be queued again. The
 * page is in the address (?page=2).
 */
export function OrdersHistory() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const orders = useOrdersPage(page);
  const retry = useRetryOrderSync();
  const [feedback, setFeedback] = useState<Feedback>(null);

  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const goTo = (next: number) =>
    setSearchParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: true });

  // Past the last page (an old link): go to the last.
  const pastTheEnd = orders.isSuccess && !orders.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastTheEnd) setSearchParams(pages > 1 ? { page: String(pages) } : {}, { replace: true });
  }, [pastTheEnd, pages, setSearchParams]);

  const retrySync = (orderNumber: string) => {
    setFeedback(null);
    retry.mutate(orderNumber, {
      onSuccess: () =>
        setFeedback({ kind: 'success', lines: [ORDERS_MESSAGES.retried(orderNumber)] }),
      onError: (error) =>
        setFeedback({ kind: 'error', lines: [failureMessage(error, ORDERS_MESSAGES.retryFailed)] }),
    });
  };

  return (
    <section aria-labelledby="orders-heading">
      <ScreenHeading
        id="orders-heading"
        title="Orders History"
        description="Orders from the shop, newest first: payment, status and the sync to Business Central."
      />
      <FeedbackRegions feedback={feedback} className="mt-4" />

      {orders.isPending ? (
        <LoadingIndicator label="Loading orders..." />
      ) : orders.isError && !orders.data ? (
        <FeedbackRegions
          feedback={{ kind: 'error', lines: [ORDERS_MESSAGES.loadFailed] }}
          className="mt-6"
        />
      ) : total === 0 ? (
        <p className="mt-6 text-slate-600">{ORDERS_MESSAGES.empty}</p>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`}
            {pages > 1 ? `, page ${page} of ${pages}` : ''}.
          </p>
          <OrdersTable
            rows={orders.data?.orders ?? []}
            busy={orders.isFetching}
            retryingOrder={retry.isPending ? retry.variables : null}
            onRetry={retrySync}
          />
          {pages > 1 && <Pager label="Order pages" page={page} pages={pages} onPage={goTo} />}
        </>
      )}
    </section>
  );
}

const th = tableHeadCellClass;
const td = tableCellClass;
/** Columns shown from tablet width up; on phones the order cell carries them. */
const wide = 'hidden md:table-cell';

function OrdersTable({
  rows,
  busy,
  retryingOrder,
  onRetry,
}: {
  rows: AdminOrderDto[];
  busy: boolean;
  retryingOrder: string | null | undefined;
  onRetry: (orderNumber: string) => void;
}) {
  return (
    <AdminTable
      caption="Orders"
      busy={busy}
      head={
        <>
          <th scope="col" className={th}>
            Order / date
          </th>
          <th scope="col" className={`${th} ${wide}`}>
            Customer
          </th>
          <th scope="col" className={`${th} ${wide} text-right`}>
            Amount
          </th>
          <th scope="col" className={`${th} ${wide}`}>
            Status
          </th>
          <th scope="col" className={`${th} ${wide}`}>
            Payment retref
          </th>
          <th scope="col" className={th}>
            ERP sync
          </th>
        </>
      }
    >
      {rows.map((order) => (
        <OrderRow
          key={order.orderNumber}
          order={order}
          retrying={retryingOrder === order.orderNumber}
          onRetry={() => onRetry(order.orderNumber)}
        />
      ))}
    </AdminTable>
  );
}

function OrderRow({
  order,
  retrying,
  onRetry,
}: {
  order: AdminOrderDto;
  retrying: boolean;
  onRetry: () => void;
}) {
  const status = ORDER_STATUS[order.status];
  const sync = SYNC_STATUS[order.erpSyncStatus];
  const error = syncError(order);
  const job = syncJob(order);
  return (
    <tr>
      <th scope="row" className={`${td} font-normal`}>
        <span className="font-semibold whitespace-nowrap text-brand-900">{order.orderNumber}</span>
        <time
          dateTime={order.createdAt}
          className="mt-1 block text-xs whitespace-nowrap text-slate-600"
        >
          {formatTime(order.createdAt)}
        </time>
        {/* On phones the columns that do not fit are told here. */}
        <span className="block text-xs break-words text-slate-600 md:hidden">
          {order.customerName || order.email}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-2 md:hidden">
          <span className="font-semibold text-slate-900">{formatCents(order.amount)}</span>
          <Badge label={status.label} tone={status.tone} />
        </span>
      </th>
      <td className={`${td} ${wide} min-w-44 max-w-72`}>
        <span className="block font-medium break-words text-slate-900">
          {order.customerName || '—'}
        </span>
        <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{order.email}</span>
        <span className="block text-xs text-slate-500">
          {order.customerType}
          {order.customerNumber ? ` · ${order.customerNumber}` : ''}
        </span>
      </td>
      <td className={`${td} ${wide} text-right font-semibold whitespace-nowrap text-slate-900`}>
        {formatCents(order.amount)}
        {order.couponCode && (
          <span className="block text-xs font-normal text-slate-600">
            {order.couponCode} −{formatCents(order.discount)}
          </span>
        )}
      </td>
      <td className={`${td} ${wide}`}>
        <Badge label={status.label} tone={status.tone} />
      </td>
      <td className={`${td} ${wide} font-mono text-xs break-all text-slate-700`}>
        {order.paymentRetref ?? '—'}
      </td>
      <td className={`${td} min-w-36`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge label={sync.label} tone={sync.tone} />
          {job && job.attempts > 0 && order.erpSyncStatus !== 'synced' && (
            <span className="text-xs text-slate-500">
              {job.attempts === 1 ? '1 attempt' : `${job.attempts} attempts`}
            </span>
          )}
        </div>
        {error && order.erpSyncStatus !== 'synced' && (
          <details className="mt-1 max-w-72 text-xs text-red-900" title={error}>
            <summary className="cursor-pointer font-semibold text-red-800">Show error</summary>
            <p className="mt-1 break-words whitespace-pre-line">{error}</p>
          </details>
        )}
        {canRetrySync(order) && (
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className="mt-1.5 inline-flex items-center gap-1 rounded border border-brand-600 px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <RefreshCw
              className={`h-3.5 w-3.5 ${retrying ? 'animate-spin' : ''}`}
              aria-hidden="true"
            />
            {retrying ? 'Retrying...' : 'Retry sync'}{' '}
            <span className="sr-only">of order {order.orderNumber}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
