import { z } from 'zod';
import { EMAIL_PATTERN } from './content.ts';

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
  crossSite: 'Cross-site request refused.',
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

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const SubscriberEmail = required(NEWSLETTER_MESSAGES.emailRequired)
  .max(NEWSLETTER_LIMITS.email, NEWSLETTER_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, NEWSLETTER_MESSAGES.emailInvalid);

const DisplayName = required(NEWSLETTER_MESSAGES.displayNameRequired).max(
  NEWSLETTER_LIMITS.displayName,
  NEWSLETTER_MESSAGES.displayNameTooLong,
);

/** POST /api/add-subscriber (SPEC.md: displayName and a valid email). */
export const AddSubscriberInput = z.object({ displayName: DisplayName, email: SubscriberEmail });
export type AddSubscriberInput = z.infer<typeof AddSubscriberInput>;

/** The admin's unsubscribe form, GET /api/unsubscribe?email= and POST /api/subscribe (ours). */
export const SubscriberEmailInput = z.object({ email: SubscriberEmail });
export type SubscriberEmailInput = z.infer<typeof SubscriberEmailInput>;

/** POST /api/newsletter (SPEC.md: subject and content required). Content is HTML. */
export const NewsletterInput = z.object({
  subject: required(NEWSLETTER_MESSAGES.subjectRequired).max(
    NEWSLETTER_LIMITS.subject,
    NEWSLETTER_MESSAGES.subjectTooLong,
  ),
  content: required(NEWSLETTER_MESSAGES.contentRequired).max(
    NEWSLETTER_LIMITS.content,
    NEWSLETTER_MESSAGES.contentTooLong,
  ),
});
export type NewsletterInput = z.infer<typeof NewsletterInput>;

/**
 * POST /api/newsletter/signup (ours, public): the footer form. The name is optional there;
 * `companyFax` is the hidden trap field (as on the contact and checkout forms): filled means a bot.
 */
export const NewsletterSignupInput = z.object({
  displayName: z
    .string()
    .trim()
    .max(NEWSLETTER_LIMITS.displayName, NEWSLETTER_MESSAGES.displayNameTooLong)
    .optional()
    .default(''),
  email: SubscriberEmail,
  companyFax: z.string().max(200).optional().default(''),
});
export type NewsletterSignupInput = z.input<typeof NewsletterSignupInput>;

/** POST /api/newsletter/confirm (ours, public): the signed link of the sign-up mail. */
export const NewsletterConfirmInput = z.object({
  email: SubscriberEmail,
  name: z.string().max(NEWSLETTER_LIMITS.displayName).default(''),
  /** Unix milliseconds after which the link no longer works. */
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1).max(200),
});
export type NewsletterConfirmInput = z.infer<typeof NewsletterConfirmInput>;

/**
 * POST /api/newsletter/unsubscribe?email=&sig= (ours, public): the signed link in every
 * newsletter, the unsubscribe page's button, and mail providers' one-click unsubscribe
 * (RFC 8058: List-Unsubscribe-Post, form body `List-Unsubscribe=One-Click`).
 */
export const PublicUnsubscribeQuery = z.object({
  email: SubscriberEmail,
  sig: z.string().min(1).max(200),
});
export type PublicUnsubscribeQuery = z.infer<typeof PublicUnsubscribeQuery>;

/** GET /api/newsletter-subscribers: page, limit, search (SPEC.md defaults page 1, limit 10). */
export const SubscribersQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SUBSCRIBERS_MAX_LIMIT)
    .default(SUBSCRIBERS_DEFAULT_LIMIT),
  search: z.string().trim().max(NEWSLETTER_LIMITS.search).default(''),
});
export type SubscribersQuery = z.infer<typeof SubscribersQuery>;

/** SPEC.md "Newsletter subscriber": displayName, email, subscribed; plus our _id and dates. */
export const SubscriberDtoSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubscriberDto = z.infer<typeof SubscriberDtoSchema>;

/** SPEC.md: the list response has subscribers and total (all matches, not just this page). */
export const SubscribersAnswerSchema = z.object({
  subscribers: z.array(SubscriberDtoSchema),
  total: z.number().int().nonnegative(),
});
export type SubscribersAnswer = z.infer<typeof SubscribersAnswerSchema>;

/** Answer of add-subscriber, unsubscribe and subscribe: the message and the row as it is now. */
export const SubscriberChangeSchema = z.object({
  message: z.string(),
  subscriber: SubscriberDtoSchema,
});
export type SubscriberChange = z.infer<typeof SubscriberChangeSchema>;

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
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped', 'unknown'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A send and its progress (POST /api/newsletter, GET /api/newsletters and /{id}). */
export const NewsletterSendSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(NEWSLETTER_SEND_STATUSES),
  /** Recipients when it was queued: every subscribed address then. */
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  /** Not yet handled (pending or being sent). */
  remaining: z.number().int().nonnegative(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The first failures with their reasons (at most NEWSLETTER_FAILURES_LISTED). */
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
});
export type NewsletterSendDto = z.infer<typeof NewsletterSendSchema>;

export const NewsletterQueuedSchema = z.object({
  message: z.string(),
  newsletter: NewsletterSendSchema,
});
export type NewsletterQueued = z.infer<typeof NewsletterQueuedSchema>;

export const NewsletterSendsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export const NewsletterSendsAnswerSchema = z.object({
  newsletters: z.array(NewsletterSendSchema),
  total: z.number().int().nonnegative(),
});
export type NewsletterSendsAnswer = z.infer<typeof NewsletterSendsAnswerSchema>;

/** Whether a send still has work to do (the admin screen polls while it does). */
export function isSendRunning(send: Pick<NewsletterSendDto, 'status'>): boolean {
  return send.status === 'queued' || send.status === 'sending';
}

/** Share handled, 0..100, for the progress bar. */
export function sendProgressPercent(
  send: Pick<NewsletterSendDto, 'total' | 'remaining'>,
): number {
  if (send.total === 0) return 100;
  return Math.floor(((send.total - send.remaining) / send.total) * 100);
}
