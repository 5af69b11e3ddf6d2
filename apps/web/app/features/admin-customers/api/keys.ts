/** Query keys of the customers screen: one list (the cached copy of the ERP's customers). */
export const customerKeys = {
  all: ['admin-customers'] as const,
  list: ['admin-customers', 'list'] as const,
};
