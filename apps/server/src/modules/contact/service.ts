import {
  CONTACT_CAPTCHA_ACTION,
  CONTACT_MESSAGES,
  INQUIRY_TYPE_LABELS,
  type ContactDataDto,
  type ContactDataInput,
  type ContactMessageInput,
  type GeolocationEntry,
} from '@labshop/shared/schemas/content';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ReadCache } from '../../cache/read-cache.ts';
import { AppError } from '../../core/app-error.ts';
import type { CaptchaVerifier } from '../../integrations/captcha/port.ts';
import { normalizeAddress, type CachedGeocoder } from '../../integrations/geocoder/cache.ts';
import type { GeocodeResult } from '../../integrations/geocoder/port.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import type { ContactDataRow, ContactRepo } from './repo.ts';
import { createContactRepo } from './repo.ts';
import { changedFields, type AuditContext, type AuditLog } from '../audit/service.ts';

export type ContactDataFields = z.output<typeof ContactDataInput>;
export type ContactMessageFields = z.output<typeof ContactMessageInput>;

export interface ContactServiceDeps {
  repo: ContactRepo;
  geocoder: CachedGeocoder;
  captcha: CaptchaVerifier;
  mailer: Mailer;
  /** SHOP_MAIL_TO; null sends contact messages to the contact data's e-mail. */
  shopMailTo: string | null;
  log: FastifyBaseLogger;
  /** Changes of the contact data are logged in their transaction. */
  audit: AuditLog;
  /**
   * The contact data as read: every storefront and admin page's shell shows it, so it would be
   * read once per page otherwise. Its update clears it.
   */
  cache: ReadCache;
}

/** The contact data as the audit log records it. */
function contactRecord(row: ContactDataRow | null): Record<string, unknown> {
  return {
    address: row?.address ?? null,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    latitude: row?.latitude ?? null,
    longitude: row?.longitude ?? null,
  };
}

/** The visitor behind a contact-form request. */
export interface Sender {
  ip: string;
}

const EMPTY_CONTACT_DATA: ContactDataDto = {
  address: '',
  phone: '',
  email: '',
  latitude: null,
  longitude: null,
};

