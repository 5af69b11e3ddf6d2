import {
  ERP_MESSAGES,
  ERP_SYNCS_PAGE_SIZE,
  type ErpSyncDetail,
  type ErpSyncItem,
  type ErpSyncKind,
  type ErpSyncList,
  type ErpSyncSummary,
} from '@labshop/shared/schemas/erp';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import type { ErpRepo, NewSyncItem, SyncCounters, SyncItemRow, SyncRow } from './repo.ts';

/**
 * The sync ledger (docs/decisions/005): every price sync and customer refresh is a row, which is
 * also the lock (one running sync of a kind, on every instance), with its progress while it
 * runs and its outcome after.
 */

/** A running sync whose heartbeat is older than this was interrupted (its process died). */
export const STALE_HEARTBEAT_SECONDS = 120;
/** How often a running sync shows it is alive while it waits on something long (the ERP). */
const HEARTBEAT_INTERVAL_MS = 30_000;

const CONFLICT_MESSAGES: Record<ErpSyncKind, string> = {
  prices: ERP_MESSAGES.syncRunning,
  customers: ERP_MESSAGES.customersRefreshRunning,
};

export interface LedgerLog {
  warn(object: unknown, message: string): void;
}

/** One sync while it runs: its counters, its items, and how it ends. */
export interface RunningSync {
  readonly id: string;
  readonly counters: Readonly<SyncCounters>;
  setTotal(total: number): Promise<void>;
  /** Records one item's result and moves the progress on. */
  record(item: NewSyncItem): Promise<void>;
  /** Sets the counters at once (a customer refresh has no items). */
  count(counters: Partial<SyncCounters>): void;
  succeed(): Promise<void>;
  /** Never throws: the sync's own error matters more than a failure to record it. */
  fail(reason: string): Promise<void>;
}

/** The ledger row stopped running under the sync (another instance marked it interrupted). */
export class SyncInterrupted extends Error {
  constructor() {
    super(ERP_MESSAGES.interrupted);
    this.name = 'SyncInterrupted';
  }
}

function summaryDto(row: SyncRow): ErpSyncSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    total: row.total,
    processed: row.processed,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    error: row.error,
  };
}

function itemDto(row: SyncItemRow): ErpSyncItem {
  return {
    number: row.productNumber,
    title: row.title,
    outcome: row.outcome,
    before: row.before,
    after: row.after,
    error: row.error,
  };
}

export function createSyncLedger({ repo, log }: { repo: ErpRepo; log: LedgerLog }) {
  function running(row: SyncRow): RunningSync {
    const counters: SyncCounters = { processed: 0, updated: 0, unchanged: 0, failed: 0 };
    let total: number | undefined;
    const timer = setInterval(() => {
      repo.heartbeat(row.id).catch((error: unknown) => {
        log.warn({ err: error, sync: row.id }, 'could not record the sync heartbeat');
      });
    }, HEARTBEAT_INTERVAL_MS);
    timer.unref();

    return {
      id: row.id,
      counters,
      async setTotal(value) {
        total = value;
        await repo.setTotal(row.id, value);
      },
      async record(item) {
        counters.processed += 1;
        counters[item.outcome] += 1;
        if (!(await repo.recordItem(row.id, item, counters))) {
          clearInterval(timer);
          throw new SyncInterrupted();
        }
      },
      count(values) {
        Object.assign(counters, values);
      },
      async succeed() {
        clearInterval(timer);
        await repo.finish(row.id, { status: 'succeeded', error: null }, { ...counters, total });
      },
      async fail(reason) {
        clearInterval(timer);
        await repo
          .finish(row.id, { status: 'failed', error: reason.slice(0, 2000) }, counters)
          .catch((error: unknown) => {
            log.warn({ err: error, sync: row.id }, 'could not record the failed sync');
          });
      },
    };
  }

  return {
    /**
     * Starts a sync of `kind` for `startedBy` (the admin's e-mail or name). A running one whose
     * heartbeat stopped is marked interrupted first; a live one refuses with 409.
     */
    async start(kind: ErpSyncKind, startedBy: string): Promise<RunningSync> {
      await repo.interruptStale(kind, STALE_HEARTBEAT_SECONDS);
      const row = await repo.insertRunning(kind, startedBy);
      if (!row) throw new AppError('conflict', CONFLICT_MESSAGES[kind]);
      return running(row);
    },

    /** Newest first, ERP_SYNCS_PAGE_SIZE per page. */
    async list(kind: ErpSyncKind | null, page: number): Promise<ErpSyncList> {
      await repo.interruptStale(kind, STALE_HEARTBEAT_SECONDS);
      const { rows, total } = await repo.listSyncs(kind, {
        limit: ERP_SYNCS_PAGE_SIZE,
        offset: (page - 1) * ERP_SYNCS_PAGE_SIZE,
      });
      return { syncs: rows.map(summaryDto), total };
    },

    /** The running sync of a kind (the progress bar polls it), or null. */
    async current(kind: ErpSyncKind): Promise<{ sync: ErpSyncSummary | null }> {
      await repo.interruptStale(kind, STALE_HEARTBEAT_SECONDS);
      const row = await repo.runningSync(kind);
      return { sync: row ? summaryDto(row) : null };
    },

    /** One sync with its items in order; 404 for an unknown (or malformed) id. */
    async detail(id: string): Promise<ErpSyncDetail> {
      const row = isUuid(id) ? await repo.syncById(id.toLowerCase()) : null;
      if (!row) throw new AppError('not_found', ERP_MESSAGES.syncNotFound);
      const items = await repo.syncItems(row.id);
      return { ...summaryDto(row), items: items.map(itemDto) };
    },

    /** The newest finished sync of a kind with this status (how old the customer copy is). */
    async latest(kind: ErpSyncKind, status: 'succeeded' | 'failed'): Promise<SyncRow | null> {
      return repo.latestFinished(kind, status);
    },
  };
}

export type SyncLedger = ReturnType<typeof createSyncLedger>;
