import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { geocodeCache } from '../../../src/db/schema/index.ts';
import {
  createCachedGeocoder,
  normalizeAddress,
} from '../../../src/integrations/geocoder/cache.ts';
import { createGeocoder } from '../../../src/integrations/geocoder/index.ts';
import {
  createNominatimGeocoder,
  type NominatimConfig,
} from '../../../src/integrations/geocoder/nominatim.ts';
import { GeocoderError } from '../../../src/integrations/geocoder/port.ts';
import { startFakeNominatim, type FakeNominatim } from '../../fakes/nominatim.ts';
import { openTestDatabase } from '../../support/helper.ts';

/** The Nominatim adapter and the geocoder cache, against a local Nominatim. */
const USER_AGENT = 'labshop-tests/1.0 (it@labshop.example)';
const TOLEDO = {
  lat: '41.6528052',
  lon: '-83.5378674',
  display_name: 'Toledo, Lucas County, Ohio, United States',
};
const DENVER = {
  lat: '39.7392364',
  lon: '-104.9848623',
  display_name: 'Denver, Colorado, United States',
};

let nominatim: FakeNominatim;
let database: DatabaseHandle;

beforeAll(async () => {
  nominatim = await startFakeNominatim();
  nominatim.place('1250 Industrial Pkwy, Toledo, OH 43612', TOLEDO);
  nominatim.place('Denver, CO', DENVER);
  database = await openTestDatabase();
});
afterAll(async () => {
  await nominatim.close();
  await database.close();
});
beforeEach(async () => {
  nominatim.setMode('ok');
  nominatim.requests.length = 0;
  await database.db.delete(geocodeCache);
});

function config(overrides: Partial<NominatimConfig> = {}): NominatimConfig {
  return {
    kind: 'nominatim',
    url: nominatim.url,
    userAgent: USER_AGENT,
    email: null,
    ...overrides,
  };
}

describe('Nominatim adapter', () => {
  it('searches with q, format=jsonv2 and limit=1, says who is asking, and reads string lat/lon', async () => {
    const geocoder = createNominatimGeocoder(config({ email: 'it@labshop.example' }), {
      minIntervalMs: 0,
    });

    const found = await geocoder.geocode('1250 Industrial Pkwy, Toledo, OH 43612');

    expect(found).toEqual({
      latitude: 41.6528052,
      longitude: -83.5378674,
      displayName: 'Toledo, Lucas County, Ohio, United States',
    });
    expect(nominatim.requests).toHaveLength(1);
    expect(nominatim.requests[0]).toMatchObject({
      q: '1250 Industrial Pkwy, Toledo, OH 43612',
      format: 'jsonv2',
      limit: '1',
      email: 'it@labshop.example',
      userAgent: USER_AGENT,
      status: 200,
    });
  });

  it('answers null when Nominatim finds nothing ([])', async () => {
    const geocoder = createNominatimGeocoder(config(), { minIntervalMs: 0 });
    await expect(geocoder.geocode('Nowhere Lane 0, Atlantis')).resolves.toBeNull();
    expect(nominatim.requests[0]?.status).toBe(200);
  });

  it('sends at most one request per second, however many lookups arrive together', async () => {
    // Two adapters for the same server share the process-wide queue.
    const first = createNominatimGeocoder(config());
    const second = createNominatimGeocoder(config());

    await Promise.all([
      first.geocode('Denver, CO'),
      second.geocode('1250 Industrial Pkwy, Toledo, OH 43612'),
      first.geocode('Nowhere Lane 0, Atlantis'),
    ]);

    const times = nominatim.requests.map((request) => request.at);
    expect(times).toHaveLength(3);
    for (let index = 1; index < times.length; index++) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(990);
    }
  });

  it('reports 429 (too many requests) as a clear error', async () => {
    nominatim.setMode('too-many-requests');
    const geocoder = createNominatimGeocoder(config(), { minIntervalMs: 0 });

    const failure = geocoder.geocode('Denver, CO');

    await expect(failure).rejects.toBeInstanceOf(GeocoderError);
    await expect(failure).rejects.toThrow(
      /refused the lookup \(HTTP 429\).*one request per second/,
    );
  });

  it('is refused (403) with a stock library User-Agent, and says to set NOMINATIM_USER_AGENT', async () => {
    const geocoder = createNominatimGeocoder(config({ userAgent: 'node' }), { minIntervalMs: 0 });
    await expect(geocoder.geocode('Denver, CO')).rejects.toThrow(/HTTP 403.*NOMINATIM_USER_AGENT/);
    expect(nominatim.requests[0]?.status).toBe(403);
  });

  it('gives up after its timeout, and when the server cannot be reached', async () => {
    nominatim.setMode('hang');
    const slow = createNominatimGeocoder(config(), { minIntervalMs: 0, timeoutMs: 300 });
    await expect(slow.geocode('Denver, CO')).rejects.toThrow(/no answer within 300 ms/);

    const gone = createNominatimGeocoder(config({ url: 'http://127.0.0.1:9' }), {
      minIntervalMs: 0,
    });
    await expect(gone.geocode('Denver, CO')).rejects.toThrow(/could not be reached/);
  });

  it('is chosen by configuration; GEOCODER=none looks nothing up', async () => {
    expect(createGeocoder({ kind: 'none' }).kind).toBe('none');
    await expect(createGeocoder({ kind: 'none' }).geocode('Denver, CO')).resolves.toBeNull();
    expect(nominatim.requests).toHaveLength(0);
    expect(createGeocoder(config()).kind).toBe('nominatim');
  });
});

