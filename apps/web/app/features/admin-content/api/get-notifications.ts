import type { NotificationDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/notifications: newest first (the server's default limit, which is its maximum). */
export function getNotifications(signal?: AbortSignal): Promise<NotificationDto[]> {
  return apiJson<NotificationDto[]>('/api/notifications', { signal });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
