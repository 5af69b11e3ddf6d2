import { mayHaveSession } from '@labshop/shared/constants';
import type { AccountPaymentTerms } from '@labshop/shared/schemas/payment-terms';
import type { AppLoadContext } from 'react-router';
import { readCookie } from '../../../lib/cookies.ts';

/**
 * Whether the signed-in visitor's lab may pay on account (issue 37), for the checkout's 'How
 * to pay'; null for anonymous visitors (asked nothing), a lab without terms, or when the call
 * fails (the card works without).
 */
export async function loadPaymentTerms(
  request: Request,
  context: AppLoadContext,
): Promise<AccountPaymentTerms | null> {
  if (!mayHaveSession((name) => readCookie(name, request.headers.get('cookie')))) return null;
  try {
    const response = await context.apiFetch('/api/account/payment-terms');
    if (!response.ok) return null;
    const terms = (await response.json()) as AccountPaymentTerms;
    return terms.onAccount ? terms : null;
  } catch (error) {
    console.error('The payment terms could not be loaded for the checkout:', error);
    return null;
  }
}
