/** Query keys of Orders History; a retried sync updates its page in place, then refetches. */
export const orderKeys = {
  all: ['admin-orders'] as const,
  page: (page: number, search: string) => ['admin-orders', 'page', { page, search }] as const,
};
