import { TEXT_PAGE_NAMES, type TextPageName } from '@labshop/shared/constants';
import { rewriteLegacyOrigin } from '@labshop/shared/images';
import {
  GALLERY_MESSAGES,
  type GalleryInput,
  type NotificationInput,
  TEXT_PAGE_MAX_CONTENT,
  TEXT_PAGE_MESSAGES,
  type TestimonialInput,
  type TextPageInput,
  type GalleryImageDto,
  type NotificationDto,
  type TestimonialDto,
  type TextPageDto,
} from '@labshop/shared/schemas/content';
import type { z } from 'zod';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { ImageUrlConfig } from '../../config/index.ts';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import {
  deleteStoredImage,
  NotAJpegError,
  storeJpegImage,
} from '../../integrations/storage/jpeg-images.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import type {
  ContentRepo,
  GalleryImageRow,
  NotificationRow,
  TestimonialRow,
  TextPageRow,
} from './repo.ts';
import { isBlankHtml, sanitizeTextPageHtml } from './sanitize-html.ts';
import { createContentRepo } from './repo.ts';
import type { AuditContext, AuditLog } from '../audit/service.ts';

/**
 * Testimonials, the gallery, the static text pages and notifications (SPEC.md sections 2, 3, 7
 * and 8). Reads are public and cached for a few seconds; every write clears the cache.
 */

export const CONTENT_MESSAGES = {
  testimonialNotFound: 'Testimonial not found.',
  galleryImageNotFound: 'Picture not found.',
  notificationNotFound: 'Notification not found.',
} as const;

/** Where uploaded gallery pictures are stored. */
export const GALLERY_FOLDER = 'gallery';

/** A file from a multipart form, as the service needs it. */
export interface ImageUpload {
  filename: string;
  data: Buffer;
}

export interface ContentServiceDeps {
  repo: ContentRepo;
  cache: ReadCache;
  storage: FileStorage;
  images: ImageUrlConfig;
  log: { warn(object: unknown, message: string): void };
  /** Every change is logged in the change's transaction. */
  audit: AuditLog;
}

/** The id in canonical form, or a not-found error for anything that cannot be an id. */
function requireId(id: string, notFound: string): string {
  if (!isUuid(id)) throw new AppError('not_found', notFound);
  return id.toLowerCase();
}

/** One of the eight page names, whatever its case ('privacy policy' -> 'Privacy Policy'). */
export function canonicalTextPageName(name: string): TextPageName | null {
  const wanted = name.toLowerCase();
  return TEXT_PAGE_NAMES.find((page) => page.toLowerCase() === wanted) ?? null;
}

/** A testimonial as the audit log records it. */
function testimonialRecord(row: TestimonialRow): Record<string, unknown> {
  return { name: row.name, position: row.position, text: row.text, imageUrl: row.imageUrl };
}

/** A gallery picture as the audit log records it. */
function galleryRecord(row: GalleryImageRow): Record<string, unknown> {
  return { imageUrl: row.imageUrl, title: row.title, description: row.description };
}

function requirePageName(name: string): TextPageName {
  const page = canonicalTextPageName(name);
  if (!page) throw new AppError('not_found', TEXT_PAGE_MESSAGES.unknownPage);
  return page;
}

