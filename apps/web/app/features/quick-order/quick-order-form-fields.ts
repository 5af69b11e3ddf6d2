import type { QuickOrderAnswer } from '@labshop/shared/quick-order';

/** The quick order form's fields, as the page posts them and its action reads them. */
export const QUICK_ORDER_FIELDS = {
  text: 'text',
  /** A CSV file, read as more lines after the text. */
  file: 'file',
} as const;

/**
 * What the page and its action say besides the API's messages. Kept here, not with the API's
 * in packages/shared: the page's code then loads nothing of the shared pricing code.
 */
export const QUICK_ORDER_PAGE_MESSAGES = {
  empty: 'Type or paste product numbers and quantities first, or choose a CSV file.',
  nothingToAdd: 'None of these lines can go into the cart. Please correct them and try again.',
  tooManyForCart: 'These products do not all fit in the cart at once. Please add them in parts.',
  failed: 'The lines could not be checked just now. Please try again in a moment.',
} as const;

/** What the page shows after its action answered without going to the cart. */
export interface QuickOrderPosted {
  /** The text as resolved (the typed text and the file's, one after the other). */
  text: string;
  /** The lines as resolved; null when the text could not be resolved at all. */
  answer: QuickOrderAnswer | null;
  error: string;
}
