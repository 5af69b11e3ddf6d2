import {
  NEWSLETTER_MESSAGES,
  type NewsletterSignupInput,
} from '@labshop/shared/schemas/newsletter';
import { postPublicForm, type PublicFormResult } from '../../../lib/post-public-form.ts';

export type SignupResult = PublicFormResult;

/**
 * POST /api/newsletter/signup from the footer form. The server answers the same thanks whether
 * or not the address was already on the list; a failure without its text (the network, a
 * proxy's page) becomes the generic error.
 */
export function signUpForNewsletter(body: NewsletterSignupInput): Promise<SignupResult> {
  return postPublicForm('/api/newsletter/signup', body, {
    sent: NEWSLETTER_MESSAGES.signupThanks,
    failed: NEWSLETTER_MESSAGES.genericError,
    what: 'The newsletter sign-up',
  });
}