export function createContentService({
  repo,
  cache,
  storage,
  images,
  log,
  audit,
}: ContentServiceDeps) {
  const showUrl = (url: string) => rewriteLegacyOrigin(url, images.legacyOrigins, images.origin);

  function testimonialDto(row: TestimonialRow): TestimonialDto {
    return {
      _id: row.id,
      name: row.name,
      position: row.position,
      text: row.text,
      imageUrl: row.imageUrl ? showUrl(row.imageUrl) : null,
    };
  }

  function galleryImageDto(row: GalleryImageRow): GalleryImageDto {
    return {
      _id: row.id,
      imageUrl: showUrl(row.imageUrl),
      title: row.title,
      description: row.description,
    };
  }

  function textPageDto(name: TextPageName, row: TextPageRow | null): TextPageDto {
    // Sanitised again on the way out, so rows written around the API (seed data, an import)
    // are held to the same rules. Stored pages pass through unchanged.
    return {
      name,
      content: row ? sanitizeTextPageHtml(row.content) : '',
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  function notificationDto(row: NotificationRow): NotificationDto {
    return {
      _id: row.id,
      title: row.title,
      body: row.body,
      dateTime: row.dateTime.toISOString(),
      // Read state lives in each visitor's cookie, never on the server.
      read: false,
    };
  }

  async function removeImage(url: string): Promise<void> {
    await deleteStoredImage(storage, url).catch((error: unknown) =>
      log.warn({ err: error, url }, 'could not remove a stored image'),
    );
  }

  return {
    async listTestimonials(): Promise<TestimonialDto[]> {
      return cache.get('testimonials', async () =>
        (await repo.listTestimonials()).map(testimonialDto),
      );
    },

    async createTestimonial(
      input: z.output<typeof TestimonialInput>,
      context: AuditContext,
    ): Promise<TestimonialDto> {
      const row = await audit.transaction(context, async (tx, record) => {
        const created = await createContentRepo(tx).insertTestimonial({
          name: input.name,
          position: input.position,
          text: input.text,
          imageUrl: input.imageUrl ? input.imageUrl : null,
        });
        record({
          action: 'testimonial.create',
          entityType: 'testimonial',
          entityId: created.id,
          after: testimonialRecord(created),
        });
        return created;
      });
      cache.clear();
      return testimonialDto(row);
    },

    async deleteTestimonial(id: string, context: AuditContext): Promise<void> {
      const key = requireId(id, CONTENT_MESSAGES.testimonialNotFound);
      await audit.transaction(context, async (tx, record) => {
        const deleted = await createContentRepo(tx).deleteTestimonial(key);
        if (!deleted) throw new AppError('not_found', CONTENT_MESSAGES.testimonialNotFound);
        record({
          action: 'testimonial.delete',
          entityType: 'testimonial',
          entityId: key,
          before: testimonialRecord(deleted),
        });
      });
      cache.clear();
    },

    async listGalleryImages(): Promise<GalleryImageDto[]> {
      return cache.get('gallery', async () =>
        (await repo.listGalleryImages()).map(galleryImageDto),
      );
    },

    /** The form as its route checked it; the picture's content is checked here (JPEG only). */
    async createGalleryImage(
      input: GalleryInput,
      picture: ImageUpload,
      context: AuditContext,
    ): Promise<GalleryImageDto> {
      let imageUrl: string;
      try {
        imageUrl = await storeJpegImage(storage, picture.data, { folder: GALLERY_FOLDER });
      } catch (error) {
        if (error instanceof NotAJpegError) {
          throw new AppError('unsupported_media_type', GALLERY_MESSAGES.jpegOnly);
        }
        throw error;
      }
      try {
        const row = await audit.transaction(context, async (tx, record) => {
          const created = await createContentRepo(tx).insertGalleryImage({
            imageUrl,
            title: input.title,
            description: input.description,
          });
          record({
            action: 'gallery-image.create',
            entityType: 'gallery-image',
            entityId: created.id,
            after: galleryRecord(created),
          });
          return created;
        });
        cache.clear();
        return galleryImageDto(row);
      } catch (error) {
        await removeImage(imageUrl);
        throw error;
      }
    },

    async deleteGalleryImage(id: string, context: AuditContext): Promise<void> {
      const key = requireId(id, CONTENT_MESSAGES.galleryImageNotFound);
      const row = await audit.transaction(context, async (tx, record) => {
        const deleted = await createContentRepo(tx).deleteGalleryImage(key);
        if (!deleted) throw new AppError('not_found', CONTENT_MESSAGES.galleryImageNotFound);
        record({
          action: 'gallery-image.delete',
          entityType: 'gallery-image',
          entityId: key,
          before: galleryRecord(deleted),
        });
        return deleted;
      });
      cache.clear();
      await removeImage(row.imageUrl);
    },

    async getTextPage(name: string): Promise<TextPageDto> {
      const page = requirePageName(name);
      return cache.get(`text-page:${page}`, async () =>
        textPageDto(page, await repo.textPage(page)),
      );
    },

    async saveTextPage(
      name: string,
      input: z.output<typeof TextPageInput>,
      context: AuditContext,
    ): Promise<TextPageDto> {
      const page = requirePageName(name);
      const content = sanitizeTextPageHtml(input.content);
      if (isBlankHtml(content)) throw new AppError('bad_request', TEXT_PAGE_MESSAGES.content);
      if (content.length > TEXT_PAGE_MAX_CONTENT) {
        throw new AppError('bad_request', TEXT_PAGE_MESSAGES.contentTooLong);
      }
      const row = await audit.transaction(context, async (tx, record) => {
        const txRepo = createContentRepo(tx);
        const before = await txRepo.textPage(page);
        const saved = await txRepo.saveTextPage(page, content);
        if (before?.content !== saved.content) {
          record({
            action: 'text-page.update',
            entityType: 'text-page',
            entityId: page,
            before: { content: before?.content ?? null },
            after: { content: saved.content },
          });
        }
        return saved;
      });
      cache.clear();
      return textPageDto(page, row);
    },

    async listNotifications(limit: number): Promise<NotificationDto[]> {
      return cache.get(`notifications:${limit}`, async () =>
        (await repo.listNotifications(limit)).map(notificationDto),
      );
    },

    /** dateTime and read from the client are ignored: the server dates it, and it is unread. */
    async createNotification(
      input: z.output<typeof NotificationInput>,
      context: AuditContext,
    ): Promise<NotificationDto> {
      const row = await audit.transaction(context, async (tx, record) => {
        const created = await createContentRepo(tx).insertNotification({
          title: input.title,
          body: input.body,
        });
        record({
          action: 'notification.create',
          entityType: 'notification',
          entityId: created.id,
          after: { title: created.title, body: created.body },
        });
        return created;
      });
      cache.clear();
      return notificationDto(row);
    },

    async deleteNotification(id: string, context: AuditContext): Promise<void> {
      const key = requireId(id, CONTENT_MESSAGES.notificationNotFound);
      await audit.transaction(context, async (tx, record) => {
        const deleted = await createContentRepo(tx).deleteNotification(key);
        if (!deleted) throw new AppError('not_found', CONTENT_MESSAGES.notificationNotFound);
        record({
          action: 'notification.delete',
          entityType: 'notification',
          entityId: key,
          before: { title: deleted.title, body: deleted.body },
        });
      });
      cache.clear();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
