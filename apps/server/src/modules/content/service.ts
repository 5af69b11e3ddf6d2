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

/** A notification as the audit log records it. */
function notificationRecord(row: NotificationRow): Record<string, unknown> {
  return { title: row.title, body: row.body };
}

/** A kind of row the admin adds and deletes: its audit entity type and record, its 404 text. */
interface ContentKind<Row> {
  entityType: string;
  notFound: string;
  recordOf: (row: Row) => Record<string, unknown>;
}

const TESTIMONIAL: ContentKind<TestimonialRow> = {
  entityType: 'testimonial',
  notFound: CONTENT_MESSAGES.testimonialNotFound,
  recordOf: testimonialRecord,
};

const GALLERY_IMAGE: ContentKind<GalleryImageRow> = {
  entityType: 'gallery-image',
  notFound: CONTENT_MESSAGES.galleryImageNotFound,
  recordOf: galleryRecord,
};

const NOTIFICATION: ContentKind<NotificationRow> = {
  entityType: 'notification',
  notFound: CONTENT_MESSAGES.notificationNotFound,
  recordOf: notificationRecord,
};

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

  /** Inserts a row and logs it as `<entityType>.create` in the same transaction. */
  async function createLogged<Row extends { id: string }>(
    kind: ContentKind<Row>,
    context: AuditContext,
    insert: (txRepo: ContentRepo) => Promise<Row>,
  ): Promise<Row> {
    const row = await audit.transaction(context, async (tx, record) => {
      const created = await insert(createContentRepo(tx));
      record({
        action: `${kind.entityType}.create`,
        entityType: kind.entityType,
        entityId: created.id,
        after: kind.recordOf(created),
      });
      return created;
    });
    cache.clear();
    return row;
  }

  /**
   * Deletes the row `id` and logs it as `<entityType>.delete` in the same transaction (404 when
   * there is none); answers the deleted row.
   */
  async function deleteLogged<Row>(
    kind: ContentKind<Row>,
    id: string,
    context: AuditContext,
    remove: (txRepo: ContentRepo, id: string) => Promise<Row | null>,
  ): Promise<Row> {
    const key = requireId(id, kind.notFound);
    const row = await audit.transaction(context, async (tx, record) => {
      const deleted = await remove(createContentRepo(tx), key);
      if (!deleted) throw new AppError('not_found', kind.notFound);
      record({
        action: `${kind.entityType}.delete`,
        entityType: kind.entityType,
        entityId: key,
        before: kind.recordOf(deleted),
      });
      return deleted;
    });
    cache.clear();
    return row;
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
      const row = await createLogged(TESTIMONIAL, context, (txRepo) =>
        txRepo.insertTestimonial({
          name: input.name,
          position: input.position,
          text: input.text,
          imageUrl: input.imageUrl ? input.imageUrl : null,
        }),
      );
      return testimonialDto(row);
    },

    async deleteTestimonial(id: string, context: AuditContext): Promise<void> {
      await deleteLogged(TESTIMONIAL, id, context, (txRepo, key) => txRepo.deleteTestimonial(key));
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
        const row = await createLogged(GALLERY_IMAGE, context, (txRepo) =>
          txRepo.insertGalleryImage({
            imageUrl,
            title: input.title,
            description: input.description,
          }),
        );
        return galleryImageDto(row);
      } catch (error) {
        await removeImage(imageUrl);
        throw error;
      }
    },

    async deleteGalleryImage(id: string, context: AuditContext): Promise<void> {
      const row = await deleteLogged(GALLERY_IMAGE, id, context, (txRepo, key) =>
        txRepo.deleteGalleryImage(key),
      );
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
      const row = await createLogged(NOTIFICATION, context, (txRepo) =>
        txRepo.insertNotification({ title: input.title, body: input.body }),
      );
      return notificationDto(row);
    },

    async deleteNotification(id: string, context: AuditContext): Promise<void> {
      await deleteLogged(NOTIFICATION, id, context, (txRepo, key) =>
        txRepo.deleteNotification(key),
      );
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
