import { EMAIL_PATTERN } from '@labshop/shared/schemas/content';
import { z } from 'zod';
import {
  attemptLimit,
  ConfigError,
  enumField,
  numberField,
  urlField,
  type VarsOf,
} from './fields.ts';

/**
 * The contact page: where the shop's address sits on the map, and the limits on what visitors
 * send the staff (the contact form, quote requests).
 */
export const contactFields = {
  GEOCODER: enumField(['none', 'nominatim'], { default: 'none' }),
  NOMINATIM_URL: urlField({ default: 'https://nominatim.openstreetmap.org' }),
  NOMINATIM_USER_AGENT: z
    .string()
    .regex(/^[^\r\n]+$/, 'must be one line')
    .optional(),
  NOMINATIM_EMAIL: z.string().regex(EMAIL_PATTERN, 'must be an e-mail address').optional(),
  CONTACT_RATE_LIMIT_MAX: attemptLimit(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: numberField({
    of: 'a number of seconds',
    integer: true,
    min: 1,
    max: 7 * 24 * 60 * 60,
    maxMeans: '7 days',
    default: 600,
  }),
  QUOTE_REQUEST_RATE_LIMIT_MAX: attemptLimit(10),
  MAP_TILE_URL: z
    .string()
    .regex(
      /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/,
      'must be an http(s) URL or a path with {z}, {x} and {y}',
    )
    .refine(
      (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
      'must contain {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z
    .string()
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
};

/** Where the shop's address is placed on the map: entered by hand, or looked up in Nominatim. */
export type GeocoderConfig =
  { kind: 'none' } | { kind: 'nominatim'; url: string; userAgent: string; email: string | null };

export interface ContactSettings {
  geocoder: GeocoderConfig;
  /** POST /api/contact: at most `max` messages per client IP in `windowMs`. */
  contactRateLimit: { max: number; windowMs: number };
  /** POST /api/account/quotes: at most `max` requests per client IP in 10 minutes. */
  quoteRequestRateLimit: { max: number; windowMs: number };
  /** The contact page's map (Leaflet). */
  map: { tileUrl: string; attribution: string };
}

export function contactSettings(vars: VarsOf<typeof contactFields>): ContactSettings {
  return {
    geocoder: geocoderConfig(vars),
    contactRateLimit: {
      max: vars.CONTACT_RATE_LIMIT_MAX,
      windowMs: vars.CONTACT_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    quoteRequestRateLimit: { max: vars.QUOTE_REQUEST_RATE_LIMIT_MAX, windowMs: 600_000 },
    map: { tileUrl: vars.MAP_TILE_URL, attribution: vars.MAP_ATTRIBUTION },
  };
}

function geocoderConfig(vars: VarsOf<typeof contactFields>): GeocoderConfig {
  if (vars.GEOCODER === 'none') return { kind: 'none' };
  // The public instance refuses stock library User-Agents: say who is asking.
  if (!vars.NOMINATIM_USER_AGENT) {
    throw new ConfigError([
      'NOMINATIM_USER_AGENT: is required when GEOCODER is nominatim (name the shop and a contact, e.g. "labshop/1.0 (it@shop.example)")',
    ]);
  }
  return {
    kind: 'nominatim',
    url: vars.NOMINATIM_URL.replace(/\/+$/, ''),
    userAgent: vars.NOMINATIM_USER_AGENT,
    email: vars.NOMINATIM_EMAIL ?? null,
  };
}
