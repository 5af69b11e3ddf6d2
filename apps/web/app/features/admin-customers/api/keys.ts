/**
 * Query keys of the customers screen: the list (the cached copy of the ERP's customers), and the
 * shown cards' order counts and pay-on-account terms.
 */
export const customerKeys = {
  all: ['admin-customers'] as const,
  list: ['admin-customers', 'list'] as const,
  orders: ['admin-customers', 'orders'] as const,
  terms: ['admin-customers', 'terms'] as const,
};
