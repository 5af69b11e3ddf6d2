/**
 * GET /api/order-history/export?search=: orders_history.csv of every order matching the search.
 * A same-origin link with `download` fetches it with the session cookie, like any other call.
 */
export function orderHistoryExportUrl(search: string): string {
  const trimmed = search.trim();
  return trimmed
    ? `/api/order-history/export?${new URLSearchParams({ search: trimmed })}`
    : '/api/order-history/export';
}

export const ORDER_HISTORY_CSV_NAME = 'orders_history.csv';
