import { z } from 'zod';
import { TEXT_PAGE_NAMES, type TextPageName } from '../constants.ts';
import { MAIL_STATUSES } from './content-rules.ts';

/**
 * The content answers (SPEC.md sections 3 and 7), each written once: the zod schema is the
 * route's response schema (and the OpenAPI document's), the type is inferred from it. Pages
 * import the types only (content-rules.ts re-exports them), so zod stays out of their bundles.
 */

export const TestimonialDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  position: z.string(),
  text: z.string(),
  /** null when the testimonial has no picture; the page shows initials instead. */
  imageUrl: z.string().nullable(),
});
export type TestimonialDto = z.infer<typeof TestimonialDtoSchema>;

export const GalleryImageDtoSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  description: z.string(),
});
export type GalleryImageDto = z.infer<typeof GalleryImageDtoSchema>;

export const TextPageDtoSchema = z.object({
  name: z.enum(TEXT_PAGE_NAMES as [TextPageName, ...TextPageName[]]),
  /** Sanitised HTML; '' for a page nobody has written yet. */
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type TextPageDto = z.infer<typeof TextPageDtoSchema>;

export const ContactDataDtoSchema = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Where the map is centred; null when the address could not be placed. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ContactDataDto = z.infer<typeof ContactDataDtoSchema>;

/** GET /api/geolocation?address=: the spec's list; the page uses the first entry's lat, lon. */
export const GeolocationEntrySchema = z.object({
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
});
export type GeolocationEntry = z.infer<typeof GeolocationEntrySchema>;

export const NotificationDtoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  /** ISO 8601. */
  dateTime: z.string(),
  read: z.literal(false),
});
export type NotificationDto = z.infer<typeof NotificationDtoSchema>;

export const MailLogEntryDtoSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** 'kept' = stored only (embedded mode), 'queued', 'sent', 'failed'. */
  status: z.enum(MAIL_STATUSES),
  transport: z.enum(['database', 'smtp']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  relatedTo: z.string().nullable(),
});
export type MailLogEntryDto = z.infer<typeof MailLogEntryDtoSchema>;

/** GET /api/admin/mail: a page of the mail log, with the number of matching mails. */
export const MailLogPageDtoSchema = z.object({
  mails: z.array(MailLogEntryDtoSchema),
  total: z.number().int(),
});
export type MailLogPageDto = z.infer<typeof MailLogPageDtoSchema>;

/** GET /api/admin/mail/{id}: one mail with its text. */
export const MailLogMessageDtoSchema = MailLogEntryDtoSchema.extend({
  from: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
});
export type MailLogMessageDto = z.infer<typeof MailLogMessageDtoSchema>;
