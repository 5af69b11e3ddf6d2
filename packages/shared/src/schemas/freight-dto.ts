import { z } from 'zod';
import { isUsStateCode } from '../us-states.ts';
import { FREIGHT_LIMITS, FREIGHT_MESSAGES, NO_FREIGHT_REASONS } from './freight.ts';

/**
 * The freight calls' schemas (issue 37). Amounts are dollars (two decimals at most), weights
 * pounds (two decimals at most).
 */

/** Whole hundredths: 12.5 and 12.50 are fine, 12.505 is not. */
const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const weightLb = () =>
  z
    .number({ error: FREIGHT_MESSAGES.weight })
    .gt(0, FREIGHT_MESSAGES.weight)
    .max(FREIGHT_LIMITS.weightLb, FREIGHT_MESSAGES.weight)
    .refine(hundredths, FREIGHT_MESSAGES.weight);

const price = () =>
  z
    .number({ error: FREIGHT_MESSAGES.price })
    .min(0, FREIGHT_MESSAGES.price)
    .max(FREIGHT_LIMITS.price, FREIGHT_MESSAGES.price)
    .refine(hundredths, FREIGHT_MESSAGES.price);

/** One rate: up to this weight (null: any weight above the band before, or a flat rate). */
export const FreightBandSchema = z.object({
  upToLb: weightLb().nullable(),
  price: price(),
});
export type FreightBand = z.infer<typeof FreightBandSchema>;

export const FreightZoneSchema = z
  .object({
    name: z
      .string({ error: FREIGHT_MESSAGES.zoneName })
      .trim()
      .min(1, FREIGHT_MESSAGES.zoneName)
      .max(FREIGHT_LIMITS.zoneName, FREIGHT_MESSAGES.zoneName),
    /** US state codes (USPS). */
    states: z.array(z.string().trim().toUpperCase().max(2)).max(80),
    /** One band with no upper weight is a flat rate; else bands going up by weight. */
    bands: z.array(FreightBandSchema),
  })
  .superRefine((zone, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if (zone.states.length === 0) problem(FREIGHT_MESSAGES.noStates(zone.name));
    for (const state of zone.states) {
      if (!isUsStateCode(state)) problem(FREIGHT_MESSAGES.unknownState(state));
    }
    if (zone.bands.length === 0) problem(FREIGHT_MESSAGES.noRates(zone.name));
    if (zone.bands.length > FREIGHT_LIMITS.bands) problem(FREIGHT_MESSAGES.tooManyBands(zone.name));
    zone.bands.forEach((band, index) => {
      const last = index === zone.bands.length - 1;
      if (band.upToLb === null && !last) problem(FREIGHT_MESSAGES.openBandLast(zone.name));
      const before = zone.bands[index - 1]?.upToLb;
      if (
        band.upToLb !== null &&
        before !== undefined &&
        before !== null &&
        band.upToLb <= before
      ) {
        problem(FREIGHT_MESSAGES.bandsUp(zone.name));
      }
    });
  });
export type FreightZone = z.infer<typeof FreightZoneSchema>;

/** PUT /api/admin/freight: the whole table; each state in one zone at most. */
export const FreightTableSchema = z
  .object({
    zones: z.array(FreightZoneSchema).max(FREIGHT_LIMITS.zones, FREIGHT_MESSAGES.tooManyZones),
  })
  .superRefine((table, context) => {
    const zoneOf = new Map<string, string>();
    const names = new Set<string>();
    for (const zone of table.zones) {
      const name = zone.name.toLowerCase();
      if (names.has(name)) {
        context.addIssue({ code: 'custom', message: FREIGHT_MESSAGES.zoneNameTwice(zone.name) });
      }
      names.add(name);
      for (const state of zone.states) {
        const first = zoneOf.get(state);
        if (first !== undefined) {
          const message = FREIGHT_MESSAGES.stateTwice(state, first, zone.name);
          context.addIssue({ code: 'custom', message });
        }
        zoneOf.set(state, zone.name);
      }
    }
  });
export type FreightTable = z.infer<typeof FreightTableSchema>;

/** GET /api/admin/freight. */
export const FreightTableAnswerSchema = FreightTableSchema.safeExtend({
  /** ISO 8601; null until the staff first save one. */
  updatedAt: z.string().nullable(),
});
export type FreightTableAnswer = z.infer<typeof FreightTableAnswerSchema>;

/** `NUMBER:QUANTITY`, split at the last colon. */
const freightItem = z
  .string()
  .max(80, FREIGHT_MESSAGES.item)
  .transform((value, context) => {
    const at = value.lastIndexOf(':');
    const number = value.slice(0, at).trim();
    const quantity = Number(value.slice(at + 1));
    if (at < 1 || number === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) {
      context.addIssue({ code: 'custom', message: FREIGHT_MESSAGES.item });
      return z.NEVER;
    }
    return { number, quantity };
  });

/** GET /api/freight-estimate?country=US&state=OH&item=AG-210:2&item=VB-12:1 */
export const FreightEstimateQuery = z.object({
  country: z.string().trim().toUpperCase().max(2).default('US'),
  state: z.string().trim().max(60).default(''),
  /** Repeated once per line; one alone arrives as a string. */
  item: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(freightItem)
      .min(1, FREIGHT_MESSAGES.item)
      .max(FREIGHT_LIMITS.items, FREIGHT_MESSAGES.tooManyItems),
  ),
});
export type FreightEstimateQuery = z.input<typeof FreightEstimateQuery>;

/** The estimate; `freight` null with a reason where none applies (the SPEC's note then). */
export const FreightEstimateAnswerSchema = z.object({
  /** Dollars. */
  freight: z.number().nullable(),
  zone: z.string().nullable(),
  /** The cart's weight, pounds; null when a product has none. */
  weightLb: z.number().nullable(),
  reason: z.enum(NO_FREIGHT_REASONS).nullable(),
});
export type FreightEstimateAnswer = z.infer<typeof FreightEstimateAnswerSchema>;
