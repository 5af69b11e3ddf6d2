import { NOTIFICATIONS_SHOWN, type NotificationDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';
import { getApiJson } from '../../../lib/api-json.ts';

/**
 * The newest notifications for the header bell, newest first. A failure is only logged
 * (SPEC.md section 8): the bell then shows no notifications rather than breaking every page.
 */
export async function loadNotifications(context: AppLoadContext): Promise<NotificationDto[]> {
  try {
    return await getApiJson<NotificationDto[]>(
      context,
      `/api/notifications?limit=${NOTIFICATIONS_SHOWN}`,
    );
  } catch (error) {
    console.error('Loading the notifications failed:', error);
    return [];
  }
}
