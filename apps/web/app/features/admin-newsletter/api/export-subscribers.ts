/**
 * GET /api/export-subscribers?search=: subscribers.csv of every subscriber matching the search.
 * A same-origin link with `download` fetches it with the session cookie, like any other call.
 */
export function subscribersExportUrl(search: string): string {
  const trimmed = search.trim();
  return trimmed
    ? `/api/export-subscribers?${new URLSearchParams({ search: trimmed })}`
    : '/api/export-subscribers';
}

export const SUBSCRIBERS_CSV_NAME = 'subscribers.csv';
