import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@labshop/shared/schemas/quotes';
import { Badge, type BadgeTone } from '../../admin/components/badge.tsx';

/** Requested quotes wait for the staff; sent ones for the lab. */
const STATUS_TONES: Record<QuoteStatus, BadgeTone> = {
  requested: 'waiting',
  sent: 'neutral',
  accepted: 'good',
  expired: 'bad',
  declined: 'bad',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge label={QUOTE_STATUS_LABELS[status]} tone={STATUS_TONES[status]} />;
}

/** The quote is accepted or declined: the server refuses changes and sends. */
export function isClosed(status: QuoteStatus): boolean {
  return status === 'accepted' || status === 'declined';
}

const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A YYYY-MM-DD day (a validity date) as 'Jan 5, 2026': read as a calendar day, so no time zone
 * moves it to the day before.
 */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDay.format(date);
}
