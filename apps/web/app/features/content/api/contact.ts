import {
  CONTACT_MESSAGES,
  type ContactMessageInput,
  type GeolocationEntry,
} from '@labshop/shared/schemas/content';

/** The browser's contact calls (SPEC.md section 7, "Storefront checkout calls"). */

export type ContactSendResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * POST /api/contact. Answers the server's text either way; a failure without one (the network,
 * a proxy's error page) becomes 'Failed to send. Please try again later.' (SPEC.md section 8).
 */
export async function sendContactMessage(body: ContactMessageInput): Promise<ContactSendResult> {
  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error('Sending the contact message failed:', error);
    return { ok: false, error: CONTACT_MESSAGES.failed };
  }
  const text = await readText(response, response.ok ? 'message' : 'error');
  if (response.ok) return { ok: true, message: text ?? CONTACT_MESSAGES.sent };
  return { ok: false, error: text ?? CONTACT_MESSAGES.failed };
}

async function readText(response: Response, field: 'message' | 'error'): Promise<string | null> {
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    const value = body?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/geolocation?address=: the first entry's latitude and longitude, or null when the
 * address is unknown. A failed lookup is only logged (SPEC.md section 8).
 */
export async function lookUpAddress(
  address: string,
  signal?: AbortSignal,
): Promise<{ lat: number; lon: number } | null> {
  try {
    const response = await fetch(`/api/geolocation?address=${encodeURIComponent(address)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) throw new Error(`GET /api/geolocation answered ${response.status}`);
    const [first] = (await response.json()) as GeolocationEntry[];
    if (!first) return null;
    const lat = Number(first.lat);
    const lon = Number(first.lon);
    return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
  } catch (error) {
    if (!signal?.aborted) console.error('Looking up the address for the map failed:', error);
    return null;
  }
}
