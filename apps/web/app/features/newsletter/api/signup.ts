import {
  NEWSLETTER_MESSAGES,
  type NewsletterSignupInput,
} from '@labshop/shared/schemas/newsletter';

export type SignupResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * POST /api/newsletter/signup from the footer form. The server answers the same thanks whether
 * or not the address was already on the list; a failure without its text (the network, a
 * proxy's page) becomes the generic error.
 */
export async function signUpForNewsletter(body: NewsletterSignupInput): Promise<SignupResult> {
  let response: Response;
  try {
    response = await fetch('/api/newsletter/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error('The newsletter sign-up failed:', error);
    return { ok: false, error: NEWSLETTER_MESSAGES.genericError };
  }
  const text = await readText(response, response.ok ? 'message' : 'error');
  if (response.ok) return { ok: true, message: text ?? NEWSLETTER_MESSAGES.signupThanks };
  return { ok: false, error: text ?? NEWSLETTER_MESSAGES.genericError };
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
