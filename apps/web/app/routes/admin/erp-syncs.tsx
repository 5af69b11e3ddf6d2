import { ErpSyncsList } from '../../features/admin-erp-syncs/components/erp-syncs-list.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminErpSyncs() {
  return (
    <>
      <title>{`Sync History | Admin | ${SITE.name}`}</title>
      <ErpSyncsList />
    </>
  );
}
