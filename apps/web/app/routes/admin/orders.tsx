import { OrdersHistory } from '../../features/admin-orders/components/orders-history.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminOrders() {
  return (
    <>
      <title>{`Orders History | Admin | ${SITE.name}`}</title>
      <OrdersHistory />
    </>
  );
}
