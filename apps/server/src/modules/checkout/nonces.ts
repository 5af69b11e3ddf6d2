import { createHash, randomBytes } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { AppError } from '../../core/app-error.ts';

/**
 * Checkout nonces: 32 random bytes, base64url, handed to the browser once; the database keeps
 * only their SHA-256, so a copy of the table cannot start or finish anyone's payment.
 */
export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export function nonceHash(nonce: string): string {
  return sha256(nonce);
}

/**
 * The browser's checkout cookie: 16 random bytes, base64url (22 characters). A new one is given
 * by the first captcha check and by every paid answer: one cookie is one checkout.
 */
export function newCheckoutCookie(): string {
  return randomBytes(16).toString('base64url');
}

/** An order's checkoutId: the checkout cookie's SHA-256, so the table holds no usable cookie. */
export function checkoutIdOf(cookie: string): string {
  return sha256(cookie);
}

/** The shape newNonce makes (43 base64url characters); anything else is not worth a query. */
export function looksLikeNonce(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** How long after verify-captcha the follow-up calls may still use the nonce of a paid order. */
export const FOLLOW_UP_SECONDS = 60 * 60;

export const securityFailed = () => new AppError('forbidden', CHECKOUT_MESSAGES.securityFailed);

/** The stored hash of the request's nonce: 400 when it sent none, 403 when it is no nonce. */
export function requireNonceHash(nonce: string | undefined): string {
  if (!nonce || nonce.trim() === '') {
    throw new AppError('bad_request', CHECKOUT_MESSAGES.missingNonce);
  }
  if (!looksLikeNonce(nonce.trim())) throw securityFailed();
  return nonceHash(nonce.trim());
}
