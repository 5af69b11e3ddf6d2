import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's signed links (ARCHITECTURE.md: "The unsubscribe link in newsletters is
 * signed, so nobody can unsubscribe someone else"). The signature is an HMAC-SHA256, keyed by a
 * secret kept in the database (app_secrets, so every instance and every restart agree), over
 * what the link does and the lower-cased address. Unsubscribe links never expire (a newsletter
 * read a year later must still work); the sign-up confirmation link carries its expiry.
 */
export interface NewsletterLinks {
  /** The storefront page a newsletter's "Unsubscribe" link opens. */
  unsubscribePageUrl(email: string): string;
  /** The List-Unsubscribe target: mail providers POST `List-Unsubscribe=One-Click` to it. */
  oneClickUnsubscribeUrl(email: string): string;
  /** The sign-up mail's confirmation page, valid until `expires` (Unix milliseconds). */
  confirmPageUrl(email: string, name: string, expires: number): string;
  verifyUnsubscribe(email: string, sig: string): boolean;
  verifyConfirm(email: string, name: string, expires: number, sig: string): boolean;
}

export function createNewsletterLinks(options: {
  secret: string;
  /** The site's origin, e.g. https://shop.example.com. */
  siteOrigin: string;
}): NewsletterLinks {
  const sign = (purpose: string, ...parts: string[]) =>
    createHmac('sha256', options.secret)
      .update([purpose, ...parts].join('\n'))
      .digest('base64url');
  const unsubscribeSig = (email: string) => sign('unsubscribe', email.trim().toLowerCase());
  const confirmSig = (email: string, name: string, expires: number) =>
    sign('confirm', email.trim().toLowerCase(), name, String(expires));
  const url = (path: string, query: Record<string, string>) =>
    `${options.siteOrigin}${path}?${new URLSearchParams(query).toString()}`;

  return {
    unsubscribePageUrl: (email) =>
      url('/newsletter/unsubscribe', { email, sig: unsubscribeSig(email) }),
    oneClickUnsubscribeUrl: (email) =>
      url('/api/newsletter/unsubscribe', { email, sig: unsubscribeSig(email) }),
    confirmPageUrl: (email, name, expires) =>
      url('/newsletter/confirm', {
        email,
        name,
        expires: String(expires),
        sig: confirmSig(email, name, expires),
      }),
    verifyUnsubscribe: (email, sig) => sameText(sig, unsubscribeSig(email)),
    verifyConfirm: (email, name, expires, sig) => sameText(sig, confirmSig(email, name, expires)),
  };
}

/** Compares in constant time, so the signature cannot be guessed byte by byte. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
