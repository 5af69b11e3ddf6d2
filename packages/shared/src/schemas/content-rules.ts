import { TEXT_PAGE_NAMES, type TextPageName } from '../constants.ts';

/**
 * The content forms and answers (SPEC.md sections 2, 3, 5, 7 and 8): testimonials, gallery,
 * text pages, contact data, the contact form, notifications and the admin mail log. This file
 * has their messages, limits and helpers, without zod; the forms' schemas are in
 * content-forms.ts, the answers' schemas in content-dto.ts, whose types are exported here as
 * types only. Where the spec gives no message, the wording is ours and is marked so.
 */

export type {
  ContactDataDto,
  GalleryImageDto,
  GeolocationEntry,
  MailLogEntryDto,
  MailLogMessageDto,
  MailLogPageDto,
  NotificationDto,
  TestimonialDto,
  TextPageDto,
} from './content-dto.ts';

/**
 * Loose but honest e-mail check: one @, a dot in the domain with something on both sides, no
 * spaces. Written so it cannot backtrack: the domain's first character, then up to its first
 * dot after that, then the rest. The same strings match as with `[^\s@]+\.[^\s@]+` for the
 * domain, which tried every dot and every split (quadratic: 40 KB took 4-5 s, issue 31).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

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

export const GALLERY_PICTURE_FIELD = 'pictureFile';

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
  /** The hidden trap field: people leave it empty. */
  companyFax: 200,
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

/** Most notifications the bell lists (newest first); older ones stay in the admin. */
export const NOTIFICATIONS_SHOWN = 20;

// The read cookie's helpers are in notification-read-cookie.ts: every page's bell loads them.
export * from './notification-read-cookie.ts';

// ---------------------------------------------------------------------------------------------
// Admin mail log
// ---------------------------------------------------------------------------------------------

export const MAIL_LOG_PAGE_SIZE = 25;
/** The mail log's search (recipient or subject) is at most this long. */
export const MAIL_LOG_SEARCH_MAX_LENGTH = 200;

export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * What a mail was about, for the mail log's filter: each kind is the start of the mails'
 * relatedTo ('newsletter:<id>', 'contact:<id>', ...), with its label.
 */
export const MAIL_KINDS = {
  newsletter: 'Newsletter',
  'newsletter-test': 'Newsletter test',
  'newsletter-signup': 'Newsletter sign-up',
  order: 'Order confirmation',
  contact: 'Contact form',
  payments: 'Payment alert',
} as const;
export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_VALUES = Object.keys(MAIL_KINDS) as [MailKind, ...MailKind[]];

/** The mail log's filters: each empty one filters nothing. */
export interface MailLogFilter {
  search: string;
  status: MailStatus | '';
  kind: MailKind | '';
}
