/**
 * Turns the shop's address into a map position. Embedded mode has no geocoder (the admin types
 * the coordinates with the contact data); production uses Nominatim, only when the address
 * changes, through the database cache (cache.ts).
 */
export interface Geocoder {
  readonly kind: 'none' | 'nominatim';
  /** The best match for a free-text address, or null when there is none. Throws GeocoderError. */
  geocode(address: string): Promise<GeocodeResult | null>;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** The geocoder's full name for the place. */
  displayName: string;
}

/** The geocoder could not answer (unreachable, refused, nonsense); the message says why. */
export class GeocoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}
