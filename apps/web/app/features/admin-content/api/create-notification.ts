import type { NotificationDto } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

export interface CreateNotificationVariables {
  title: string;
  body: string;
}

/**
 * POST /api/notifications with the spec's body: title, body, dateTime (now) and read false.
 * The server dates the notification itself; it takes the other two and ignores them.
 */
export function createNotification({
  title,
  body,
}: CreateNotificationVariables): Promise<NotificationDto> {
  return apiJson<NotificationDto>(
    '/api/notifications',
    jsonRequest('POST', { title, body, dateTime: new Date().toISOString(), read: false }),
  );
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: async (notification) => {
      queryClient.setQueryData<NotificationDto[]>(contentKeys.notifications, (notifications) =>
        notifications
          ? [notification, ...notifications.filter((entry) => entry._id !== notification._id)]
          : notifications,
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.notifications });
    },
  });
}
