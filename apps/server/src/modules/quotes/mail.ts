import { formatCents } from '@labshop/shared/money';
import { PO_NUMBER_LABEL } from '@labshop/shared/schemas/po-number';
import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { z } from 'zod';
import { escapeHtml } from '../../core/html-text.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import {
  enqueue,
  PermanentJobError,
  type OutboxHandlers,
  type OutboxWriter,
} from '../../jobs/outbox.ts';
import type { QuoteLineRow, QuoteRow, QuotesRepo } from './repo.ts';
import { lineTotalCents, subtotalCents } from './totals.ts';

/**
 * A quote's mails, from the outbox (retried until sent): the request to the staff, and the
 * staff's quote to the lab with its link. A quote sent again is mailed again.
 */

export const QUOTE_MAIL_JOB = 'quote-mail';

/** The mail log's `related_to` of a quote's mails. */
export const quoteMailTopic = (number: string) => `quote:${number}`;

const Payload = z.object({ number: z.string().min(1), mail: z.enum(['requested', 'sent']) });

export function enqueueQuoteMail(
  db: OutboxWriter,
  number: string,
  mail: 'requested' | 'sent',
  sentAt?: Date | null,
): Promise<boolean> {
  return enqueue(db, {
    kind: QUOTE_MAIL_JOB,
    payload: { number, mail },
    dedupeKey: `${QUOTE_MAIL_JOB}:${mail}:${number}${sentAt ? `:${sentAt.toISOString()}` : ''}`,
  });
}

function linesText(quote: QuoteRow, lines: readonly QuoteLineRow[]): string[] {
  return [
    ...lines.map(
      (line) =>
        `- ${line.title} (${line.productNumber}) x ${line.quantity}: ${formatCents(line.unitPriceCents)} each, ${formatCents(lineTotalCents(line))}`,
    ),
    ...(quote.freightCents !== null
      ? [`- ${FREIGHT_LINE_TITLE}: ${formatCents(quote.freightCents)}`]
      : []),
    `Total: ${formatCents(subtotalCents(lines) + (quote.freightCents ?? 0))}`,
  ];
}

const shipToText = (quote: QuoteRow) => [
  `${quote.shipFirstName} ${quote.shipLastName}`,
  quote.shipAddress,
  `${quote.shipCity}, ${quote.shipState} ${quote.shipZip}`,
  quote.shipCountry,
  ...(quote.shipPhone ? [quote.shipPhone] : []),
];

/** Plain text as HTML: escaped, paragraphs kept, links left as text. */
const htmlOf = (text: string) =>
  text
    .split('\n\n')
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

export function quoteMailHandlers(deps: {
  repo: Pick<QuotesRepo, 'view' | 'linesOf'>;
  mailer: Mailer;
  /** SHOP_MAIL_TO, else the contact data's e-mail; null when the shop has none. */
  staffMailTo: () => Promise<string | null>;
  siteOrigin: string;
  today: () => string;
  dayText: (day: string) => string;
  log: { warn(message: string): void };
}): OutboxHandlers {
  return {
    [QUOTE_MAIL_JOB]: async (payload) => {
      const parsed = Payload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError('quote-mail: bad payload');
      const view = await deps.repo.view(parsed.data.number, deps.today());
      if (!view) throw new PermanentJobError(`quote-mail: no quote ${parsed.data.number}`);
      const { quote } = view;
      const lines = await deps.repo.linesOf([quote.id]);
      const po = quote.poNumber ? [`${PO_NUMBER_LABEL}: ${quote.poNumber}`] : [];
      if (parsed.data.mail === 'requested') {
        const to = await deps.staffMailTo();
        if (!to) {
          deps.log.warn(`quote ${quote.number} was requested, but the shop has no e-mail`);
          return;
        }
        const text = [
          `${quote.customerName} <${quote.email}>${quote.customerNumber ? ` (customer ${quote.customerNumber})` : ''} asks for a quote.`,
          '',
          ...linesText(quote, lines).slice(0, -1),
          '',
          ...po,
          'Ship to:',
          ...shipToText(quote),
          '',
          ...(quote.message ? ['Their message:', quote.message, ''] : []),
          `Price it and send it: ${deps.siteOrigin}/admin/quotes/${quote.number}`,
        ].join('\n');
        await deps.mailer.send({
          to,
          subject: `Quote request ${quote.number} from ${quote.customerName}`,
          text,
          html: htmlOf(text),
          replyTo: { name: quote.customerName, address: quote.email },
          relatedTo: quoteMailTopic(quote.number),
        });
        return;
      }
      const link = `${deps.siteOrigin}/account/quotes/${quote.number}`;
      const text = [
        `Dear ${quote.customerName},`,
        '',
        `here is your quote ${quote.number}${quote.validUntil ? `, valid until ${deps.dayText(quote.validUntil)}` : ''}:`,
        '',
        ...linesText(quote, lines),
        ...(po.length ? ['', ...po] : []),
        ...(quote.note ? ['', quote.note] : []),
        '',
        `To accept it and pay, or to decline it, open: ${link}`,
        '',
        'labshop',
      ].join('\n');
      await deps.mailer.send({
        to: quote.email,
        subject: `Your labshop quote ${quote.number}`,
        text,
        html: htmlOf(text),
        relatedTo: quoteMailTopic(quote.number),
      });
    },
  };
}
