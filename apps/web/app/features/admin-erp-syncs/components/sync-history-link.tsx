import type { ErpSyncKind } from '@labshop/shared/schemas/erp';
import { History } from 'lucide-react';
import { Link } from 'react-router';

/** From a screen that runs syncs (prices, customers) to the history of that kind of sync. */
export function SyncHistoryLink({ kind }: { kind: ErpSyncKind }) {
  return (
    <Link
      to={`/admin/erp-syncs?kind=${kind}`}
      className="inline-flex items-center gap-1.5 px-2 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      <History className="h-4 w-4" aria-hidden="true" />
      Sync history
    </Link>
  );
}
