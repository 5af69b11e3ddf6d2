import {
  failureLine,
  SYNCED_PRICE_FIELDS,
  type ErpSyncDetail,
  type ErpSyncSummary,
  type PricePreview,
  type PriceSyncResult,
  type SyncedPriceField,
} from '@labshop/shared/schemas/erp';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { AdminDialog } from '../../admin/components/admin-dialog.tsx';
import { useConfirm, type ConfirmOptions } from '../../admin/components/confirm-dialog.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass } from '../../admin/components/styles.ts';
import { AdminTable, ColumnHeading, tableCellClass } from '../../admin/components/admin-table.tsx';
import { getErpSync } from '../../admin-erp-syncs/api/get-sync.ts';
import { useCurrentErpSync } from '../../admin-erp-syncs/api/get-current-sync.ts';
import { SyncHistoryLink } from '../../admin-erp-syncs/components/sync-history-link.tsx';
import { erpSyncKeys } from '../../admin-erp-syncs/api/keys.ts';
import { PriceChange, PRICE_FIELD_LABELS } from '../../admin-erp-syncs/components/price-change.tsx';
import { usePricePreview } from '../api/preview-prices.ts';
import { useRefreshPrices } from '../api/refresh-prices.ts';
import { catalogKeys } from '../api/keys.ts';

type Counts = Pick<PriceSyncResult, 'updated' | 'failed' | 'failures'> &
  Partial<Pick<PriceSyncResult, 'unchanged'>>;

/**
 * The outcome of a price sync in the spec's words (SPEC.md section 8, "Products"): 'Updated N
 * products', then 'N failures: list' when some failed; ours: 'N already up to date'.
 */
export function priceSyncFeedback(result: Counts): NonNullable<Feedback> {
  const lines = [`Updated ${result.updated} products`];
  if (result.failed > 0) lines.push(`${result.failed} failures: ${result.failures.join(', ')}`);
  if (result.unchanged && result.unchanged > 0) {
    lines.push(`${result.unchanged} already up to date`);
  }
  return { kind: result.failed > 0 ? 'warning' : 'success', lines };
}

/** A failed sync: 'Error:' plus the server's message or the status text (SPEC.md section 8). */
export function priceSyncErrorFeedback(error: unknown): NonNullable<Feedback> {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { kind: 'error', lines: [`Error: ${message}`] };
}

/** The outcome of a sync this screen did not start (another admin's), from its ledger entry. */
export function finishedSyncFeedback(sync: ErpSyncDetail): NonNullable<Feedback> {
  const intro = `The price sync ${sync.startedBy} started has finished.`;
  if (sync.status !== 'succeeded') {
    return { kind: 'error', lines: [intro, `Error: ${sync.error ?? 'the sync did not finish'}`] };
  }
  const failures = sync.items
    .filter((item) => item.outcome === 'failed')
    .map((item) => failureLine(item.number, item.error ?? 'failed'));
  const outcome = priceSyncFeedback({ ...sync, failures });
  return { ...outcome, lines: [intro, ...outcome.lines] };
}

/**
 * What 'Sync All Prices from BC' asks before it changes live prices: how many products' prices
 * would change, from the preview it has just read.
 */
export function syncConfirmOptions(preview: PricePreview): ConfirmOptions {
  const changes = preview.changes.length;
  const rest = [
    `${preview.unchanged} already up to date`,
    ...(preview.failures.length > 0
      ? [`${plural(preview.failures.length, 'product')} cannot be updated`]
      : []),
  ].join('; ');
  if (changes === 0) {
    return {
      question: "No product's price would change. Sync anyway?",
      detail: `${rest}. The sync is still recorded in the sync history.`,
      confirmLabel: 'Sync',
    };
  }
  return {
    question: `Change the prices of ${plural(changes, 'product')} now?`,
    detail: `Business Central has new prices for ${plural(changes, 'product')} (${rest}). The shop shows them at once. Preview changes lists them product by product.`,
    confirmLabel: `Update ${plural(changes, 'product')}`,
  };
}

/**
 * 'Sync All Prices from BC' with what goes with it: a confirm that says how many products'
 * prices would change (read from a preview first), a progress bar while a sync runs (also one
 * another admin started: the button stays disabled until it ends), a preview of the changes
 * (a dry run) that can be applied, the outcome, and the way to the sync ledger. Either way the
 * sync carries the confirmed preview's confirmation: the server applies those changes or none.
 */
