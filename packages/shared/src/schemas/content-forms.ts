import { z } from 'zod';
import {
  CONTACT_DATA_LIMITS,
  CONTACT_DATA_MESSAGES,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_PHONE_PATTERN,
  EMAIL_PATTERN,
  GALLERY_LIMITS,
  GALLERY_MESSAGES,
  INQUIRY_TYPES,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  TESTIMONIAL_LIMITS,
  TESTIMONIAL_MESSAGES,
  TEXT_PAGE_MAX_CONTENT,
  TEXT_PAGE_MESSAGES,
} from './content-rules.ts';
import { isProtocolRelative, stopWith } from './field-checks.ts';

/**
 * The zod schemas of the content forms, with the messages and limits of content-rules.ts. Every
 * text has a length limit, checked before any pattern and ending the field's checks when it
 * fails (field-checks.ts).
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const limited = (message: string, max: number, tooLong: string) =>
  required(message).max(max, stopWith(tooLong));

/**
 * An image address: absolute http(s), or a path on this site (but not `//host/x` nor
 * `/\host/x`: isProtocolRelative). Empty means "no picture".
 */
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
    .max(TESTIMONIAL_LIMITS.imageUrl, stopWith(TESTIMONIAL_MESSAGES.imageUrl))
    .refine(
      (value) => value === '' || (IMAGE_URL_PATTERN.test(value) && !isProtocolRelative(value)),
      TESTIMONIAL_MESSAGES.imageUrl,
    )
    .optional(),
});
export type TestimonialInput = z.infer<typeof TestimonialInput>;

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

/** PUT /api/text_pages/{name}: the page comes from the path. */
export const TextPageInput = z.object({
  content: required(TEXT_PAGE_MESSAGES.content).max(
    TEXT_PAGE_MAX_CONTENT,
    stopWith(TEXT_PAGE_MESSAGES.contentTooLong),
  ),
});
export type TextPageInput = z.infer<typeof TextPageInput>;

/**
 * Optional coordinate typed as text in the form; '' or absent means "not given". 40 characters
 * hold any number a person types.
 */
const coordinate = (message: string, limit: number) =>
  z
    .union([z.string().max(40, message), z.number()], { error: message })
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
      .max(CONTACT_DATA_LIMITS.email, stopWith(CONTACT_DATA_MESSAGES.emailFormat))
      .regex(EMAIL_PATTERN, CONTACT_DATA_MESSAGES.emailFormat),
    latitude: coordinate(CONTACT_DATA_MESSAGES.latitude, 90),
    longitude: coordinate(CONTACT_DATA_MESSAGES.longitude, 180),
  })
  .refine((value) => (value.latitude === undefined) === (value.longitude === undefined), {
    message: CONTACT_DATA_MESSAGES.coordinatesTogether,
    path: ['latitude'],
  });
export type ContactDataInput = z.input<typeof ContactDataInput>;

/**
 * The contact form's fields (section 5). Messages appear in this order: the first failing field
 * is the one the server names. companyFax and recaptcha_token2 are checked by the server apart
 * from the form rules.
 */
export const ContactMessageInput = z.object({
  name: limited(CONTACT_MESSAGES.name, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: required(CONTACT_MESSAGES.email)
    .max(CONTACT_LIMITS.email, stopWith(CONTACT_MESSAGES.emailFormat))
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailFormat),
  phone: required(CONTACT_MESSAGES.phone)
    .min(CONTACT_LIMITS.phoneMin, CONTACT_MESSAGES.phoneTooShort)
    .max(CONTACT_LIMITS.phoneMax, stopWith(CONTACT_MESSAGES.phoneFormat))
    .regex(CONTACT_PHONE_PATTERN, CONTACT_MESSAGES.phoneFormat),
  inquiryType: z.enum(INQUIRY_TYPES, { error: CONTACT_MESSAGES.inquiryType }),
  message: limited(
    CONTACT_MESSAGES.message,
    CONTACT_LIMITS.message,
    CONTACT_MESSAGES.messageTooLong,
  ),
  /** The hidden trap: people leave it empty. */
  companyFax: z.string().max(CONTACT_LIMITS.companyFax, CONTACT_MESSAGES.invalidRequest).optional(),
  /** The captcha token (reCAPTCHA v3, action contact_submit); absent when captcha is off. */
  recaptcha_token2: z.string().max(4000).optional(),
});
export type ContactMessageInput = z.input<typeof ContactMessageInput>;

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
