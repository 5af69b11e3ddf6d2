import { NotificationsManagement } from '../../features/admin-content/components/notifications-management.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminNotifications() {
  return (
    <>
      <title>{`Notifications | Admin | ${SITE.name}`}</title>
      <NotificationsManagement />
    </>
  );
}
