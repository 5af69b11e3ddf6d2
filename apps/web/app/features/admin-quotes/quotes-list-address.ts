/**
 * Where 'Back to quotes' returns to: the quote list's address as the admin left it (search,
 * status, page). The list's links to the editor carry it as navigation state, which the browser
 * keeps with the history entry, so a reload of the editor keeps it too.
 */
export interface QuotesListState {
  quotesList: string;
}

const LIST_PATH = '/admin/quotes';

/** The state a link from the list (its query string `search`) to the editor carries. */
export function quotesListState(search: string): QuotesListState {
  return { quotesList: `${LIST_PATH}${search}` };
}

/** The list's address to go back to: the one the state carries, else the bare list. */
export function quotesListPath(state: unknown): string {
  if (state !== null && typeof state === 'object' && 'quotesList' in state) {
    const path = state.quotesList;
    // Only the list itself: state is the page's own, but never a way off the admin's list.
    if (typeof path === 'string' && (path === LIST_PATH || path.startsWith(`${LIST_PATH}?`))) {
      return path;
    }
  }
  return LIST_PATH;
}

/** The editor's address of a quote. */
export function quoteEditorPath(number: string): string {
  return `${LIST_PATH}/${encodeURIComponent(number)}`;
}
