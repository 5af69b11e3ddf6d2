import { fileRefusal, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@labshop/shared/schemas/catalog';
import { AppError } from '../../core/app-error.ts';
import {
  deleteStoredImage,
  ImageTooLargeError,
  NotAJpegError,
  storeJpegImage,
} from '../../integrations/storage/jpeg-images.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import { CATALOG_MESSAGES } from './messages.ts';

/**
 * The catalogue's pictures: a product's images and a category's thumbnail, stored as JPEGs
 * (re-encoded by integrations/storage/jpeg-images.ts), and what an edit keeps of them.
 */

/** A file from a multipart form, as the service needs it. */
export interface ImageUpload {
  filename: string;
  data: Buffer;
}

export function createImageFiles(
  storage: FileStorage,
  log: { warn(object: unknown, message: string): void },
) {
  async function removeImages(urls: string[]): Promise<void> {
    await Promise.all(
      urls.map((url) =>
        deleteStoredImage(storage, url).catch((error: unknown) =>
          log.warn({ err: error, url }, 'could not remove a stored image'),
        ),
      ),
    );
  }

  return {
    /**
     * Stores every upload, or none: on a failure the ones already stored are removed, and the
     * answer names the refused file (a form may send several).
     */
    async storeImages(folder: string, uploads: ImageUpload[]): Promise<string[]> {
      const stored: string[] = [];
      let upload: ImageUpload | undefined;
      try {
        for (upload of uploads) stored.push(await storeJpegImage(storage, upload.data, { folder }));
        return stored;
      } catch (error) {
        await removeImages(stored);
        const filename = upload?.filename ?? '';
        if (error instanceof NotAJpegError) {
          throw new AppError(
            'unsupported_media_type',
            fileRefusal(filename, PRODUCT_MESSAGES.jpegOnly),
          );
        }
        if (error instanceof ImageTooLargeError) {
          throw new AppError('payload_too_large', fileRefusal(filename, error.message));
        }
        throw error;
      }
    },

    removeImages,
  };
}

export type ImageFiles = ReturnType<typeof createImageFiles>;

/** A product has at least one image and at most PRODUCT_LIMITS.images. */
export function checkImageCount(count: number): void {
  if (count === 0) throw new AppError('bad_request', PRODUCT_MESSAGES.imagesRequired);
  if (count > PRODUCT_LIMITS.images) {
    throw new AppError('bad_request', CATALOG_MESSAGES.tooManyImages);
  }
}

/** A product's images after an update: kept ones as stored URLs, new files by their index. */
export interface ImagePlan {
  kept: string[];
  /** The final order, or null for the kept images followed by the new ones. */
  order: (string | number)[] | null;
}

/**
 * What an update does to a product's images, checked before anything is stored: the images it
 * keeps (`existingImages`, all of them when absent), their count with `newCount` new files, and
 * the final order (`imageOrder`). `stored` are the product's image URLs as stored, `shown` the
 * same as the API answers them.
 */
export function planImages(
  form: { existingImages?: string; imageOrder?: string },
  stored: string[],
  shown: string[],
  newCount: number,
): ImagePlan {
  const kept =
    form.existingImages === undefined ? stored : keptImages(form.existingImages, shown, stored);
  checkImageCount(kept.length + newCount);
  const order =
    form.imageOrder === undefined
      ? null
      : imageOrder(form.imageOrder, kept, newCount, shown, stored);
  return { kept, order };
}

/** The stored URLs of a plan's images, `added` being the new files' stored URLs. */
export function arrangeImages(plan: ImagePlan, added: string[]): string[] {
  return plan.order
    ? plan.order.map((entry) => (typeof entry === 'number' ? added[entry]! : entry))
    : [...plan.kept, ...added];
}

/**
 * The final image order from the edit form's `imageOrder` JSON: each kept image (by its stored
 * or shown URL) and each new file (by its index among the new files) exactly once. Answers kept
 * images as stored URLs and new files as their indexes.
 */
function imageOrder(
  raw: string,
  kept: string[],
  newCount: number,
  shown: string[],
  stored: string[],
): (string | number)[] {
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', CATALOG_MESSAGES.imageOrderInvalid);
  }
  if (!Array.isArray(list) || list.length !== kept.length + newCount) {
    throw new AppError('bad_request', CATALOG_MESSAGES.imageOrderInvalid);
  }
  const order: (string | number)[] = [];
  for (const entry of list as unknown[]) {
    let resolved: string | number | undefined;
    if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 0 && entry < newCount) {
      resolved = entry;
    } else if (typeof entry === 'string') {
      const index = stored.includes(entry) ? stored.indexOf(entry) : shown.indexOf(entry);
      const url = index === -1 ? undefined : stored[index];
      if (url !== undefined && kept.includes(url)) resolved = url;
    }
    if (resolved === undefined || order.includes(resolved)) {
      throw new AppError('bad_request', CATALOG_MESSAGES.imageOrderInvalid);
    }
    order.push(resolved);
  }
  return order;
}

/**
 * The images the admin kept, from the edit form's `existingImages` JSON. The form shows URLs as
 * the API answered them (legacy hosts rewritten), so both spellings map back to stored ones.
 */
function keptImages(raw: string, shown: string[], stored: string[]): string[] {
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', CATALOG_MESSAGES.existingImagesInvalid);
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new AppError('bad_request', CATALOG_MESSAGES.existingImagesInvalid);
  }
  const kept: string[] = [];
  for (const url of list as string[]) {
    const index = stored.includes(url) ? stored.indexOf(url) : shown.indexOf(url);
    if (index === -1) throw new AppError('bad_request', CATALOG_MESSAGES.existingImagesUnknown);
    const storedUrl = stored[index]!;
    if (!kept.includes(storedUrl)) kept.push(storedUrl);
  }
  return kept;
}
