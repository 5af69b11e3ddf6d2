import { AuditLog } from '../../features/admin-audit/components/audit-log.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminAuditLog() {
  return (
    <>
      <title>{`Audit Log | Admin | ${SITE.name}`}</title>
      <AuditLog />
    </>
  );
}