describe('geocoder cache', () => {
  const cachedGeocoder = (now?: () => Date) =>
    createCachedGeocoder(database.db, createNominatimGeocoder(config(), { minIntervalMs: 0 }), now);

  it('asks Nominatim once per address; a repeat (any case or spacing) comes from the table', async () => {
    const geocoder = cachedGeocoder();

    const first = await geocoder.lookup('Denver, CO');
    const again = await geocoder.lookup('  denver,   co ');

    expect(again).toEqual(first);
    expect(first?.latitude).toBe(39.7392364);
    expect(nominatim.requests).toHaveLength(1);
    // Another instance of the shop (a new cached geocoder) uses the same table.
    await expect(cachedGeocoder().lookup('DENVER, CO')).resolves.toEqual(first);
    expect(nominatim.requests).toHaveLength(1);
    const [row] = await database.db.select().from(geocodeCache);
    expect(row).toMatchObject({
      address: 'denver, co',
      provider: 'nominatim',
      latitude: 39.7392364,
    });
  });

  it('remembers "nothing found" for a day, then asks again', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const geocoder = cachedGeocoder(() => now);

    await expect(geocoder.lookup('Nowhere Lane 0, Atlantis')).resolves.toBeNull();
    await expect(geocoder.lookup('Nowhere Lane 0, Atlantis')).resolves.toBeNull();
    expect(nominatim.requests).toHaveLength(1);

    now = new Date('2026-06-02T10:00:01Z');
    await geocoder.lookup('Nowhere Lane 0, Atlantis');
    expect(nominatim.requests).toHaveLength(2);
  });

  it('does not cache a failure, and `cached` never calls Nominatim', async () => {
    const geocoder = cachedGeocoder();
    nominatim.setMode('too-many-requests');
    await expect(geocoder.lookup('Denver, CO')).rejects.toThrow(/429/);
    await expect(geocoder.cached('Denver, CO')).resolves.toBeNull();

    nominatim.setMode('ok');
    await expect(geocoder.lookup('Denver, CO')).resolves.toMatchObject({ longitude: -104.9848623 });
    expect(nominatim.requests).toHaveLength(2);

    const before = nominatim.requests.length;
    await expect(geocoder.cached('Denver, CO')).resolves.toMatchObject({
      result: { latitude: 39.7392364 },
    });
    await expect(geocoder.cached('Somewhere never looked up')).resolves.toBeNull();
    expect(nominatim.requests).toHaveLength(before);
  });

  it('normalises addresses by case and whitespace only', () => {
    expect(normalizeAddress('  1250  Industrial\tPkwy,\nToledo ')).toBe(
      '1250 industrial pkwy, toledo',
    );
  });
});
