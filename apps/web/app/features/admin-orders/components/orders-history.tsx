import { formatDollars } from '@labshop/shared/money';
import type { ErpSyncStatus, OrderStatus } from '@labshop/shared/schemas/checkout';
import {
  ORDER_HISTORY_SEARCH_MAX_LENGTH,
  ORDERS_MESSAGES,
  type OrderHistoryEntry,
} from '@labshop/shared/schemas/orders';
import { FileCheck, MapPin, RefreshCw, ShoppingCart, Truck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../admin/api/http.ts';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
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
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import {
  AdminTable,
  ColumnHeading,
  wideCellClass,
  tableCellClass,
} from '../../admin/components/admin-table.tsx';
import { ORDER_HISTORY_CSV_NAME, orderHistoryExportUrl } from '../api/export-orders.ts';
import { ORDER_HISTORY_PAGE_SIZE, useOrderHistory } from '../api/get-order-history.ts';
import { useOrderAction, type OrderAction, type OrderActionCall } from '../api/order-actions.ts';
import { formatTime } from '../../admin/components/format-time.ts';
import { OrderDialog, type OrderDialogKind } from './order-dialogs.tsx';
import { CsvExportLink } from '../../admin/components/csv-export-link.tsx';

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

function countText(total: number, search: string): string {
  const orders = total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`;
  if (!search) return orders;
  return `${orders} ${total === 1 ? 'matches' : 'match'} “${search}”`;
}

/** The order whose cart or address is shown in the modal. */
interface Shown {
  kind: OrderDialogKind;
  order: OrderHistoryEntry;
}

/**
 * Orders History (SPEC.md "Admin screens"): orders newest first with the customer, the payment's
 * retref and the order's sync to the ERP (a failed sync can be queued again); each order's cart
 * and shipping address in a printable modal; Download CSV of every order matching the search.
 * The search and the page are in the address (?search=&page=2).
 */
export function OrdersHistory() {
  const [searchParams] = useSearchParams();
  const filterList = useListFilter();
  const search = (searchParams.get('search') ?? '')
    .trim()
    .slice(0, ORDER_HISTORY_SEARCH_MAX_LENGTH);
  const page = pageInAddress(searchParams);
  const orders = useOrderHistory(page, search);
  const action = useOrderAction();
  const [feedback, setFeedback] = useState<Feedback>(null);
  // The last order shown stays in the (closed) dialog, so closing does not empty it first.
  const [shown, setShown] = useState<Shown | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const total = orders.data?.total ?? 0;
  const addressOfPage = (next: number) => listAddress({ search }, next);
  const { pages, goToPage } = useListPages({
    list: orders,
    total,
    pageSize: ORDER_HISTORY_PAGE_SIZE,
    page,
    addressOfPage,
  });

  const act = (orderNumber: string, kind: OrderAction) => {
    setFeedback(null);
    const done = {
      'retry-sync': ORDERS_MESSAGES.retried,
      'mark-shipped': ORDERS_MESSAGES.markedShipped,
      'mark-invoiced': ORDERS_MESSAGES.markedInvoiced,
    }[kind];
    action.mutate(
      { orderNumber, action: kind },
      {
        onSuccess: () => setFeedback({ kind: 'success', lines: [done(orderNumber)] }),
        onError: (error) =>
          setFeedback({
            kind: 'error',
            lines: [
              failureMessage(
                error,
                kind === 'retry-sync' ? ORDERS_MESSAGES.retryFailed : ORDERS_MESSAGES.markFailed,
              ),
            ],
          }),
      },
    );
  };

  const openDialog = (kind: OrderDialogKind, order: OrderHistoryEntry) => {
    setShown({ kind, order });
    setDialogOpen(true);
  };

  const showSearch = orders.data !== undefined && (total > 0 || search !== '');

  return (
    <section aria-labelledby="orders-heading">
      <ScreenHeading
        id="orders-heading"
        title="Orders History"
        description="Orders from the shop, newest first: cart, address, payment and the sync to Business Central."
        actions={
          total > 0 ? (
            <CsvExportLink
              href={orderHistoryExportUrl(search)}
              fileName={ORDER_HISTORY_CSV_NAME}
              label="Download CSV"
            />
          ) : undefined
        }
      />
      {showSearch && (
        <SearchBox
          label="Search orders"
          placeholder="Order number, customer, e-mail..."
          maxLength={ORDER_HISTORY_SEARCH_MAX_LENGTH}
          initial={search}
          onSearch={(value) => {
            if (value !== search) filterList({ search: value });
          }}
        />
      )}
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
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {countText(total, search)}
            {pageOfPages(page, pages)}.
          </p>
          <OrdersTable
            rows={orders.data?.orders ?? []}
            busy={orders.isFetching}
            running={action.isPending ? action.variables : null}
            onAction={act}
            onView={openDialog}
          />
          {pages > 1 && <Pager label="Order pages" page={page} pages={pages} onPage={goToPage} />}
        </>
      )}

      {shown && (
        <OrderDialog
          kind={shown.kind}
          order={shown.order}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </section>
  );
}

const td = tableCellClass;
/** Columns shown from tablet width up; on phones the order cell carries them. */
const wide = wideCellClass;

function OrdersTable({
  rows,
  busy,
  running,
  onAction,
  onView,
}: {
  rows: OrderHistoryEntry[];
  busy: boolean;
  /** The action being carried out, if any. */
  running: OrderActionCall | null | undefined;
  onAction: (orderNumber: string, action: OrderAction) => void;
  onView: (kind: OrderDialogKind, order: OrderHistoryEntry) => void;
}) {
  return (
    <AdminTable
      caption="Orders"
      busy={busy}
      head={
        <>
          <ColumnHeading>Order / date</ColumnHeading>
          <ColumnHeading wide>Customer</ColumnHeading>
          <ColumnHeading wide className="text-right">
            Amount
          </ColumnHeading>
          <ColumnHeading wide>Status</ColumnHeading>
          <ColumnHeading wide>Payment retref</ColumnHeading>
          <ColumnHeading>ERP sync</ColumnHeading>
        </>
      }
    >
      {rows.map((order) => (
        <OrderRow
          key={order.orderNumber}
          order={order}
          running={running?.orderNumber === order.orderNumber ? running.action : null}
          onAction={(action) => onAction(order.orderNumber, action)}
          onView={(kind) => onView(kind, order)}
        />
      ))}
    </AdminTable>
  );
}

const viewButtonClass =
  'inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2 py-1 text-xs font-semibold whitespace-nowrap text-brand-700 hover:border-brand-500 hover:bg-brand-50';

function OrderRow({
  order,
  running,
  onAction,
  onView,
}: {
  order: OrderHistoryEntry;
  running: OrderAction | null;
  onAction: (action: OrderAction) => void;
  onView: (kind: OrderDialogKind) => void;
}) {
  const retrying = running === 'retry-sync';
  const status = ORDER_STATUS[order.status];
  const sync = SYNC_STATUS[order.erpSyncStatus];
  const unsynced = order.erpSyncStatus !== 'synced';
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
          <span className="font-semibold text-slate-900">{formatDollars(order.amount)}</span>
          <Badge label={status.label} tone={status.tone} />
        </span>
        <span className="mt-2 flex flex-wrap gap-1.5">
          <button type="button" onClick={() => onView('cart')} className={viewButtonClass}>
            <ShoppingCart className="h-3.5 w-3.5" aria-hidden="true" />
            View Cart <span className="sr-only">of order {order.orderNumber}</span>
          </button>
          <button type="button" onClick={() => onView('address')} className={viewButtonClass}>
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            View Address <span className="sr-only">of order {order.orderNumber}</span>
          </button>
        </span>
      </th>
      <td className={`${td} ${wide} max-w-72 min-w-44`}>
        <span className="block font-medium break-words text-slate-900">
          {order.customerName || '—'}
        </span>
        <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{order.email}</span>
        <span className="block text-xs text-slate-500">
          {order.customerType}
          {order.customerNumber ? ` · ${order.customerNumber}` : ''}
        </span>
        {order.poNumber && (
          <span className="block text-xs break-words text-slate-700">
            PO number: {order.poNumber}
          </span>
        )}
      </td>
      <td className={`${td} ${wide} text-right font-semibold whitespace-nowrap text-slate-900`}>
        {formatDollars(order.amount)}
        {order.discount > 0 && (
          <span className="block text-xs font-normal text-slate-600">
            {order.couponCode ?? 'Discount'} −{formatDollars(order.discount)}
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
          {order.erpSyncAttempts > 0 && unsynced && (
            <span className="text-xs text-slate-500">
              {order.erpSyncAttempts === 1 ? '1 attempt' : `${order.erpSyncAttempts} attempts`}
            </span>
          )}
        </div>
        {/* When, in words a person reads; the ERP's internal id is no use to them. */}
        {order.erpSyncedAt && !unsynced && (
          <span className="mt-1 block text-xs text-slate-600">
            on <time dateTime={order.erpSyncedAt}>{formatTime(order.erpSyncedAt)}</time>
          </span>
        )}
        {order.erpSyncError && unsynced && (
          <details className="mt-1 max-w-72 text-xs text-red-900" title={order.erpSyncError}>
            <summary className="cursor-pointer font-semibold text-red-800">Show error</summary>
            <p className="mt-1 break-words whitespace-pre-line">{order.erpSyncError}</p>
          </details>
        )}
        {order.canRetrySync && (
          <button
            type="button"
            onClick={() => onAction('retry-sync')}
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
        <ErpProgress order={order} running={running} onAction={onAction} />
      </td>
    </tr>
  );
}

const markButtonClass =
  'inline-flex items-center gap-1 rounded border border-brand-600 px-2 py-1 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * What the ERP says of the synced order (its shipment and invoice), and with the built-in ERP
 * the buttons that mark them.
 */
function ErpProgress({
  order,
  running,
  onAction,
}: {
  order: OrderHistoryEntry;
  running: OrderAction | null;
  onAction: (action: OrderAction) => void;
}) {
  const posted = [
    { label: 'Shipped', at: order.shippedAt, number: order.erpShipmentNumber },
    { label: 'Invoiced', at: order.invoicedAt, number: order.erpInvoiceNumber },
  ].filter((step) => step.at);
  const buttons = [
    {
      show: order.canMarkShipped,
      action: 'mark-shipped' as const,
      label: 'Mark shipped',
      Icon: Truck,
    },
    {
      show: order.canMarkInvoiced,
      action: 'mark-invoiced' as const,
      label: 'Mark invoiced',
      Icon: FileCheck,
    },
  ].filter((button) => button.show);
  if (posted.length === 0 && buttons.length === 0) return null;
  return (
    <div className="mt-1.5 space-y-1">
      {posted.map((step) => (
        <span key={step.label} className="block text-xs text-slate-700">
          {step.label} {step.number && <span className="font-mono">{step.number}</span>}{' '}
          <time dateTime={step.at ?? undefined} className="text-slate-600">
            {formatTime(step.at ?? '')}
          </time>
        </span>
      ))}
      {buttons.map(({ action, label, Icon }) => (
        <button
          key={action}
          type="button"
          onClick={() => onAction(action)}
          disabled={running !== null}
          className={markButtonClass}
        >
          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
          {running === action ? 'Marking...' : label}{' '}
          <span className="sr-only">order {order.orderNumber}</span>
        </button>
      ))}
    </div>
  );
}
