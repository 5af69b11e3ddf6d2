/**
 * GET /api/customers/export?search=: customers.csv of every customer matching the search. A
 * same-origin link with `download` fetches it with the session cookie, like any other call.
 */
export function customersExportUrl(search: string): string {
  const trimmed = search.trim();
  return trimmed
    ? `/api/customers/export?${new URLSearchParams({ search: trimmed })}`
    : '/api/customers/export';
}

export const CUSTOMERS_CSV_NAME = 'customers.csv';
