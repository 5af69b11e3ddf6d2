/**
 * The lab's account (issue 36): its page size, messages and answer types, without zod (the
 * schemas are in account-dto.ts, for the server).
 */
export type {
  AccountAnswer,
  AccountOrder,
  AccountOrderSummary,
  AccountOrdersAnswer,
  OrderStep,
  ReorderAnswer,
} from './account-dto.ts';

/** Orders per page of the account's list. */
export const ACCOUNT_ORDERS_PAGE_SIZE = 20;

export const ACCOUNT_MESSAGES = {
  orderNotFound: 'No order with this number belongs to your account.',
  invoiceUnavailable:
    'Business Central cannot be reached right now, so the invoice cannot be fetched. Please try again in a few minutes.',
  leftOut: {
    deleted: 'no longer sold',
    not_available: 'not available now',
  },
} as const;
