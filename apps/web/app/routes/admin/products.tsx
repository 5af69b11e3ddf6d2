import { ProductsManagement } from '../../features/admin-catalog/components/products-management.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminProducts() {
  return (
    <>
      <title>{`Products | Admin | ${SITE.name}`}</title>
      <ProductsManagement />
    </>
  );
}