export function PriceSyncPanel() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const refresh = useRefreshPrices();
  const preview = usePricePreview();
  const confirm = useConfirm();
  const current = useCurrentErpSync('prices', refresh.isPending);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [syncId, setSyncId] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  const running = current.data?.sync?.status === 'running' ? current.data.sync : null;
  const busy = refresh.isPending || running !== null;

  // Syncs this screen started; when any other running sync ends, say how it went and reload.
  const ownSyncs = useRef(new Set<string>());
  const watched = useRef<string | null>(null);
  const otherSyncEnded = useEffectEvent(async (id: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
      queryClient.invalidateQueries({ queryKey: erpSyncKeys.all }),
    ]);
    try {
      const sync = await queryClient.fetchQuery({
        queryKey: erpSyncKeys.detail(id),
        queryFn: ({ signal }) => getErpSync(id, signal),
      });
      setSyncId(id);
      setFeedback(finishedSyncFeedback(sync));
    } catch (error) {
      console.error('Reading the finished price sync failed:', error);
    }
  });
  const runningId = running?.id ?? null;
  useEffect(() => {
    const previous = watched.current;
    watched.current = runningId;
    if (runningId && refresh.isPending) ownSyncs.current.add(runningId);
    if (previous && previous !== runningId && !ownSyncs.current.has(previous)) {
      void otherSyncEnded(previous);
    }
  }, [runningId, refresh.isPending]);

  const run = async (confirmation: string) => {
    setFeedback(null);
    setSyncId(null);
    try {
      const result = await refresh.mutateAsync(confirmation);
      if (result.syncId) {
        ownSyncs.current.add(result.syncId);
        setSyncId(result.syncId);
      }
      setFeedback(priceSyncFeedback(result));
    } catch (error) {
      console.error('The price sync failed:', error);
      setFeedback(priceSyncErrorFeedback(error));
      // Refused because another sync runs: show that one's progress.
      void queryClient.invalidateQueries({ queryKey: erpSyncKeys.current('prices') });
    }
  };

  // Reads what the sync would change, asks, and syncs those changes only when confirmed.
  const syncAll = async () => {
    setFeedback(null);
    setSyncId(null);
    let seen: PricePreview;
    try {
      seen = await preview.mutateAsync();
    } catch (error) {
      console.error('Reading the price changes failed:', error);
      setFeedback(priceSyncErrorFeedback(error));
      return;
    }
    if (await confirm(syncConfirmOptions(seen))) await run(seen.confirmation);
  };

  const openPreview = () => {
    setPreviewOpen(true);
    preview.mutate();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-brand-900">
          Prices from Business Central
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => void syncAll()}
            disabled={busy || preview.isPending}
            className={buttonClass.secondary}
          >
            <RefreshCw className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} aria-hidden="true" />
            {busy ? 'Updating...' : 'Sync All Prices from BC'}
          </button>
          <button
            type="button"
            onClick={openPreview}
            disabled={busy || preview.isPending}
            className={buttonClass.secondary}
          >
            <Eye className="h-4 w-4" aria-hidden="true" />
            Preview changes
          </button>
          <SyncHistoryLink kind="prices" />
        </div>
      </div>

      {busy && <PriceSyncProgress sync={running} ownRun={refresh.isPending} />}
      {preview.isPending && !previewOpen && (
        <LoadingIndicator label="Reading the prices from Business Central..." />
      )}

      <FeedbackRegions feedback={feedback} className="mt-3" />
      {feedback && syncId && (
        <p className="mt-2 text-sm">
          <Link
            to={`/admin/erp-syncs/${encodeURIComponent(syncId)}`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Product by product results of this sync
          </Link>
        </p>
      )}

      <PricePreviewDialog
        open={previewOpen}
        loading={preview.isPending}
        error={preview.error}
        preview={preview.data}
        applyDisabled={busy}
        onClose={() => setPreviewOpen(false)}
        onApply={(confirmation) => {
          setPreviewOpen(false);
          void run(confirmation);
        }}
      />
    </section>
  );
}

/**
 * How far the running sync is: a bar with processed of total, or a bar that only says "working"
 * until the sync knows how many products it goes through.
 */
