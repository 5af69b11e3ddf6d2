/**
 * Days as the shop keeps them (quotes' validity, payment due days): YYYY-MM-DD in the shop's
 * time zone (SHOP_TIME_ZONE), the way a person there reads the calendar.
 */

/** The day in `timeZone` at `at` (now), YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day `days` after `day` (both YYYY-MM-DD). */
export const plusDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'Dec 28, 2026' for a YYYY-MM-DD day. */
export const dayText = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
