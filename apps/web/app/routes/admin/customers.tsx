import { CustomersList } from '../../features/admin-customers/components/customers-list.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminCustomers() {
  return (
    <>
      <title>{`List of Customers | Admin | ${SITE.name}`}</title>
      <CustomersList />
    </>
  );
}
