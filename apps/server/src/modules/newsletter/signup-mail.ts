import type { MailMessage } from '../../integrations/mail/port.ts';
import { escapeHtml } from '../../core/html-text.ts';

export const SIGNUP_MAIL_SUBJECT = 'Please confirm your labshop newsletter subscription';

/**
 * The public sign-up's confirmation mail (double opt-in): nobody is on the list until the
 * owner of the address opens `confirmUrl`. Says what happens if they did not ask for it.
 */
export function signupConfirmationMail(options: {
  email: string;
  displayName: string;
  confirmUrl: string;
  /** When the link stops working. */
  expires: Date;
}): MailMessage {
  const { email, displayName, confirmUrl } = options;
  const greeting = displayName.trim() ? `Hello ${displayName.trim()},` : 'Hello,';
  const until = options.expires.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

  const text = [
    greeting,
    '',
    `Someone, hopefully you, asked to receive the labshop newsletter at ${email}.`,
    'To confirm, open this link:',
    '',
    confirmUrl,
    '',
    `The link works until ${until}. If you did not ask for the newsletter, ignore this mail: you will not be subscribed.`,
    '',
    'labshop',
  ].join('\n');

  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Someone, hopefully you, asked to receive the labshop newsletter at ${escapeHtml(email)}.</p>`,
    `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 18px;background:#0b2a42;color:#ffffff;text-decoration:none;border-radius:4px">Confirm my subscription</a></p>`,
    `<p>Or copy this address into your browser:<br>${escapeHtml(confirmUrl)}</p>`,
    `<p>The link works until ${escapeHtml(until)}. If you did not ask for the newsletter, ignore this mail: you will not be subscribed.</p>`,
    '<p>labshop</p>',
  ].join('\n');

  return {
    to: email,
    subject: SIGNUP_MAIL_SUBJECT,
    text,
    html,
    relatedTo: `newsletter-signup:${email.toLowerCase()}`,
  };
}
