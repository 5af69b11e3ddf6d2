/**
 * Outgoing e-mail. Every mail lands in the `mail_log` table, which the admin's Mail screen
 * shows: embedded mode stops there (status 'kept'); with SMTP_URL the mail is sent and its row
 * goes 'queued' -> 'sent' (with the server's message id) or 'failed' (with the reason).
 */
export interface Mailer {
  readonly transport: 'database' | 'smtp';
  /** The From of every mail (MAIL_FROM). */
  readonly from: string;
  /** Logs and sends one mail. Throws MailError when it could not be sent (the log says 'failed'). */
  send(message: MailMessage): Promise<MailReceipt>;
}

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go, e.g. the visitor who wrote through the contact form. */
  replyTo?: { name?: string; address: string };
  /** What the mail is about, e.g. `contact:<id>` or `order:WEB-100234` (shown in the admin). */
  relatedTo?: string;
  /** Extra headers (names of letters, digits and hyphens). */
  headers?: Record<string, string>;
  /**
   * The newsletter send this mail belongs to. The log allows one mail per send and address
   * (a unique index), the last guard against a second copy.
   */
  newsletterId?: string;
}

export interface MailReceipt {
  /** The mail_log row. */
  logId: string;
  status: 'kept' | 'sent';
  /** The SMTP server's Message-ID; null when kept in the database. */
  messageId: string | null;
}

export class MailError extends Error {
  constructor(
    message: string,
    /** The mail_log row that records the failure. */
    readonly logId: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailError';
  }
}

/**
 * Header injection: a subject or display name may not start a new header line. Line breaks
 * (and other control characters) become spaces.
 */
export function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/** Recipient and reply addresses must be plain addresses: no line breaks, names or groups. */
export function assertAddressList(value: string, field: string): string[] {
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.length === 0 || addresses.some((address) => !ADDRESS.test(address))) {
    throw new MailError(`${field} is not a valid e-mail address: ${JSON.stringify(value)}`, null);
  }
  return addresses;
}

/** The message with every header-bound value checked or made single-line. */
export function safeMessage(message: MailMessage): MailMessage & { toList: string[] } {
  const toList = assertAddressList(message.to, 'to');
  if (message.replyTo) assertAddressList(message.replyTo.address, 'replyTo');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name)) {
      throw new MailError(`Header name not allowed: ${JSON.stringify(name)}`, null);
    }
    headers[name] = singleLine(value);
  }
  return {
    ...message,
    toList,
    subject: singleLine(message.subject),
    ...(message.replyTo
      ? {
          replyTo: {
            address: message.replyTo.address,
            ...(message.replyTo.name ? { name: singleLine(message.replyTo.name) } : {}),
          },
        }
      : {}),
    headers,
  };
}

/** The Reply-To as it is shown in the log's headers. */
export function formatReplyTo(replyTo: MailMessage['replyTo']): string | undefined {
  if (!replyTo) return undefined;
  return replyTo.name
    ? `"${replyTo.name.replace(/["\\]/g, '')}" <${replyTo.address}>`
    : replyTo.address;
}
