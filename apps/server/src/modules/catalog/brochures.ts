import { fileRefusal, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@labshop/shared/schemas/catalog';
import { AppError } from '../../core/app-error.ts';
import { NotAPdfError, storePdf } from '../../integrations/storage/pdf-files.ts';
import { assertSafeKey, storageKeyOf, type FileStorage } from '../../integrations/storage/port.ts';
import type { ImageUpload } from './images.ts';
import type { ProductsRepo } from './products-repo.ts';

/**
 * A product's brochure: typed text (a file name in the storage's brochures folder, or an
 * address) or an uploaded PDF, which the shop stores and removes again once no product links it.
 */

/** The storage folder of uploaded brochures; a typed bare file name refers to it. */
export const BROCHURE_FOLDER = 'brochures';
/** The key of a brochure the shop stored itself (storePdf): `brochures/<uuid>/<name>.pdf`. */
const UPLOADED_BROCHURE_KEY = new RegExp(`^${BROCHURE_FOLDER}/[0-9a-f-]{36}/[^/]+$`);

/** The brochure a save sets, and the URL of the PDF it stored for it (to remove on a failure). */
export interface BrochureChoice {
  brochure: string | null;
  stored: string | null;
}

export function createBrochureFiles({
  storage,
  log,
  repo,
}: {
  storage: FileStorage;
  log: { warn(object: unknown, message: string): void };
  repo: Pick<ProductsRepo, 'otherProductsWithBrochure'>;
}) {
  /**
   * The storage key typed brochure text points at: a key for a bare name or a URL under the
   * storage, null for such text that cannot be a key, undefined for any other address.
   */
  function storedBrochureKey(brochure: string): string | null | undefined {
    const isAddress = /^https?:\/\//i.test(brochure) || brochure.startsWith('/');
    if (isAddress) {
      if (!brochure.startsWith(storage.baseUrl)) return undefined;
      return storageKeyOf(brochure, storage.baseUrl);
    }
    const key = `${BROCHURE_FOLDER}/${brochure}`;
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return null;
    }
  }

  async function removeBrochure(url: string | null): Promise<void> {
    if (url === null) return;
    await storage
      .delete(url)
      .catch((error: unknown) =>
        log.warn({ err: error, url }, 'could not remove a stored brochure'),
      );
  }

  return {
    /**
     * The brochure a save sets: an uploaded PDF is stored (its URL wins over the typed text);
     * typed text that names a file in this shop's storage (a bare name or an /uploads/ URL) must
     * name a stored file, else its link would answer 404. Text left as it was is not checked
     * again, so an old record never blocks an unrelated edit. Other addresses are taken as typed.
     */
    async brochureOf(
      typed: string | undefined,
      upload: ImageUpload | undefined,
      current: string | null,
    ): Promise<BrochureChoice> {
      if (upload) {
        if (upload.data.length > PRODUCT_LIMITS.brochureBytes) {
          throw new AppError(
            'payload_too_large',
            fileRefusal(upload.filename, PRODUCT_MESSAGES.brochureTooLarge),
          );
        }
        try {
          const url = await storePdf(storage, upload.data, {
            folder: BROCHURE_FOLDER,
            filename: upload.filename,
          });
          return { brochure: url, stored: url };
        } catch (error) {
          if (error instanceof NotAPdfError) {
            throw new AppError(
              'unsupported_media_type',
              fileRefusal(upload.filename, PRODUCT_MESSAGES.pdfOnly),
            );
          }
          throw error;
        }
      }
      const brochure = typed ? typed : null;
      if (brochure === null || brochure === current) return { brochure, stored: null };
      const key = storedBrochureKey(brochure);
      if (key !== undefined && (key === null || !(await storage.exists(key)))) {
        throw new AppError('bad_request', PRODUCT_MESSAGES.brochureMissing(brochure));
      }
      return { brochure, stored: null };
    },

    /**
     * After an update: the brochure the product linked before, when the shop stored it (an
     * upload's `brochures/<uuid>/` key) and no other product links it, so replaced uploads do
     * not pile up. A typed name or address is never removed: someone else put that file there.
     */
    async removeReplacedBrochure(productId: string, replaced: string | null): Promise<void> {
      if (replaced === null) return;
      const key = storageKeyOf(replaced, storage.baseUrl);
      if (key === null || !UPLOADED_BROCHURE_KEY.test(key)) return;
      if ((await repo.otherProductsWithBrochure(replaced, productId)) > 0) return;
      await removeBrochure(replaced);
    },

    removeBrochure,
  };
}

export type BrochureFiles = ReturnType<typeof createBrochureFiles>;
