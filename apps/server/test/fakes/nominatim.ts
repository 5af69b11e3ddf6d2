import { createServer, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Nominatim (docs/EXTERNAL-APIS.md section 4): `GET /search?q=&format=jsonv2`
 * answers canned jsonv2 arrays (lat and lon as strings, `[]` for unknown queries). Like the
 * public instance it refuses requests without an identifying User-Agent (403) and can be told
 * to answer 429. Every request is recorded with its time, so tests can count calls and check
 * the one-per-second rule.
 */
export interface FakeNominatim {
  /** NOMINATIM_URL */
  url: string;
  requests: NominatimRequest[];
  /** Adds or replaces the place answered for a query (compared trimmed, case-insensitively). */
  place(query: string, place: { lat: string; lon: string; display_name: string }): void;
  setMode(mode: 'ok' | 'too-many-requests' | 'hang'): void;
  close(): Promise<void>;
}

export interface NominatimRequest {
  at: number;
  q: string | null;
  format: string | null;
  limit: string | null;
  email: string | null;
  userAgent: string | undefined;
  status?: number;
}

/** User-Agents of stock HTTP libraries, which the public instance does not accept. */
const STOCK_AGENTS = /^(node|undici|node-fetch|axios|got|python-requests|curl|wget)\b/i;

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const places = new Map<string, { lat: string; lon: string; display_name: string }>();
  const requests: NominatimRequest[] = [];
  let mode: 'ok' | 'too-many-requests' | 'hang' = 'ok';
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const record: NominatimRequest = {
      at: Date.now(),
      q: url.searchParams.get('q'),
      format: url.searchParams.get('format'),
      limit: url.searchParams.get('limit'),
      email: url.searchParams.get('email'),
      userAgent: request.headers['user-agent'],
    };
    const answer = (status: number, body: unknown) => {
      record.status = status;
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/search') return answer(404, { error: 'not found' });
    requests.push(record);
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'too-many-requests') {
      return answer(429, { error: { code: 429, message: 'Too Many Requests' } });
    }
    if (!record.userAgent || STOCK_AGENTS.test(record.userAgent)) {
      return answer(403, { error: 'Access blocked: identify your application (User-Agent).' });
    }
    if (record.format !== 'jsonv2') return answer(400, { error: 'format must be jsonv2 here' });
    const found = places.get((record.q ?? '').trim().replace(/\s+/g, ' ').toLowerCase());
    if (!found) return answer(200, []);
    answer(200, [
      {
        place_id: 1000 + requests.length,
        licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
        osm_type: 'way',
        osm_id: 424242,
        lat: found.lat,
        lon: found.lon,
        category: 'building',
        type: 'commercial',
        place_rank: 30,
        importance: 0.1,
        addresstype: 'building',
        name: '',
        display_name: found.display_name,
        boundingbox: [found.lat, found.lat, found.lon, found.lon],
      },
    ]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    place(query, place) {
      places.set(query.trim().replace(/\s+/g, ' ').toLowerCase(), place);
    },
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
