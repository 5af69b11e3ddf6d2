import type { GeocoderConfig } from '../../config/index.ts';
import { GeocoderError, type GeocodeResult, type Geocoder } from './port.ts';

export type NominatimConfig = Extract<GeocoderConfig, { kind: 'nominatim' }>;

export interface NominatimOptions {
  /** Longest wait for an answer. */
  timeoutMs?: number;
  /** Least time between two requests to one Nominatim server (its policy: one per second). */
  minIntervalMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MIN_INTERVAL_MS = 1_000;

/**
 * The queue of requests to each Nominatim server, for the whole process: every adapter made
 * for the same URL shares it, and the next request starts `intervalMs` after the previous one
 * was answered, so the server never sees more than one request per second from the shop
 * (https://operations.osmfoundation.org/policies/nominatim/).
 */
const queues = new Map<string, Promise<void>>();

async function inTurn<T>(server: string, intervalMs: number, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(server) ?? Promise.resolve();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  queues.set(
    server,
    finished.then(() => new Promise<void>((resolve) => setTimeout(resolve, intervalMs).unref())),
  );
  await previous;
  try {
    return await work();
  } finally {
    done();
  }
}

/** One element of a jsonv2 search answer; lat and lon are strings. */
interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/**
 * Nominatim search (https://nominatim.org/release-docs/latest/api/Search/):
 * `GET /search?q=&format=jsonv2&limit=1` with an identifying User-Agent. `[]` means no match.
 */
export function createNominatimGeocoder(
  config: NominatimConfig,
  options: NominatimOptions = {},
): Geocoder {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const base = config.url.replace(/\/+$/, '');

  return {
    kind: 'nominatim',
    async geocode(address): Promise<GeocodeResult | null> {
      const url = new URL(`${base}/search`);
      url.searchParams.set('q', address);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '1');
      if (config.email) url.searchParams.set('email', config.email);

      let response: Response;
      try {
        response = await inTurn(base, minIntervalMs, () =>
          fetch(url, {
            headers: {
              'user-agent': config.userAgent,
              accept: 'application/json',
              'accept-language': 'en',
            },
            // Started once it is this request's turn: waiting in the queue does not count.
            signal: AbortSignal.timeout(timeoutMs),
          }),
        );
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : error instanceof Error
              ? ((error.cause as Error | undefined)?.message ?? error.message)
              : String(error);
        throw new GeocoderError(`Nominatim at ${base} could not be reached: ${reason}`, {
          cause: error,
        });
      }
      if (response.status === 429 || response.status === 403) {
        await response.body?.cancel();
        throw new GeocoderError(
          `Nominatim at ${base} refused the lookup (HTTP ${response.status}): it allows one request per second and needs an identifying NOMINATIM_USER_AGENT; the address was not placed, try again later`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GeocoderError(`Nominatim at ${base} answered HTTP ${response.status}`);
      }
      let places: unknown;
      try {
        places = await response.json();
      } catch (error) {
        throw new GeocoderError(`Nominatim at ${base} answered something that is not JSON`, {
          cause: error,
        });
      }
      if (!Array.isArray(places)) {
        throw new GeocoderError(
          `Nominatim at ${base} answered no list (is format=jsonv2 supported?)`,
        );
      }
      const first = places[0] as NominatimPlace | undefined;
      if (!first) return null;
      const latitude = Number(first.lat);
      const longitude = Number(first.lon);
      if (
        typeof first.lat !== 'string' ||
        typeof first.lon !== 'string' ||
        !Number.isFinite(latitude) ||
        !Number.isFinite(longitude) ||
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180
      ) {
        throw new GeocoderError(`Nominatim at ${base} answered a place without valid lat/lon`);
      }
      return {
        latitude,
        longitude,
        displayName: typeof first.display_name === 'string' ? first.display_name : address,
      };
    },
  };
}
