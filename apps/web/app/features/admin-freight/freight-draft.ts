import {
  FreightTableSchema,
  type FreightTable,
  type FreightTableAnswer,
  type FreightZone,
} from '@labshop/shared/schemas/freight-dto';
import { FREIGHT_MESSAGES } from '@labshop/shared/schemas/freight';
import { US_STATE_CODES } from '@labshop/shared/us-states';

/**
 * The Freight screen's form without React: the zones as the staff type them (text, as typed),
 * and the PUT body they make, checked with the contract's own schema so the messages are the
 * server's.
 */

export type RateKind = 'flat' | 'weight';

export interface BandDraft {
  /** Pounds as typed; empty: no upper weight ("and over"), for the last band only. */
  upToLb: string;
  /** Dollars as typed. */
  price: string;
}

export interface ZoneDraft {
  /** Tells the zone cards apart while zones are added and removed; never sent. */
  key: number;
  name: string;
  /** USPS codes, in the picker's order. */
  states: string[];
  rate: RateKind;
  /** The flat rate, dollars as typed. */
  flatPrice: string;
  /** The weight bands; kept while the flat rate is chosen, so switching back loses nothing. */
  bands: BandDraft[];
}

const EMPTY_BAND: BandDraft = { upToLb: '', price: '' };

/** An amount as a rate field shows it: '25.00'. */
const amountText = (dollars: number) => dollars.toFixed(2);

/** One band with no upper weight: the same rate whatever the order weighs. */
function isFlat(zone: FreightZone): boolean {
  const [first] = zone.bands;
  return zone.bands.length === 1 && first !== undefined && first.upToLb === null;
}

export function emptyZone(key: number): ZoneDraft {
  return { key, name: '', states: [], rate: 'flat', flatPrice: '', bands: [{ ...EMPTY_BAND }] };
}

export function emptyBand(): BandDraft {
  return { ...EMPTY_BAND };
}

/** The zones of a stored table, as the form shows them. */
export function draftOf(table: FreightTableAnswer): ZoneDraft[] {
  return table.zones.map((zone, index) => {
    const flat = isFlat(zone);
    return {
      key: index,
      name: zone.name,
      states: [...zone.states],
      rate: flat ? 'flat' : 'weight',
      flatPrice: flat ? amountText(zone.bands[0]!.price) : '',
      bands: flat
        ? [emptyBand()]
        : zone.bands.map((band) => ({
            upToLb: band.upToLb === null ? '' : String(band.upToLb),
            price: amountText(band.price),
          })),
    };
  });
}

/** A typed number; NaN when it is not one (empty included), which the schema refuses. */
function typedNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The PUT body before its check: typed text made numbers (NaN where it is not one). */
function rawTable(zones: readonly ZoneDraft[]): FreightTable {
  return {
    zones: zones.map((zone) => ({
      name: zone.name,
      states: zone.states,
      bands:
        zone.rate === 'flat'
          ? [{ upToLb: null, price: typedNumber(zone.flatPrice) }]
          : zone.bands.map((band) => ({
              upToLb: band.upToLb.trim() === '' ? null : typedNumber(band.upToLb),
              price: typedNumber(band.price),
            })),
    })),
  };
}

/**
 * Whether two drafts would save the same table (typing '12.5' for '12.50' is no change; text
 * that is no number yet is compared as typed).
 */
export function sameZones(a: readonly ZoneDraft[], b: readonly ZoneDraft[]): boolean {
  const text = (zones: readonly ZoneDraft[]) =>
    JSON.stringify(rawTable(zones), (_key, value: unknown) =>
      typeof value === 'number' && Number.isNaN(value) ? 'not a number' : value,
    );
  return text(a) === text(b);
}

/** Where a message shows: a zone's name, states, flat rate, rates, or one band's field. */
export type FieldKey =
  | `${number}:name`
  | `${number}:states`
  | `${number}:flat`
  | `${number}:rates`
  | `${number}:upToLb:${number}`
  | `${number}:price:${number}`;

export type FreightErrors = Partial<Record<FieldKey, string>>;

export type FreightCheck =
  | { ok: true; body: FreightTable }
  | {
      ok: false;
      /** The first message, for the screen's alert. */
      first: string;
      /** Where the first message belongs; null for the table as a whole. */
      firstField: FieldKey | null;
      /** The first message of each field or zone part it concerns. */
      errors: FreightErrors;
    };

/** Whether a zone's own message is about its states (none, or a code that is none). */
function isStatesMessage(zone: ZoneDraft, message: string): boolean {
  return (
    message === FREIGHT_MESSAGES.noStates(zone.name.trim()) ||
    zone.states.some((state) => message === FREIGHT_MESSAGES.unknownState(state))
  );
}

/** Where an issue of the schema belongs on the form; null for the table as a whole. */
function fieldOf(
  path: readonly PropertyKey[],
  message: string,
  zones: readonly ZoneDraft[],
): FieldKey | null {
  const [top, zoneIndex, part, bandIndex, bandField] = path;
  if (top !== 'zones' || typeof zoneIndex !== 'number') return null;
  const zone = zones[zoneIndex];
  if (part === 'name') return `${zoneIndex}:name`;
  if (part === 'states') return `${zoneIndex}:states`;
  if (part === 'bands' && typeof bandIndex === 'number') {
    if (zone?.rate === 'flat') return `${zoneIndex}:flat`;
    if (bandField === 'upToLb' || bandField === 'price') {
      return `${zoneIndex}:${bandField}:${bandIndex}`;
    }
  }
  // The zone's own checks: its states, else its rates.
  if (zone && isStatesMessage(zone, message)) return `${zoneIndex}:states`;
  return zone?.rate === 'flat' ? `${zoneIndex}:flat` : `${zoneIndex}:rates`;
}

/** The zones as the PUT body, or the contract's messages for what is not right. */
export function checkZones(zones: readonly ZoneDraft[]): FreightCheck {
  const result = FreightTableSchema.safeParse(rawTable(zones));
  if (result.success) return { ok: true, body: result.data };
  const errors: FreightErrors = {};
  const fields = result.error.issues.map((issue) => {
    const field = fieldOf(issue.path, issue.message, zones);
    if (field && errors[field] === undefined) errors[field] = issue.message;
    return field;
  });
  return {
    ok: false,
    first: result.error.issues[0]?.message ?? '',
    firstField: fields[0] ?? null,
    errors,
  };
}

const CODE_ORDER = new Map<string, number>(US_STATE_CODES.map((code, index) => [code, index]));

/** The zone's states with `code` added or taken out, in the picker's order. */
export function withState(states: readonly string[], code: string, chosen: boolean): string[] {
  const rest = states.filter((state) => state !== code);
  const next = chosen ? [...rest, code] : rest;
  return next.sort((a, b) => (CODE_ORDER.get(a) ?? 0) - (CODE_ORDER.get(b) ?? 0));
}

/** Each state code to the first zone (index) that has it. */
export function zoneOfState(zones: readonly ZoneDraft[]): Map<string, number> {
  const owners = new Map<string, number>();
  zones.forEach((zone, index) => {
    for (const state of zone.states) if (!owners.has(state)) owners.set(state, index);
  });
  return owners;
}

/** The state codes no zone has: orders shipped there get no freight estimate. */
export function statesInNoZone(zones: readonly ZoneDraft[]): string[] {
  const owners = zoneOfState(zones);
  return US_STATE_CODES.filter((code) => !owners.has(code));
}
