import {
  NEWSLETTER_MESSAGES,
  NewsletterConfirmInput,
  PublicUnsubscribeQuery,
} from '@labshop/shared/schemas/newsletter';
import type { AppLoadContext } from 'react-router';

/**
 * The actions of the newsletter's link pages: the page's button posts to its route, whose
 * action calls the API as the visitor (so the button works before, or without, JavaScript).
 */

export type LinkActionResult =
  | { ok: true; message: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'error'; message: string };

/** The page's answer status for each result. */
export function resultStatus(result: LinkActionResult): number {
  if (result.ok) return 200;
  return { invalid: 403, expired: 410, error: 503 }[result.reason];
}

const INVALID: LinkActionResult = {
  ok: false,
  reason: 'invalid',
  message: NEWSLETTER_MESSAGES.linkInvalid,
};
const ERROR: LinkActionResult = {
  ok: false,
  reason: 'error',
  message: NEWSLETTER_MESSAGES.genericError,
};

/** What an API answer comes to: refused links by their status, anything else unexpected. */
function resultOf(response: Response, okMessage: string): LinkActionResult {
  if (response.ok) return { ok: true, message: okMessage };
  // 400: the link's fields are malformed, which is as good as forged.
  if (response.status === 403 || response.status === 400) return INVALID;
  if (response.status === 410) {
    return { ok: false, reason: 'expired', message: NEWSLETTER_MESSAGES.linkExpired };
  }
  return ERROR;
}

async function post(
  context: AppLoadContext,
  path: string,
  init: RequestInit,
  okMessage: string,
): Promise<LinkActionResult> {
  try {
    const response = await context.apiFetch(path, { method: 'POST', ...init });
    const result = resultOf(response, okMessage);
    if (result.ok === false && result.reason === 'error') {
      console.error(`POST ${path.split('?')[0]} answered ${response.status}`);
    }
    return result;
  } catch (error) {
    console.error(`POST ${path.split('?')[0]} failed:`, error);
    return ERROR;
  }
}

/** POST /api/newsletter/unsubscribe?email=&sig=: the unsubscribe page's button. */
export function unsubscribeByLink(
  context: AppLoadContext,
  link: { email: unknown; sig: unknown },
): Promise<LinkActionResult> {
  const parsed = PublicUnsubscribeQuery.safeParse(link);
  if (!parsed.success) return Promise.resolve(INVALID);
  const query = new URLSearchParams({ email: parsed.data.email, sig: parsed.data.sig });
  return post(
    context,
    `/api/newsletter/unsubscribe?${query}`,
    {},
    NEWSLETTER_MESSAGES.unsubscribedPage,
  );
}

/** POST /api/newsletter/confirm: the sign-up mail's confirmation page's button. */
export function confirmByLink(
  context: AppLoadContext,
  link: { email: unknown; name: unknown; expires: unknown; sig: unknown },
): Promise<LinkActionResult> {
  const parsed = NewsletterConfirmInput.safeParse(link);
  if (!parsed.success) return Promise.resolve(INVALID);
  return post(
    context,
    '/api/newsletter/confirm',
    {
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(parsed.data),
    },
    NEWSLETTER_MESSAGES.signupConfirmed,
  );
}

/** A query or form value as text ('' when it is missing or a file). */
export function textOf(value: FormDataEntryValue | string | null | undefined): string {
  return typeof value === 'string' ? value : '';
}
