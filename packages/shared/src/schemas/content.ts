import { z } from 'zod';
import { TEXT_PAGE_NAMES, type TextPageName } from '../constants.ts';

/**
 * The content forms and answers (SPEC.md sections 2, 3, 5, 7 and 8): testimonials, gallery,
 * text pages, contact data, the contact form, notifications and the admin mail log. One schema
 * per form, used by the browser and by the API, carrying the spec's messages. Where the spec
 * gives no message, the wording is ours and is marked so.
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const limited = (message: string, max: number, tooLong: string) =>
  required(message).max(max, tooLong);

/** Loose but honest e-mail check: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

export const TESTIMONIAL_LIMITS = { name: 100, position: 150, text: 1000, imageUrl: 500 } as const;

/** Ours: the spec lists the call (imageUrl, name, position, text) but no messages. */
export const TESTIMONIAL_MESSAGES = {
  name: 'Name is required.',
  nameTooLong: `Name must be at most ${TESTIMONIAL_LIMITS.name} characters.`,
  position: 'Position is required.',
  positionTooLong: `Position must be at most ${TESTIMONIAL_LIMITS.position} characters.`,
  text: 'Testimonial text is required.',
  textTooLong: `Testimonial text must be at most ${TESTIMONIAL_LIMITS.text} characters.`,
  imageUrl: 'Image URL must be a web address starting with https://, http:// or /.',
  added: 'Testimonial added successfully!',
  notAdded: 'Error adding testimonial',
  deleted: 'Testimonial deleted successfully!',
  notDeleted: 'Error deleting testimonial',
  deleteConfirm: 'Are you sure you want to delete this testimonial?',
} as const;

/** An image address: absolute http(s) or a path on this site. Empty means "no picture". */
const IMAGE_URL_PATTERN = /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/i;

export const TestimonialInput = z.object({
  name: limited(
    TESTIMONIAL_MESSAGES.name,
    TESTIMONIAL_LIMITS.name,
    TESTIMONIAL_MESSAGES.nameTooLong,
  ),
  position: limited(
    TESTIMONIAL_MESSAGES.position,
    TESTIMONIAL_LIMITS.position,
    TESTIMONIAL_MESSAGES.positionTooLong,
  ),
  text: limited(
    TESTIMONIAL_MESSAGES.text,
    TESTIMONIAL_LIMITS.text,
    TESTIMONIAL_MESSAGES.textTooLong,
  ),
  imageUrl: z
    .string({ error: TESTIMONIAL_MESSAGES.imageUrl })
    .trim()
    .max(TESTIMONIAL_LIMITS.imageUrl, TESTIMONIAL_MESSAGES.imageUrl)
    .refine((value) => value === '' || IMAGE_URL_PATTERN.test(value), TESTIMONIAL_MESSAGES.imageUrl)
    .optional(),
});
export type TestimonialInput = z.infer<typeof TestimonialInput>;

