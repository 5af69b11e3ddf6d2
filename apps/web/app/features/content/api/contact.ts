import {
  CONTACT_MESSAGES,
  type ContactMessageInput,
  type GeolocationEntry,
} from '@labshop/shared/schemas/content';
import { postPublicForm, type PublicFormResult } from '../../../lib/post-public-form.ts';

/** The browser's contact calls (SPEC.md section 7, "Storefront checkout calls"). */

export type ContactSendResult = PublicFormResult;

/**
 * POST /api/contact. Answers the server's text either way; a failure without one (the network,
 * a proxy's error page) becomes 'Failed to send. Please try again later.' (SPEC.md section 8).
 */
export function sendContactMessage(body: ContactMessageInput): Promise<ContactSendResult> {
  return postPublicForm('/api/contact', body, {
    sent: CONTACT_MESSAGES.sent,
    failed: CONTACT_MESSAGES.failed,
    what: 'Sending the contact message',
  });
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
