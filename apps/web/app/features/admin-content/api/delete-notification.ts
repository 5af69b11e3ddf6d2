import type { NotificationDto } from '@labshop/shared/schemas/content';
import { useDeleteListItem } from '../../admin/api/delete-list-item.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/notifications/{_id}. */
export function useDeleteNotification() {
  return useDeleteListItem<NotificationDto>('/api/notifications', contentKeys.notifications);
}