export function PriceSyncProgress({
  sync,
  ownRun,
}: {
  sync: ErpSyncSummary | null;
  ownRun: boolean;
}) {
  const known = sync !== null && sync.total > 0;
  const processed = known ? Math.min(sync.processed, sync.total) : 0;
  const text = known
    ? `${processed} of ${sync.total} products`
    : sync
      ? 'Reading the prices from Business Central...'
      : 'Starting the price sync...';
  const percent = known ? Math.round((processed / sync.total) * 100) : 0;
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-slate-800">Updating prices: {text}</span>
        {sync && !ownRun && (
          <span className="text-xs text-slate-600">Started by {sync.startedBy}</span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Price sync progress"
        aria-valuemin={0}
        aria-valuemax={known ? sync.total : undefined}
        aria-valuenow={known ? processed : undefined}
        aria-valuetext={text}
        className="mt-1.5 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-300 ${
            known ? '' : 'w-1/3 animate-pulse'
          }`}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}

const MAPPING_LABELS: Record<string, string> = { keep: 'not synced', unitPrice: 'unit price' };

/** Which ERP price feeds a shop price, in words: 'price list DEALER from 3 units'. */
export function mappingText(source: string | undefined): string {
  if (!source) return 'not synced';
  if (MAPPING_LABELS[source]) return MAPPING_LABELS[source];
  const [kind, code, minimum] = source.split(':');
  if (kind === 'priceList' && code) {
    return minimum ? `price list ${code} from ${minimum} units` : `price list ${code}`;
  }
  return source;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The dry run in a modal dialog: what would change, what cannot, what the shop lacks. */
export function PricePreviewDialog({
  open,
  loading,
  error,
  preview,
  applyDisabled,
  onClose,
  onApply,
}: {
  open: boolean;
  loading: boolean;
  error: Error | null;
  preview: PricePreview | undefined;
  applyDisabled: boolean;
  onClose: () => void;
  /** With the confirmation of the preview shown: the sync applies those changes or none. */
  onApply: (confirmation: string) => void;
}) {
  const fields: SyncedPriceField[] = preview
    ? SYNCED_PRICE_FIELDS.filter((field) => preview.mapping[field] !== 'keep')
    : [...SYNCED_PRICE_FIELDS];

  return (
    <AdminDialog
      open={open}
      title="Preview of the price sync"
      closeLabel="Close the preview"
      width="4xl"
      onClose={onClose}
      footer={
        <>
          <button type="submit" className={buttonClass.secondary}>
            Close
          </button>
          <button
            type="button"
            onClick={() => preview && onApply(preview.confirmation)}
            disabled={applyDisabled || loading || !preview}
            className={buttonClass.primary}
          >
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            Apply
          </button>
        </>
      }
    >
      {loading ? (
        <LoadingIndicator label="Reading the prices from Business Central..." />
      ) : error ? (
        <FeedbackRegions feedback={priceSyncErrorFeedback(error)} />
      ) : preview ? (
        <PreviewContent preview={preview} fields={fields} />
      ) : null}
    </AdminDialog>
  );
}

const td = tableCellClass;

function PreviewContent({
  preview,
  fields,
}: {
  preview: PricePreview;
  fields: SyncedPriceField[];
}) {
  const id = useId();
  const { changes, failures, missingInShop, unchanged } = preview;
  return (
    <div className="space-y-5 text-sm">
      <p className="text-slate-700">
        Applying would update {plural(changes.length, 'product')}; {unchanged} already up to date
        {failures.length > 0 ? `; ${plural(failures.length, 'product')} cannot be updated` : ''}.
        Nothing has been changed yet.
      </p>

      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-slate-600">
        {SYNCED_PRICE_FIELDS.map((field) => (
          <div key={field} className="flex gap-1.5">
            <dt className="font-semibold">{PRICE_FIELD_LABELS[field]}:</dt>
            <dd>{mappingText(preview.mapping[field])}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby={`${id}-changes`}>
        <h3 id={`${id}-changes`} className="font-semibold text-brand-900">
          Price changes ({changes.length})
        </h3>
        {changes.length === 0 ? (
          <p className="mt-1 text-slate-600">No product&apos;s price would change.</p>
        ) : (
          <AdminTable
            caption="Price changes"
            busy={false}
            head={
              <>
                <ColumnHeading>Product</ColumnHeading>
                {fields.map((field) => (
                  <ColumnHeading key={field} className="text-right">
                    {PRICE_FIELD_LABELS[field]}
                  </ColumnHeading>
                ))}
              </>
            }
          >
            {changes.map((change) => (
              <tr key={change.number}>
                <th scope="row" className={`${td} min-w-40 font-normal`}>
                  <span className="block font-semibold break-all text-slate-900">
                    {change.number}
                  </span>
                  <span className="block text-xs text-slate-600">{change.title}</span>
                </th>
                {fields.map((field) => (
                  <td key={field} className={`${td} text-right whitespace-nowrap`}>
                    <PriceChange before={change.before[field]} after={change.after[field]} />
                  </td>
                ))}
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      {failures.length > 0 && (
        <section aria-labelledby={`${id}-failures`}>
          <h3 id={`${id}-failures`} className="font-semibold text-red-800">
            Cannot be updated ({failures.length})
          </h3>
          <ul className="mt-1 divide-y divide-red-100 rounded-md border border-red-200 bg-red-50">
            {failures.map((failure) => (
              <li key={failure.number} className="px-3 py-2 break-words text-red-900">
                <span className="font-semibold">{failure.number}</span>
                {failure.title ? ` ${failure.title}` : ''}: {failure.reason}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={`${id}-missing`}>
        <h3 id={`${id}-missing`} className="font-semibold text-brand-900">
          In Business Central, not in the shop ({missingInShop.length})
        </h3>
        {missingInShop.length === 0 ? (
          <p className="mt-1 text-slate-600">Every item has a product in the shop.</p>
        ) : (
          <ul className="mt-1 grid gap-x-4 gap-y-0.5 text-slate-700 sm:grid-cols-2">
            {missingInShop.map((item) => (
              <li key={item.number} className="break-words">
                <span className="font-semibold">{item.number}</span> {item.displayName}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
