import type { QuoteStatus } from '@labshop/shared/schemas/quotes';

/**
 * Query keys of the Quotes screens: the list's pages (a save or a send invalidates `lists`) and
 * one quote in its editor.
 */
export const quoteKeys = {
  all: ['admin-quotes'] as const,
  lists: ['admin-quotes', 'list'] as const,
  list: (page: number, search: string, status: QuoteStatus | null) =>
    ['admin-quotes', 'list', { page, search, status }] as const,
  detail: (number: string) => ['admin-quotes', 'detail', number] as const,
};
