import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { geocodeCache } from '../../db/schema/index.ts';
import type { GeocodeResult, Geocoder } from './port.ts';

/** A "nothing found" answer is asked again after this long (the map data may have improved). */
const NO_MATCH_TTL_MS = 24 * 60 * 60 * 1000;

/** The cache key: case, surrounding and repeated spaces do not make a different address. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface CachedGeocode {
  /** null when the geocoder found nothing for the address. */
  result: GeocodeResult | null;
  lookedUpAt: Date;
}

/**
 * The geocoder behind the `geocode_cache` table: each address is sent to the geocoder at most
 * once (a no-match again after a day), and `cached` answers from the table alone.
 */
export interface CachedGeocoder {
  readonly kind: Geocoder['kind'];
  /** From the cache, else from the geocoder (and then cached). Throws GeocoderError. */
  lookup(address: string): Promise<GeocodeResult | null>;
  /** Only what the cache holds; never calls the geocoder. */
  cached(address: string): Promise<CachedGeocode | null>;
}

export function createCachedGeocoder(
  db: Database,
  geocoder: Geocoder,
  now: () => Date = () => new Date(),
): CachedGeocoder {
  const cached = async (address: string): Promise<CachedGeocode | null> => {
    const [row] = await db
      .select()
      .from(geocodeCache)
      .where(eq(geocodeCache.address, normalizeAddress(address)))
      .limit(1);
    if (!row) return null;
    return {
      result:
        row.latitude === null || row.longitude === null
          ? null
          : {
              latitude: row.latitude,
              longitude: row.longitude,
              displayName: row.displayName ?? address,
            },
      lookedUpAt: row.lookedUpAt,
    };
  };

  return {
    kind: geocoder.kind,
    cached,
    async lookup(address) {
      const hit = await cached(address);
      if (hit && (hit.result || now().getTime() - hit.lookedUpAt.getTime() < NO_MATCH_TTL_MS)) {
        return hit.result;
      }
      const result = await geocoder.geocode(address);
      const row = {
        latitude: result?.latitude ?? null,
        longitude: result?.longitude ?? null,
        displayName: result?.displayName ?? null,
        provider: geocoder.kind,
        lookedUpAt: now(),
      };
      await db
        .insert(geocodeCache)
        .values({ address: normalizeAddress(address), ...row })
        .onConflictDoUpdate({ target: geocodeCache.address, set: row });
      return result;
    },
  };
}
