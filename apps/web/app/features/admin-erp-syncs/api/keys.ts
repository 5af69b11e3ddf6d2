import type { ErpSyncKind } from '@labshop/shared/schemas/erp';

/** Query keys of the sync ledger; a finished sync invalidates `all`. */
export const erpSyncKeys = {
  all: ['erp-syncs'] as const,
  list: (kind: ErpSyncKind | null, page: number) => ['erp-syncs', 'list', kind, page] as const,
  detail: (id: string) => ['erp-syncs', 'detail', id] as const,
  current: (kind: ErpSyncKind) => ['erp-syncs', 'current', kind] as const,
};
