import type { MailMessage } from '../../integrations/mail/port.ts';
import type { NewsletterLinks } from './links.ts';
import { decodeHtmlEntities, escapeHtml } from '../../core/html-text.ts';

/**
 * One recipient's copy of a newsletter: the admin's (sanitised) HTML in a simple layout that
 * mail clients render alike (tables, inline styles), a plain-text version, and the unsubscribe
 * link in the footer and in the List-Unsubscribe headers (RFC 2369, one-click per RFC 8058).
 */

export const NEWSLETTER_FOOTER_TEXT =
  'You receive this because you subscribed to the labshop newsletter.';

export interface NewsletterMailInput {
  /**
   * The send this copy belongs to; null for a preview or a test copy, which belong to no send
   * (and so pass the mail log's one-copy-per-address guard of the send).
   */
  newsletterId: string | null;
  subject: string;
  /** Sanitised HTML (sanitizeTextPageHtml), as stored with the send. */
  content: string;
  to: string;
  links: NewsletterLinks;
  /** The site's origin: the content's site-relative links and images are made absolute with it. */
  siteOrigin: string;
  /** The shop's postal address for the footer (CAN-SPAM asks for one); null or '' leaves it out. */
  postalAddress?: string | null;
}

export function newsletterMail(input: NewsletterMailInput): MailMessage {
  const { newsletterId, subject, to, links } = input;
  const content = absoluteUrls(input.content, input.siteOrigin);
  const unsubscribePage = links.unsubscribePageUrl(to);
  const address = (input.postalAddress ?? '').trim();
  return {
    to,
    subject,
    html: newsletterHtml(subject, content, unsubscribePage, address),
    text: [
      htmlToText(content),
      '',
      '-- ',
      NEWSLETTER_FOOTER_TEXT,
      `Unsubscribe: ${unsubscribePage}`,
      ...(address ? ['', address] : []),
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl(to)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(newsletterId === null
      ? { relatedTo: `newsletter-test:${to.toLowerCase()}` }
      : { relatedTo: `newsletter:${newsletterId}`, newsletterId }),
  };
}

/**
 * The editor writes site-relative links and images (`/uploads/…`); a mail client has no site to
 * resolve them against. The sanitiser quotes every attribute with " and refuses `//host`.
 */
function absoluteUrls(html: string, siteOrigin: string): string {
  return html.replace(/<(?:a|img)\s[^>]*>/gi, (tag) =>
    tag.replace(
      /(\s(?:href|src)=")\/(?!\/)/gi,
      (_whole, start: string) => `${start}${siteOrigin}/`,
    ),
  );
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';

function newsletterHtml(
  subject: string,
  content: string,
  unsubscribePage: string,
  address: string,
): string {
  const addressHtml = address ? `<br>${address.split(/\r?\n/).map(escapeHtml).join('<br>')}` : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    // Clients that read <style> keep images inside the column; the rest ignore it harmlessly.
    '<style>img{max-width:100%;height:auto}table{border-collapse:collapse}</style>',
    '</head>',
    '<body style="margin:0;padding:0;background-color:#f4f4f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5">',
    '<tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff">',
    `<tr><td style="padding:24px 32px;${FONT};font-size:16px;line-height:1.5;color:#1f2937">`,
    content,
    '</td></tr>',
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;${FONT};font-size:12px;line-height:1.5;color:#6b7280">`,
    `${NEWSLETTER_FOOTER_TEXT} <a href="${escapeHtml(unsubscribePage)}" style="color:#6b7280;text-decoration:underline">Unsubscribe</a>${addressHtml}`,
    '</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** An attribute's value as written (entities still encoded). */
const attribute = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/** Stands for a line break inside <pre> while the rest of the whitespace is collapsed. */
const KEPT_BREAK = '\uE000';

/**
 * The plain-text version of sanitised HTML: blocks become paragraphs, list items "- ",
 * links "text (target)", images their alt text, table cells separated by " | ". The sanitiser's
 * output is well-formed and holds only its allowed tags, so a few patterns cover it.
 */
export function htmlToText(html: string): string {
  const text = html
    // Whitespace in HTML source is not layout (pre keeps its own, below).
    .replace(
      /<pre[^>]*>([\s\S]*?)<\/pre>/gi,
      (_whole, inner: string) =>
        `\n\n${inner.replace(/<[^>]+>/g, '').replace(/\n/g, KEPT_BREAK)}\n\n`,
    )
    .replace(/\s+/g, ' ')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_whole, attrs: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '').trim();
      const href = attribute(attrs, 'href');
      if (!href) return label;
      // Both stay encoded here; the whole text is decoded once at the end.
      const shown = decodeHtmlEntities(label);
      const target = decodeHtmlEntities(href);
      if (!shown) return href;
      if (shown === target || `mailto:${shown}` === target) return label;
      return `${label} (${href})`;
    })
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = attribute(tag, 'alt');
      return alt ? `[${alt}]` : '';
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n\n----------\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(td|th)>\s*(?=<(td|th)\b)/gi, ' | ')
    .replace(/<\/(tr|caption)>/gi, '\n')
    .replace(/<(tr|caption)\b[^>]*>/gi, '')
    .replace(/<\/?(p|div|h[1-6]|blockquote|ul|ol|table|thead|tbody|tfoot)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeHtmlEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replaceAll(KEPT_BREAK, '\n')
    .trim();
}
