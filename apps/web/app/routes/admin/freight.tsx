import { FreightScreen } from '../../features/admin-freight/components/freight-editor.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminFreight() {
  return (
    <>
      <title>{`Freight | Admin | ${SITE.name}`}</title>
      <FreightScreen />
    </>
  );
}
