import type { Quote } from '@labshop/shared/schemas/quotes';
import type { AppLoadContext } from 'react-router';
import { accountCall } from '../../account/account.server.ts';

/** /checkout?quote=Q-100001 pays an accepted quote (issue 37). */
export const QUOTE_PARAM = 'quote';

/**
 * The quote the checkout's address names, read as the visitor: a visitor signs in first and
 * comes back; another lab's or an unknown quote is a 404 page. `canPay` says whether it can be
 * paid now (accepted, still valid, not paid yet).
 */
export async function loadCheckoutQuote(
  request: Request,
  context: AppLoadContext,
): Promise<Quote | null> {
  const number = new URL(request.url).searchParams.get(QUOTE_PARAM)?.trim();
  if (!number) return null;
  return accountCall<Quote>(request, context, `/api/account/quotes/${encodeURIComponent(number)}`);
}
