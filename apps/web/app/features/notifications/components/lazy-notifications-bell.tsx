import { lazyHydrated } from '../../../lib/lazy-hydrated.tsx';

/**
 * The header's notification bell, hydrated after the page is interactive: the server renders
 * the bell (and its unread badge) in full; its panel opens once its chunk has arrived.
 */
export const LazyNotificationsBell = lazyHydrated(() =>
  import('./notifications-bell.tsx').then((module) => module.NotificationsBell),
);
