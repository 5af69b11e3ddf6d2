const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When something happened, as the admin lists show it: 'Jan 5, 2026, 3:04 PM'. */
export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The day something happened: 'Jan 5, 2026'. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}