export interface TestimonialDto {
  _id: string;
  name: string;
  position: string;
  text: string;
  /** null when the testimonial has no picture; the page shows initials instead. */
  imageUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

export const GALLERY_LIMITS = { title: 150, description: 2000 } as const;

export const GALLERY_MESSAGES = {
  // Spec (section 8):
  jpegOnly: 'Only JPG images are allowed',
  added: 'Picture added successfully!',
  notAdded: 'Error adding picture',
  deleted: 'Picture deleted successfully!',
  notDeleted: 'Error deleting picture',
  deleteConfirm: 'Are you sure you want to delete this image?',
  // Ours (the spec says only "required"):
  pictureRequired: 'Please choose a picture.',
  title: 'Title is required.',
  titleTooLong: `Title must be at most ${GALLERY_LIMITS.title} characters.`,
  description: 'Description is required.',
  descriptionTooLong: `Description must be at most ${GALLERY_LIMITS.description} characters.`,
} as const;

/** The text fields of the add-picture form; the picture (field pictureFile) travels beside them. */
export const GalleryInput = z.object({
  title: limited(GALLERY_MESSAGES.title, GALLERY_LIMITS.title, GALLERY_MESSAGES.titleTooLong),
  description: limited(
    GALLERY_MESSAGES.description,
    GALLERY_LIMITS.description,
    GALLERY_MESSAGES.descriptionTooLong,
  ),
});
export type GalleryInput = z.infer<typeof GalleryInput>;

export const GALLERY_PICTURE_FIELD = 'pictureFile';

export interface GalleryImageDto {
  _id: string;
  imageUrl: string;
  title: string;
  description: string;
}

// ---------------------------------------------------------------------------------------------
// Text pages
// ---------------------------------------------------------------------------------------------

/** Bytes of sanitised HTML one page may hold. */
export const TEXT_PAGE_MAX_CONTENT = 200_000;

export const TEXT_PAGE_MESSAGES = {
  // Spec: 'Failed to save page. ' plus the message or 'Please try again.'
  saved: 'Page saved successfully!',
  notSavedPrefix: 'Failed to save page. ',
  notSavedFallback: 'Please try again.',
  // Ours:
  page: 'Page is required.',
  unknownPage: 'There is no text page with this name.',
  content: 'Content is required.',
  contentTooLong: `The page is too long (at most ${TEXT_PAGE_MAX_CONTENT} characters of HTML).`,
} as const;

export function isTextPageName(value: string): value is TextPageName {
  return (TEXT_PAGE_NAMES as string[]).includes(value);
}

/** PUT /api/text_pages/{name}: the page comes from the path. */
export const TextPageInput = z.object({
  content: required(TEXT_PAGE_MESSAGES.content).max(
    TEXT_PAGE_MAX_CONTENT,
    TEXT_PAGE_MESSAGES.contentTooLong,
  ),
});
export type TextPageInput = z.infer<typeof TextPageInput>;

export interface TextPageDto {
  name: TextPageName;
  /** Sanitised HTML; '' for a page nobody has written yet. */
  content: string;
  updatedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Contact data (the shop's address) and the geocoder answer
// ---------------------------------------------------------------------------------------------

export const CONTACT_DATA_LIMITS = { address: 300, phone: 40, email: 254 } as const;

export const CONTACT_DATA_MESSAGES = {
  // Spec (section 8):
  updated: 'Contact data was updated successfully!',
  notUpdated: 'Contact data was not updated due to error!',
  // Ours (the spec says "required; email in valid format"):
  address: 'Address is required.',
  addressTooLong: `Address must be at most ${CONTACT_DATA_LIMITS.address} characters.`,
  phone: 'Phone is required.',
  phoneTooLong: `Phone must be at most ${CONTACT_DATA_LIMITS.phone} characters.`,
  email: 'Email is required.',
  emailFormat: 'Invalid email format.',
  latitude: 'Latitude must be a number from -90 to 90.',
  longitude: 'Longitude must be a number from -180 to 180.',
  coordinatesTogether: 'Give both latitude and longitude, or neither.',
} as const;

/** Optional coordinate typed as text in the form; '' or absent means "not given". */
const coordinate = (message: string, limit: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        return undefined;
      }
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(number) || Math.abs(number) > limit) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/**
 * PUT /api/contact-data. latitude and longitude are the embedded mode's way to place the map
 * (no geocoder); with a geocoder configured the server geocodes a changed address instead and
 * uses these only when the geocoder finds nothing.
 */
export const ContactDataInput = z
  .object({
    address: limited(
      CONTACT_DATA_MESSAGES.address,
      CONTACT_DATA_LIMITS.address,
      CONTACT_DATA_MESSAGES.addressTooLong,
    ),
    phone: limited(
      CONTACT_DATA_MESSAGES.phone,
      CONTACT_DATA_LIMITS.phone,
      CONTACT_DATA_MESSAGES.phoneTooLong,
    ),
    email: required(CONTACT_DATA_MESSAGES.email)
      .max(CONTACT_DATA_LIMITS.email, CONTACT_DATA_MESSAGES.emailFormat)
      .regex(EMAIL_PATTERN, CONTACT_DATA_MESSAGES.emailFormat),
    latitude: coordinate(CONTACT_DATA_MESSAGES.latitude, 90),
    longitude: coordinate(CONTACT_DATA_MESSAGES.longitude, 180),
  })
  .refine((value) => (value.latitude === undefined) === (value.longitude === undefined), {
    message: CONTACT_DATA_MESSAGES.coordinatesTogether,
    path: ['latitude'],
  });
export type ContactDataInput = z.input<typeof ContactDataInput>;

export interface ContactDataDto {
  address: string;
  phone: string;
  email: string;
  /** Where the map is centred; null when the address could not be placed. */
  latitude: number | null;
  longitude: number | null;
}

/** GET /api/geolocation?address=: the spec's list; the page uses the first entry's lat, lon. */
export interface GeolocationEntry {
  lat: string;
  lon: string;
  display_name: string;
}

// ---------------------------------------------------------------------------------------------
// Contact form
// ---------------------------------------------------------------------------------------------

export const INQUIRY_TYPES = ['general', 'sales', 'support', 'other'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  general: 'General inquiry',
  sales: 'Sales',
  support: 'Support',
  other: 'Other',
};

/** Digits, spaces, plus, parentheses, hyphen and dot, 7 to 20 characters (section 5). */
export const CONTACT_PHONE_PATTERN = /^[\d\s+().-]{7,20}$/;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  phoneMin: 7,
  phoneMax: 20,
} as const;

export const CONTACT_MESSAGES = {
  // Spec (sections 5 and 8):
  name: 'Name is required.',
  email: 'Email is required.',
  emailFormat: 'Invalid email format.',
  phone: 'Phone number is required.',
  phoneTooShort: 'Phone number is too short.',
  phoneFormat: 'Please enter a valid phone number (digits, spaces, +, (), -).',
  inquiryType: 'Please select an inquiry type.',
  message: 'Message cannot be empty.',
  invalidRequest: 'Invalid request.',
  captchaUnavailable: 'Captcha not available. Please refresh and try again.',
  captchaFailed: 'Captcha failed. Please refresh and try again.',
  failed: 'Failed to send. Please try again later.',
  sent: 'Your message has been sent—thank you!',
  // Ours:
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters.`,
  tooMany:
    'You have sent several messages in a short time. Please wait a few minutes and try again.',
} as const;

/**
 * The contact form's fields (section 5). Messages appear in this order: the first failing field
 * is the one the server names. companyFax and recaptcha_token2 are checked by the server apart
 * from the form rules.
 */
export const ContactMessageInput = z.object({
  name: limited(CONTACT_MESSAGES.name, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: required(CONTACT_MESSAGES.email)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailFormat)
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailFormat),
  phone: required(CONTACT_MESSAGES.phone)
    .min(CONTACT_LIMITS.phoneMin, CONTACT_MESSAGES.phoneTooShort)
    .regex(CONTACT_PHONE_PATTERN, CONTACT_MESSAGES.phoneFormat),
  inquiryType: z.enum(INQUIRY_TYPES, { error: CONTACT_MESSAGES.inquiryType }),
  message: limited(
    CONTACT_MESSAGES.message,
    CONTACT_LIMITS.message,
    CONTACT_MESSAGES.messageTooLong,
  ),
  /** The hidden trap: people leave it empty. */
  companyFax: z.string().optional(),
  /** The captcha token (reCAPTCHA v3, action contact_submit); absent when captcha is off. */
  recaptcha_token2: z.string().max(4000).optional(),
});
export type ContactMessageInput = z.input<typeof ContactMessageInput>;

export const CONTACT_CAPTCHA_ACTION = 'contact_submit';

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_LIMITS = { title: 150, body: 2000 } as const;

export const NOTIFICATION_MESSAGES = {
  // Spec (section 8):
  deleteConfirm: 'Are you sure you want to delete this notification?',
  // Ours:
  title: 'Title is required.',
  titleTooLong: `Title must be at most ${NOTIFICATION_LIMITS.title} characters.`,
  body: 'Body is required.',
  bodyTooLong: `Body must be at most ${NOTIFICATION_LIMITS.body} characters.`,
  added: 'Notification added successfully!',
  notAdded: 'Error adding notification',
  deleted: 'Notification deleted successfully!',
  notDeleted: 'Error deleting notification',
} as const;

/**
 * POST /api/notifications. The spec's client also sends dateTime and read; the server accepts
 * and ignores them: a notification is dated when the server stores it and is never "read" for
 * everyone (read state lives in each visitor's cookie).
 */
export const NotificationInput = z.object({
  title: limited(
    NOTIFICATION_MESSAGES.title,
    NOTIFICATION_LIMITS.title,
    NOTIFICATION_MESSAGES.titleTooLong,
  ),
  body: limited(
    NOTIFICATION_MESSAGES.body,
    NOTIFICATION_LIMITS.body,
    NOTIFICATION_MESSAGES.bodyTooLong,
  ),
  dateTime: z.unknown().optional(),
  read: z.unknown().optional(),
});
export type NotificationInput = z.input<typeof NotificationInput>;

export interface NotificationDto {
  _id: string;
  title: string;
  body: string;
  /** ISO 8601. */
  dateTime: string;
  read: false;
}

/** Most notifications the bell lists (newest first); older ones stay in the admin. */
export const NOTIFICATIONS_SHOWN = 20;

/** The read cookie: ids of notifications seen, joined by '.', newest kept when it gets long. */
export const NOTIFICATIONS_READ_COOKIE_MAX_IDS = 50;

export function parseReadNotificationIds(cookieValue: string | undefined | null): Set<string> {
  if (!cookieValue) return new Set();
  return new Set(
    cookieValue
      .split('.')
      .map((id) => id.trim())
      .filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
  );
}

export function serializeReadNotificationIds(ids: Iterable<string>): string {
  return [...ids].slice(0, NOTIFICATIONS_READ_COOKIE_MAX_IDS).join('.');
}

// ---------------------------------------------------------------------------------------------
// Admin mail log
// ---------------------------------------------------------------------------------------------

export const MAIL_LOG_PAGE_SIZE = 25;

export interface MailLogEntryDto {
  _id: string;
  to: string;
  subject: string;
  /** 'kept' = stored only (embedded mode), 'queued', 'sent', 'failed'. */
  status: 'kept' | 'queued' | 'sent' | 'failed';
  transport: 'database' | 'smtp';
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  relatedTo: string | null;
}

export interface MailLogPageDto {
  mails: MailLogEntryDto[];
  total: number;
}

/** GET /api/admin/mail/{id}: one mail with its text. */
export interface MailLogMessageDto extends MailLogEntryDto {
  from: string;
  textBody: string;
  htmlBody: string | null;
}
