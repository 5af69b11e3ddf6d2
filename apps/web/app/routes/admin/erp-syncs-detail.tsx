import type { Route } from './+types/erp-syncs-detail';
import { ErpSyncDetailScreen } from '../../features/admin-erp-syncs/components/erp-sync-detail.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminErpSync({ params }: Route.ComponentProps) {
  return (
    <>
      <title>{`Sync | Sync History | Admin | ${SITE.name}`}</title>
      {/* A new id is a new screen: its filter starts over. */}
      <ErpSyncDetailScreen key={params.id} id={params.id} />
    </>
  );
}
