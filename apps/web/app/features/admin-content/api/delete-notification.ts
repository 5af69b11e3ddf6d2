import type { NotificationDto } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/notifications/{_id}. */
export async function deleteNotification(id: string): Promise<void> {
  await apiRequest(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: async (_, id) => {
      queryClient.setQueryData<NotificationDto[]>(contentKeys.notifications, (notifications) =>
        notifications?.filter((notification) => notification._id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.notifications });
    },
  });
}
