import { z } from 'zod';
import { EMAIL_PATTERN } from './content-rules.ts';
import { stopWith } from './field-checks.ts';
import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SEND_STATUSES,
  SUBSCRIBERS_DEFAULT_LIMIT,
  SUBSCRIBERS_MAX_LIMIT,
} from './newsletter-rules.ts';
import { limitField, pageField } from './paging.ts';

/**
 * The zod schemas of the newsletter forms and answers, with newsletter-rules.ts' messages. Every
 * text has a length limit, checked before any pattern and ending the field's checks when it
 * fails (field-checks.ts).
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const SubscriberEmail = required(NEWSLETTER_MESSAGES.emailRequired)
  .max(NEWSLETTER_LIMITS.email, stopWith(NEWSLETTER_MESSAGES.emailInvalid))
  .regex(EMAIL_PATTERN, NEWSLETTER_MESSAGES.emailInvalid);

const DisplayName = required(NEWSLETTER_MESSAGES.displayNameRequired).max(
  NEWSLETTER_LIMITS.displayName,
  stopWith(NEWSLETTER_MESSAGES.displayNameTooLong),
);

/** POST /api/add-subscriber (SPEC.md: displayName and a valid email). */
export const AddSubscriberInput = z.object({ displayName: DisplayName, email: SubscriberEmail });
export type AddSubscriberInput = z.infer<typeof AddSubscriberInput>;

/** The admin's unsubscribe form, POST /api/unsubscribe, and POST /api/subscribe (ours). */
export const SubscriberEmailInput = z.object({ email: SubscriberEmail });
export type SubscriberEmailInput = z.infer<typeof SubscriberEmailInput>;

/** POST /api/newsletter (SPEC.md: subject and content required). Content is HTML. */
export const NewsletterInput = z.object({
  subject: required(NEWSLETTER_MESSAGES.subjectRequired).max(
    NEWSLETTER_LIMITS.subject,
    stopWith(NEWSLETTER_MESSAGES.subjectTooLong),
  ),
  content: required(NEWSLETTER_MESSAGES.contentRequired).max(
    NEWSLETTER_LIMITS.content,
    stopWith(NEWSLETTER_MESSAGES.contentTooLong),
  ),
});
export type NewsletterInput = z.infer<typeof NewsletterInput>;

/**
 * POST /api/newsletter/preview: the mail as a recipient gets it (the content sanitised, in the
 * mail's layout, with the footer), made for the signed-in admin's address.
 */
export const NewsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.infer<typeof NewsletterPreviewSchema>;

/**
 * POST /api/newsletter/signup (ours, public): the footer form. The name is optional there;
 * `companyFax` is the hidden trap field (as on the contact and checkout forms): filled means a bot.
 */
export const NewsletterSignupInput = z.object({
  displayName: z
    .string()
    .trim()
    .max(NEWSLETTER_LIMITS.displayName, stopWith(NEWSLETTER_MESSAGES.displayNameTooLong))
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
  page: pageField(),
  limit: limitField(SUBSCRIBERS_MAX_LIMIT, SUBSCRIBERS_DEFAULT_LIMIT),
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
  /**
   * Ours: how many of the matches are subscribed (receive the newsletter; the dashboard's
   * count); total counts the unsubscribed addresses too.
   */
  subscribed: z.number().int().nonnegative(),
});
export type SubscribersAnswer = z.infer<typeof SubscribersAnswerSchema>;

/** Answer of add-subscriber, unsubscribe and subscribe: the message and the row as it is now. */
export const SubscriberChangeSchema = z.object({
  message: z.string(),
  subscriber: SubscriberDtoSchema,
});
export type SubscriberChange = z.infer<typeof SubscriberChangeSchema>;

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

export const NewsletterSendsAnswerSchema = z.object({
  newsletters: z.array(NewsletterSendSchema),
  total: z.number().int().nonnegative(),
});
export type NewsletterSendsAnswer = z.infer<typeof NewsletterSendsAnswerSchema>;
