import type { NewsletterSendDto } from './newsletter-forms.ts';

/**
 * The newsletter (SPEC.md "Newsletter" screen, "Newsletter subscriber", "Newsletter", the
 * newsletter calls, the Subscriber state transitions and the newsletter messages): subscribers,
 * the admin's forms, the public sign-up and unsubscribe, and the sends with their progress.
 * Wording the spec does not give is ours and marked so.
 */

export const NEWSLETTER_MESSAGES = {
  // SPEC.md section 8, verbatim.
  added: 'Subscriber added successfully',
  addFailed: 'Error adding subscriber',
  unsubscribed: (email: string) => `Successfully unsubscribed ${email}`,
  unsubscribeFailed: (email: string) => `Error unsubscribing ${email}`,
  unsubscribedPage: 'You have been unsubscribed successfully.',
  genericError: 'An error occurred. Please try again later.',
  subscribeFailed: (email: string) => `Error subscribing ${email}`,
  empty: 'No subscribers found.',
  // Ours.
  subscribed: (email: string) => `Successfully subscribed ${email}`,
  duplicate: (email: string) => `${email} is already on the list.`,
  duplicateUnsubscribed: (email: string) =>
    `${email} is already on the list but unsubscribed; subscribe it again from the table.`,
  notFound: (email: string) => `${email} is not on the list.`,
  displayNameRequired: 'Name is required.',
  displayNameTooLong: 'Name must be at most 100 characters.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  subjectRequired: 'Subject is required.',
  subjectTooLong: 'Subject must be at most 200 characters.',
  contentRequired: 'Content is required.',
  contentTooLong: 'Content is too long (at most 200,000 characters).',
  noRecipients: 'There are no subscribed addresses to send to.',
  duplicateSend: 'This newsletter is already being sent or was sent a moment ago.',
  sendQueued: (total: number) =>
    `The newsletter is being sent to ${total.toLocaleString('en-US')} ${total === 1 ? 'subscriber' : 'subscribers'}.`,
  sendNotFound: 'Newsletter not found.',
  signupThanks: 'Thank you! Please check your inbox and confirm your subscription.',
  signupConfirmed: 'Your subscription is confirmed. Thank you!',
  linkInvalid: 'This link is not valid. Please use the link from the e-mail as it is.',
  linkExpired: 'This link has expired. Please sign up again.',
  testSent: (email: string) =>
    `A test copy was sent to ${email}. The newsletter itself has not been sent.`,
  testNoEmail: 'Your account has no e-mail address to send a test to.',
  testFailed: 'The test copy could not be sent.',
  /** The subject of a test copy starts with this, so nobody takes it for the real send. */
  testSubjectPrefix: '[Test] ',
} as const;

export const NEWSLETTER_LIMITS = {
  displayName: 100,
  email: 254,
  subject: 200,
  content: 200_000,
  search: 200,
} as const;

/** SPEC.md section 9: subscribers default to page 1, limit 10. Ours: at most 100 a page. */
export const SUBSCRIBERS_DEFAULT_LIMIT = 10;
export const SUBSCRIBERS_MAX_LIMIT = 100;
/** Sends per page of GET /api/newsletters. */
export const NEWSLETTER_SENDS_PAGE_SIZE = 10;
/** A send's failures listed in its answer (the rest are counted). */
export const NEWSLETTER_FAILURES_LISTED = 20;
/** How long the public sign-up's confirmation link works. */
export const SIGNUP_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** subscribers.csv, in this column order. */
export const SUBSCRIBER_CSV_COLUMNS = ['displayName', 'email', 'subscribed', 'createdAt'] as const;

// ---------------------------------------------------------------------------------------------
// Sends
// ---------------------------------------------------------------------------------------------

export const NEWSLETTER_SEND_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type NewsletterSendStatus = (typeof NEWSLETTER_SEND_STATUSES)[number];

/**
 * One recipient of one send. `skipped`: unsubscribed after the send was queued. `unknown`: the
 * server stopped between handing the mail to SMTP and recording it; it is never sent again,
 * because a second copy is worse than an unconfirmed one.
 */
export const DELIVERY_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'unknown',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Whether a send still has work to do (the admin screen polls while it does). */
export function isSendRunning(send: Pick<NewsletterSendDto, 'status'>): boolean {
  return send.status === 'queued' || send.status === 'sending';
}

/** Share handled, 0..100, for the progress bar. */
export function sendProgressPercent(send: Pick<NewsletterSendDto, 'total' | 'remaining'>): number {
  if (send.total === 0) return 100;
  return Math.floor(((send.total - send.remaining) / send.total) * 100);
}
