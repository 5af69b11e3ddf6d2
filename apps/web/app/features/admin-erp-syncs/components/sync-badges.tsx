import type { ErpSyncItem, ErpSyncKind, ErpSyncRunStatus } from '@labshop/shared/schemas/erp';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';

export const SYNC_STATUS: Record<ErpSyncRunStatus, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'waiting' },
  succeeded: { label: 'Succeeded', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  interrupted: { label: 'Interrupted', tone: 'bad' },
};

export const ITEM_OUTCOME: Record<ErpSyncItem['outcome'], { label: string; tone: BadgeTone }> = {
  updated: { label: 'Updated', tone: 'good' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'bad' },
};

export const KIND_LABELS: Record<ErpSyncKind, string> = {
  prices: 'Prices',
  customers: 'Customers',
};

export function StatusBadge({ status }: { status: ErpSyncRunStatus }) {
  return <Badge {...SYNC_STATUS[status]} />;
}

export function OutcomeBadge({ outcome }: { outcome: ErpSyncItem['outcome'] }) {
  return <Badge {...ITEM_OUTCOME[outcome]} />;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
export const formatTime = (iso: string) => dateTime.format(new Date(iso));

/** How long a sync took: '850 ms', '12 s', '3 min 4 s'. */
export function formatDuration(startedAt: string, finishedAt: string | null): string | null {
  if (!finishedAt) return null;
  const ms = Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt));
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A sync's counts in words: '3 updated · 71 unchanged · 2 failed, of 76 products'. */
export function countsText(sync: {
  kind: ErpSyncKind;
  status: ErpSyncRunStatus;
  total: number;
  processed: number;
  updated: number;
  unchanged: number;
  failed: number;
}): string {
  const noun = sync.kind === 'prices' ? 'products' : 'customers';
  if (sync.status === 'running') return `${sync.processed} of ${sync.total || '?'} ${noun}`;
  const parts = [`${sync.updated} updated`];
  if (sync.unchanged > 0) parts.push(`${sync.unchanged} unchanged`);
  if (sync.failed > 0) parts.push(`${sync.failed} failed`);
  return `${parts.join(' · ')}, of ${sync.total} ${noun}`;
}
