import { EMAIL_PATTERN } from '@labshop/shared/schemas/content';
import { z } from 'zod';
import type { VarsOf } from './fields.ts';

/** Outgoing mail: SMTP or the database, its sender, where contact messages go. */
export const mailFields = {
  SMTP_URL: z
    .url({ error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com' })
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as labshop <no-reply@shop.example>')
    .optional(),
  SHOP_MAIL_TO: z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value.split(',').every((address) => EMAIL_PATTERN.test(address.trim())),
      'must be one e-mail address, or several separated by commas',
    ),
};

export interface MailConfig {
  /** The From of every mail the shop sends. */
  from: string;
  /** Where contact-form messages go; null means the contact data's e-mail. */
  shopTo: string | null;
  /** SMTP, or the database (embedded: mail is kept in mail_log and shown in the admin). */
  transport: { kind: 'database' } | { kind: 'smtp'; url: string };
}

export interface MailSettings {
  mail: MailConfig;
}

export function mailSettings(vars: VarsOf<typeof mailFields>, publicUrl: URL): MailSettings {
  return {
    mail: {
      from: vars.MAIL_FROM ?? `labshop <no-reply@${publicUrl.hostname}>`,
      shopTo: vars.SHOP_MAIL_TO?.trim() || null,
      transport: vars.SMTP_URL ? { kind: 'smtp', url: vars.SMTP_URL } : { kind: 'database' },
    },
  };
}