function toDto(row: ContactDataRow | null): ContactDataDto {
  if (!row) return EMPTY_CONTACT_DATA;
  return {
    address: row.address,
    phone: row.phone,
    email: row.email,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * The shop's contact data (SPEC.md section 8, Contacts Data) with its map position, and the
 * contact form (section 5): checked, stored, and mailed to the shop.
 */
export function createContactService(deps: ContactServiceDeps) {
  const { repo, geocoder, captcha, mailer, log, audit } = deps;

  /**
   * Where a saved address sits on the map. A changed address is geocoded once (through the
   * cache) when a geocoder is configured; when it finds nothing or fails, the coordinates the
   * form gave are kept, or none. Without a geocoder, or with the address unchanged, the form's
   * coordinates are stored; a form without them keeps the stored ones for an unchanged address.
   */
  async function placeAddress(
    input: ContactDataFields,
    stored: ContactDataRow | null,
  ): Promise<{ latitude: number | null; longitude: number | null }> {
    const changed = !stored || normalizeAddress(stored.address) !== normalizeAddress(input.address);
    const fromForm =
      input.latitude !== undefined && input.longitude !== undefined
        ? { latitude: input.latitude, longitude: input.longitude }
        : null;
    if (changed && geocoder.kind !== 'none') {
      let found: GeocodeResult | null = null;
      try {
        found = await geocoder.lookup(input.address);
      } catch (error) {
        log.warn(
          { err: error },
          'the new contact address could not be geocoded; keeping the coordinates the form gave',
        );
      }
      if (found) return { latitude: found.latitude, longitude: found.longitude };
      return fromForm ?? { latitude: null, longitude: null };
    }
    if (fromForm) return fromForm;
    if (!changed && stored) return { latitude: stored.latitude, longitude: stored.longitude };
    return { latitude: null, longitude: null };
  }

  /** Where mail for the staff goes: SHOP_MAIL_TO, else the contact e-mail; null with neither. */
  async function staffMailTo(): Promise<string | null> {
    return deps.shopMailTo ?? ((await repo.contactData())?.email || null);
  }

  /** Mails a stored contact message to the shop, replying to the sender; throws MailError. */
  async function mailToShop(id: string): Promise<void> {
    const message = await repo.messageById(id);
    if (!message) return;
    const to = await staffMailTo();
    if (!to) {
      log.warn(
        { contactMessage: id },
        'contact message stored, but there is no shop e-mail to send it to',
      );
      return;
    }
    const inquiry = INQUIRY_TYPE_LABELS[message.inquiryType];
    await mailer.send({
      to,
      subject: `Contact form: ${inquiry} from ${message.name}`,
      text: [
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone}`,
        `Inquiry type: ${inquiry}`,
        '',
        message.message,
        '',
        '--',
        'Sent through the contact form; reply to this mail to answer the sender.',
      ].join('\n'),
      replyTo: { name: message.name, address: message.email },
      relatedTo: `contact:${id}`,
    });
  }

  return {
    staffMailTo,

    async contactData(): Promise<ContactDataDto> {
      return deps.cache.get('contact-data', async () => toDto(await repo.contactData()));
    },

    async updateContactData(
      input: ContactDataFields,
      context: AuditContext,
    ): Promise<ContactDataDto> {
      const stored = await repo.contactData();
      const position = await placeAddress(input, stored);
      const row = await audit.transaction(context, async (tx, record) => {
        const txRepo = createContactRepo(tx);
        const before = await txRepo.contactData();
        const saved = await txRepo.saveContactData({
          address: input.address,
          phone: input.phone,
          email: input.email,
          ...position,
          geocodedAddress: position.latitude === null ? null : input.address,
        });
        const changed = changedFields(contactRecord(before), contactRecord(saved));
        if (changed) {
          record({ action: 'contact-data.update', entityType: 'contact-data', ...changed });
        }
        return saved;
      });
      deps.cache.clear();
      return toDto(row);
    },

    /**
     * The spec's geolocation answer for an address, from what is stored: the contact data's
     * own coordinates, else the geocoder cache. Visitors never cause a geocoder request.
     */
    async geolocation(address: string): Promise<GeolocationEntry[]> {
      const stored = await repo.contactData();
      if (
        stored &&
        stored.latitude !== null &&
        stored.longitude !== null &&
        normalizeAddress(stored.address) === normalizeAddress(address)
      ) {
        return [
          {
            lat: String(stored.latitude),
            lon: String(stored.longitude),
            display_name: stored.address,
          },
        ];
      }
      const cached = await geocoder.cached(address);
      if (!cached?.result) return [];
      return [
        {
          lat: String(cached.result.latitude),
          lon: String(cached.result.longitude),
          display_name: cached.result.displayName,
        },
      ];
    },

    /**
     * The contact form: the trap field, the captcha (fail closed), then the message is stored
     * and mailed to the shop. A mail that cannot be sent is logged (mail_log says 'failed') and
     * the visitor still hears that the message arrived: it is stored.
     */
    async sendMessage(input: ContactMessageFields, sender: Sender): Promise<void> {
      if (input.companyFax && input.companyFax.trim() !== '') {
        log.info({ ip: sender.ip }, 'contact form: trap field filled, message refused');
        throw new AppError('bad_request', CONTACT_MESSAGES.invalidRequest);
      }
      const verdict = await captcha.verify({
        token: input.recaptcha_token2,
        action: CONTACT_CAPTCHA_ACTION,
        remoteIp: sender.ip,
      });
      if (verdict.outcome === 'unavailable') {
        throw new AppError('unavailable', CONTACT_MESSAGES.captchaUnavailable);
      }
      if (verdict.outcome === 'rejected') {
        log.info(
          { ip: sender.ip, reason: verdict.reason, score: verdict.score, detail: verdict.detail },
          'contact form: captcha refused',
        );
        throw new AppError('bad_request', CONTACT_MESSAGES.captchaFailed);
      }

      const id = await repo.insertMessage({
        name: input.name,
        email: input.email,
        phone: input.phone,
        inquiryType: input.inquiryType,
        message: input.message,
      });

      try {
        await mailToShop(id);
      } catch (error) {
        log.error(
          { err: error, contactMessage: id },
          'contact message stored, but the mail to the shop failed; it is retried from the outbox',
        );
        await repo.queueMailRetry(id);
      }
    },

    /**
     * The outbox's retry of a failed contact mail: throws while it still cannot be sent, so the
     * outbox tries again later.
     */
    async resendMessageMail(id: string): Promise<void> {
      await mailToShop(id);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
