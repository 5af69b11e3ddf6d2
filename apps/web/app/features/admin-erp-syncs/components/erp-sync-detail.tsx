import {
  ERP_MESSAGES,
  ERP_SYNC_ITEM_OUTCOMES,
  SYNCED_PRICE_FIELDS,
  type ErpSyncDetail,
  type ErpSyncItem,
} from '@labshop/shared/schemas/erp';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../admin/api/http.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { AdminTable, ColumnHeading, tableCellClass } from '../../admin/components/admin-table.tsx';
import { DetailList, type Detail } from '../../admin/components/detail-list.tsx';
import { LoadError } from '../../admin/components/load-error.tsx';
import { useErpSync } from '../api/get-sync.ts';
import { PRICE_FIELD_LABELS, PriceChange } from './price-change.tsx';
import {
  countsText,
  formatDuration,
  formatTime,
  ITEM_OUTCOME,
  KIND_LABELS,
  OutcomeBadge,
  StatusBadge,
} from './sync-badges.tsx';

type OutcomeFilter = ErpSyncItem['outcome'] | 'all';

/**
 * One sync of the ledger: when and by whom, how it ended (with the reason when it failed as a
 * whole), and each product's result with its prices before and after and its error. A running
 * sync fills in as it goes.
 */
export function ErpSyncDetailScreen({ id }: { id: string }) {
  const sync = useErpSync(id);
  const notFound = sync.error instanceof ApiError && sync.error.status === 404;
  const title = sync.data ? `${KIND_LABELS[sync.data.kind]} sync` : 'Sync';

  return (
    <section aria-labelledby="erp-sync-heading">
      <Link
        to="/admin/erp-syncs"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Sync history
      </Link>
      <h1 id="erp-sync-heading" className="mt-2 text-2xl font-bold text-brand-900">
        {title}
        {sync.data && (
          <span className="block text-base font-normal text-slate-600 sm:ml-2 sm:inline">
            <time dateTime={sync.data.startedAt}>{formatTime(sync.data.startedAt)}</time>
          </span>
        )}
      </h1>

      {sync.isPending ? (
        <LoadingIndicator label="Loading the sync..." />
      ) : notFound ? (
        <p role="alert" className="mt-6 text-slate-700">
          {ERP_MESSAGES.syncNotFound}
        </p>
      ) : sync.isError || !sync.data ? (
        <LoadError what="This sync" />
      ) : (
        <SyncDetail sync={sync.data} />
      )}
    </section>
  );
}

function SyncDetail({ sync }: { sync: ErpSyncDetail }) {
  const duration = formatDuration(sync.startedAt, sync.finishedAt);
  const rows: Detail[] = [
    ['Status', <StatusBadge key="status" status={sync.status} />],
    ['Started by', sync.startedBy],
    ['Started', formatTime(sync.startedAt)],
    [
      'Finished',
      sync.finishedAt ? `${formatTime(sync.finishedAt)}${duration ? ` (${duration})` : ''}` : '—',
    ],
    ['Result', countsText(sync)],
  ];
  return (
    <>
      <DetailList
        rows={rows}
        className="mt-5 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      />
      {sync.error && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-900"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {sync.error}
        </p>
      )}
      {sync.kind === 'prices' ? (
        <SyncItems sync={sync} />
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          A customer list refresh replaces the shop&apos;s copy as a whole: it has no per-item
          results. The customers are on the{' '}
          <Link to="/admin/customers" className="font-semibold text-brand-700 underline">
            List of Customers
          </Link>
          .
        </p>
      )}
    </>
  );
}

const td = tableCellClass;

function SyncItems({ sync }: { sync: ErpSyncDetail }) {
  const failed = sync.items.filter((item) => item.outcome === 'failed').length;
  // Failures are what the admin comes for: when there are any, they are shown first.
  const [filter, setFilter] = useState<OutcomeFilter>(failed > 0 ? 'failed' : 'all');
  const shown =
    filter === 'all' ? sync.items : sync.items.filter((item) => item.outcome === filter);

  if (sync.items.length === 0) {
    return (
      <p className="mt-6 text-slate-600">
        {sync.status === 'running' ? 'No product has been processed yet.' : 'No products.'}
      </p>
    );
  }
  return (
    <section aria-labelledby="sync-items-heading" className="mt-6">
      <h2 id="sync-items-heading" className="text-lg font-semibold text-brand-900">
        Products
      </h2>
      <div role="group" aria-label="Show products" className="mt-2 flex flex-wrap gap-1">
        {(['all', ...ERP_SYNC_ITEM_OUTCOMES] as const).map((option) => {
          const count =
            option === 'all'
              ? sync.items.length
              : sync.items.filter((item) => item.outcome === option).length;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                filter === option
                  ? 'bg-brand-700 text-white'
                  : 'border border-slate-300 bg-white text-slate-700 hover:border-brand-500'
              }`}
            >
              {option === 'all' ? 'All' : ITEM_OUTCOME[option].label} ({count})
            </button>
          );
        })}
      </div>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">None.</p>
      ) : (
        <AdminTable
          caption="Products of this sync"
          busy={false}
          head={
            <>
              <ColumnHeading>Product</ColumnHeading>
              <ColumnHeading>Outcome</ColumnHeading>
              {SYNCED_PRICE_FIELDS.map((field) => (
                <ColumnHeading key={field} className="text-right">
                  {PRICE_FIELD_LABELS[field]}
                </ColumnHeading>
              ))}
              <ColumnHeading wide>Error</ColumnHeading>
            </>
          }
        >
          {shown.map((item) => (
            <tr key={item.number}>
              <th scope="row" className={`${td} min-w-44 font-normal md:min-w-56`}>
                <span className="block font-semibold break-all text-slate-900">{item.number}</span>
                <span className="block text-xs text-slate-600">{item.title}</span>
                {/* On phones the error column is out of view: the error is told here. */}
                {item.error && (
                  <span className="mt-1 block text-xs break-words text-red-800 md:hidden">
                    {item.error}
                  </span>
                )}
              </th>
              <td className={td}>
                <OutcomeBadge outcome={item.outcome} />
              </td>
              {SYNCED_PRICE_FIELDS.map((field) => (
                <td key={field} className={`${td} text-right whitespace-nowrap`}>
                  {item.before || item.after ? (
                    <PriceChange
                      before={item.before?.[field]}
                      after={item.after ? item.after[field] : item.before?.[field]}
                    />
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
              ))}
              <td
                className={`${td} hidden min-w-48 max-w-80 text-xs break-words text-red-800 md:table-cell`}
              >
                {item.error ?? ''}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
