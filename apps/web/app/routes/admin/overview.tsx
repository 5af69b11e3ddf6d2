import { AdminDashboard } from '../../features/admin-dashboard/components/dashboard.tsx';
import { SITE } from '../../lib/site.ts';

export function meta() {
  return [{ title: `Overview | Admin | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

// The admin's first screen. Loaded on the client (TanStack Query) inside the server-rendered
// admin shell, as the other admin screens: it shows its loading and error states, and a retried
// sync elsewhere refreshes its counts through the shared query cache.
export default function AdminOverview() {
  return <AdminDashboard />;
}
