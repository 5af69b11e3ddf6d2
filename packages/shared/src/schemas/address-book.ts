/**
 * The lab account's address book (issue 36): its limits, messages and answer types, without
 * zod (the schemas are in address-book-dto.ts, for the server and the page's action), so the
 * pages' bundles stay small.
 */
export type { AddressBookAnswer, LabAddress, SavedAddress } from './address-book-dto.ts';

/** How many addresses a user may save. */
export const ADDRESS_BOOK_LIMIT = 20;

/** The longest label ('Back door', 'Second lab'). */
export const ADDRESS_LABEL_MAX = 40;

export const ADDRESS_BOOK_MESSAGES = {
  /** Also for another user's address and a malformed id: nothing tells them apart. */
  notFound: 'No saved address with this id belongs to your account.',
  full: `Your address book is full (${ADDRESS_BOOK_LIMIT} addresses). Delete one to add another.`,
  labelTooLong: `Label must be at most ${ADDRESS_LABEL_MAX} characters.`,
} as const;
