import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const testimonials = pgTable('testimonials', {
  id: id(),
  name: text('name').notNull(),
  position: text('position').notNull(),
  text: text('text').notNull(),
  imageUrl: text('image_url'),
  ...timestamps,
});

export const galleryImages = pgTable('gallery_images', {
  id: id(),
  imageUrl: text('image_url').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  ...timestamps,
});

/** One row: the shop's address, phone and e-mail, with the geocoded position of the address. */
export const contactData = pgTable(
  'contact_data',
  {
    id: smallint('id').primaryKey().default(1),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The address the coordinates belong to; a changed address is geocoded again. */
    geocodedAddress: text('geocoded_address'),
    ...timestamps,
  },
  (table) => [check('contact_data_single_row', sql`${table.id} = 1`)],
);

/** Static text pages keyed by page name ('About', 'Privacy Policy', ...). */
export const textPages = pgTable('text_pages', {
  name: text('name').primaryKey(),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  ...timestamps,
});

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
    read: boolean('read').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('notifications_date_time_idx').on(table.dateTime)],
);

/**
 * Geocoder answers by normalised address (trimmed, lower case, single spaces), so an address is
 * looked up at most once (Nominatim's policy asks for caching). A row with no latitude records
 * that the geocoder found nothing.
 */
export const geocodeCache = pgTable('geocode_cache', {
  address: text('address').primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  displayName: text('display_name'),
  /** Which geocoder answered, e.g. 'nominatim'. */
  provider: text('provider').notNull(),
  lookedUpAt: timestamp('looked_up_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent through the contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  inquiryType: text('inquiry_type', { enum: ['general', 'sales', 'support', 'other'] }).notNull(),
  message: text('message').notNull(),
  ...timestamps,
});
