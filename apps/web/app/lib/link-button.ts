import type { KeyboardEvent } from 'react';

/**
 * For a link that acts as a button (role="button") so that it works before the page's code
 * runs (a #target that CSS opens a panel for, a page without the alert): Space presses it, as
 * it presses a button. Enter already follows the link, which the code's click handler takes.
 */
export function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>): void {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}
