/**
 * Freight on every order (issue 37, beyond SPEC.md): products have an optional shipping weight,
 * and the staff keep a freight table of US zones (states), each with a flat rate or rates by
 * weight band. An order shipped to a state in a zone is charged its zone's rate for the cart's
 * weight, as a line of its own; where no rate applies (outside the US, a state in no zone, a
 * product without a weight under weight bands, a cart heavier than the last band) the order
 * has no freight line and the SPEC's note 'Price does not include freight charges' stays.
 * Messages, limits, types and the estimate itself, without zod (freight-dto.ts has the schemas).
 */
import type { Cents } from '../money.ts';

export type {
  FreightBand,
  FreightEstimateAnswer,
  FreightTable,
  FreightTableAnswer,
  FreightZone,
} from './freight-dto.ts';

/** SPEC.md's note (checkout page), wherever an order has no freight line; without a stop. */
export const FREIGHT_NOTE = 'Price does not include freight charges';
/** Said instead of the note where the order has its freight line. */
export const FREIGHT_INCLUDED = 'Freight is included in the total.';

export const FREIGHT_LIMITS = {
  zones: 20,
  zoneName: 60,
  /** Weight bands in one zone. */
  bands: 12,
  /** The heaviest band edge and product weight, pounds. */
  weightLb: 10_000,
  /** The largest rate, dollars. */
  price: 100_000,
  /** Cart lines one estimate weighs. */
  items: 200,
} as const;

export const FREIGHT_MESSAGES = {
  zoneName: `Each zone needs a name of at most ${FREIGHT_LIMITS.zoneName} characters.`,
  zoneNameTwice: (name: string) => `Two zones are named ${name}.`,
  tooManyZones: `The freight table can have at most ${FREIGHT_LIMITS.zones} zones.`,
  noStates: (zone: string) => `Zone ${zone} needs at least one state.`,
  unknownState: (state: string) => `${state} is not a US state code.`,
  stateTwice: (state: string, first: string, second: string) =>
    `${state} is in two zones: ${first} and ${second}.`,
  noRates: (zone: string) => `Zone ${zone} needs a rate.`,
  tooManyBands: (zone: string) =>
    `Zone ${zone} can have at most ${FREIGHT_LIMITS.bands} weight bands.`,
  bandsUp: (zone: string) =>
    `The weight bands of ${zone} must go up: each "up to" weight above the one before.`,
  openBandLast: (zone: string) => `Only the last band of ${zone} can have no upper weight.`,
  weight: `A weight must be a number of pounds above 0 and at most ${FREIGHT_LIMITS.weightLb.toLocaleString('en-US')}, with two decimals at most.`,
  price: `Each rate must be an amount from $0.00 to $${FREIGHT_LIMITS.price.toLocaleString('en-US')}.00, in cents at most.`,
  /** The product form's shipping weight. */
  productWeight: `Shipping weight must be a number of pounds above 0 and at most ${FREIGHT_LIMITS.weightLb.toLocaleString('en-US')} (two decimals at most), or empty.`,
  item: 'Each item must be a product number and a quantity from 1 to 999, as NUMBER:QUANTITY.',
  tooManyItems: `A freight estimate weighs at most ${FREIGHT_LIMITS.items} lines.`,
} as const;

/** Why an order has no freight estimate (the SPEC's note is shown instead). */
export const NO_FREIGHT_REASONS = [
  /** The staff have no rates for anywhere yet. */
  'no-table',
  /** The ship-to state is not known yet. */
  'no-state',
  'outside-us',
  /** The state is in no zone. */
  'no-zone',
  /** The zone rates by weight, and a product has no shipping weight. */
  'no-weight',
  /** Heavier than the zone's last band. */
  'too-heavy',
] as const;
export type NoFreightReason = (typeof NO_FREIGHT_REASONS)[number];

/** A zone as the server reckons with it: rates in cents, `upToLb` null for "and over". */
export interface FreightZoneRates {
  name: string;
  states: readonly string[];
  bands: readonly { upToLb: number | null; cents: Cents }[];
}

export interface FreightLine {
  quantity: number;
  /** Pounds per item; null when the product has none. */
  weightLb: number | null;
}

export type FreightQuote =
  | { cents: Cents; zone: string; weightLb: number | null; reason: null }
  | { cents: null; zone: string | null; weightLb: number | null; reason: NoFreightReason };

/**
 * GET /api/freight-estimate's query for these lines shipped to `place`, or null when no estimate
 * can apply whatever the table (no state yet, outside the US, no lines): nothing to ask.
 */
export function freightEstimateQuery(
  lines: readonly { number: string; quantity: number }[],
  place: { country: string; state: string },
): string | null {
  if (place.country !== 'US' || place.state === '' || lines.length === 0) return null;
  const query = new URLSearchParams({ country: 'US', state: place.state });
  for (const line of lines) query.append('item', `${line.number}:${line.quantity}`);
  return query.toString();
}

/** Pounds to two decimals, as weights are kept and shown. */
const roundLb = (lb: number) => Math.round(lb * 100) / 100;

/**
 * The freight an order shipped to `place` pays, from the zones' rates: a flat rate (one band
 * with no upper weight) whatever the weight; else the first band the cart's weight fits.
 */
export function freightFor(
  zones: readonly FreightZoneRates[],
  place: { country: string; state: string },
  lines: readonly FreightLine[],
): FreightQuote {
  const weights = lines.map((line) =>
    line.weightLb === null ? null : line.weightLb * line.quantity,
  );
  const weightLb = weights.every((w) => w !== null)
    ? roundLb(weights.reduce((sum: number, w) => sum + (w ?? 0), 0))
    : null;
  const none = (reason: NoFreightReason, zone: string | null = null): FreightQuote => ({
    cents: null,
    zone,
    weightLb,
    reason,
  });
  if (zones.length === 0) return none('no-table');
  if (place.state.trim() === '') return none('no-state');
  if (place.country !== 'US') return none('outside-us');
  const state = place.state.trim().toUpperCase();
  const zone = zones.find((candidate) => candidate.states.includes(state));
  if (!zone) return none('no-zone');
  const [first] = zone.bands;
  if (zone.bands.length === 1 && first && first.upToLb === null) {
    return { cents: first.cents, zone: zone.name, weightLb, reason: null };
  }
  if (weightLb === null) return none('no-weight', zone.name);
  const band = zone.bands.find(
    (candidate) => candidate.upToLb === null || weightLb <= candidate.upToLb,
  );
  if (!band) return none('too-heavy', zone.name);
  return { cents: band.cents, zone: zone.name, weightLb, reason: null };
}
