import type { Me } from './schemas/auth-dto.ts';

/** Anonymous visitors pay retail; every signed-in user sees wholesale (partner) prices. */
export const PRICE_TIERS = ['retail', 'wholesale'] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];

/** What the shop knows about the visitor (GET /api/me), inferred from its schema, without zod. */
export type { Me } from './schemas/auth-dto.ts';

export const ANONYMOUS: Me = { user: null, tier: 'retail', isAdmin: false };

/**
 * Why a login did not complete: the error page's `?reason=` and its message. 'Invalid state'
 * is the spec's message for a state mismatch, a missing or expired login transaction and a
 * replayed callback.
 */
export const LOGIN_ERROR_MESSAGES = {
  invalid_state: 'Invalid state',
  provider_error: 'The sign-in was cancelled or refused by the identity provider.',
  unavailable: 'The sign-in service cannot be reached right now. Please try again in a moment.',
} as const;

export type LoginErrorReason = keyof typeof LOGIN_ERROR_MESSAGES;

/** The answer (429) to too many login starts, returns or password tries from one client. */
export const LOGIN_RATE_LIMITED_MESSAGE =
  'Too many login attempts. Please wait a few minutes and try again.';

export function loginErrorMessage(reason: string | null): string {
  return reason !== null && Object.hasOwn(LOGIN_ERROR_MESSAGES, reason)
    ? LOGIN_ERROR_MESSAGES[reason as LoginErrorReason]
    : LOGIN_ERROR_MESSAGES.invalid_state;
}
