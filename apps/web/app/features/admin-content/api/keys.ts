import type { MailLogFilter } from '@labshop/shared/schemas/content';
import type { TextPageName } from '@labshop/shared/constants';

/**
 * Query keys of the content screens. A write updates its list in place (setQueryData) and then
 * invalidates the key, so the list shows the change at once and the server's order after.
 */
export const contentKeys = {
  contactData: ['contact-data'] as const,
  gallery: ['gallery'] as const,
  notifications: ['notifications'] as const,
  testimonials: ['testimonials'] as const,
  textPage: (name: TextPageName) => ['text-pages', name] as const,
  mail: ['admin-mail'] as const,
  mailPage: (page: number, filter: MailLogFilter) =>
    ['admin-mail', 'page', page, filter.search, filter.status, filter.kind] as const,
  mailMessage: (id: string) => ['admin-mail', 'message', id] as const,
};
