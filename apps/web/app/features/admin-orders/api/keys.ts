/** Query keys of the orders screen; a retried sync updates its page in place, then refetches. */
export const orderKeys = {
  all: ['admin-orders'] as const,
  page: (page: number) => ['admin-orders', 'page', page] as const,
};
