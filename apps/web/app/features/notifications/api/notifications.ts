import { NOTIFICATIONS_SHOWN, type NotificationDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';

/**
 * The newest notifications for the header bell, newest first. A failure is only logged
 * (SPEC.md section 8): the bell then shows no notifications rather than breaking every page.
 */
export async function loadNotifications(context: AppLoadContext): Promise<NotificationDto[]> {
  const path = `/api/notifications?limit=${NOTIFICATIONS_SHOWN}`;
  try {
    const response = await context.apiFetch(path);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as NotificationDto[];
  } catch (error) {
    console.error('Loading the notifications failed:', error);
    return [];
  }
}
