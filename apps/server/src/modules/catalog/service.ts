import { rewriteLegacyOrigin } from '@labshop/shared/images';
import { centsToDollars, dollarsToCents } from '@labshop/shared/money';
import {
  CATEGORY_MESSAGES,
  CONFIRM_PRICES_FIELD,
  CategoryInput,
  DEFAULT_PRODUCT_SORT,
  fileRefusal,
  IMAGE_ORDER_FIELD,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  ProductInput,
  SEARCH_COUNT_CAP,
  isUnavailable,
  priceWarnings,
  samePrices,
  unconfirmedPricesMessage,
  type CategoryDto,
  type ProductDto,
  type ProductSort,
} from '@labshop/shared/schemas/catalog';
import type { ProductPrices } from '@labshop/shared/pricing';
import { AppError } from '../../core/app-error.ts';
import { isUuid, parseOrThrow } from '../../http/validation.ts';
import type { ImageUrlConfig } from '../../config/index.ts';
import {
  deleteStoredImage,
  ImageTooLargeError,
  NotAJpegError,
  storeJpegImage,
} from '../../integrations/storage/jpeg-images.ts';
import { NotAPdfError, storePdf } from '../../integrations/storage/pdf-files.ts';
import { assertSafeKey, storageKeyOf, type FileStorage } from '../../integrations/storage/port.ts';
import {
  isUniqueViolation,
  type CatalogRepo,
  type CategoryRow,
  type PriceWrite,
  type ProductPriceRow,
  type ProductFilter,
  type ProductRow,
  type ProductValues,
} from './repo.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import { changedFields, type AuditContext, type AuditLog } from '../audit/service.ts';
import { createCatalogRepo } from './repo.ts';

export type { PriceWrite, ProductPriceRow } from './repo.ts';

export const CATALOG_MESSAGES = {
  productNotFound: 'Product not found.',
  categoryNotFound: 'Category not found.',
  unknownCategory: 'Choose one of the existing categories.',
  duplicateNumber: (number: string) => `A product with number ${number} already exists.`,
  duplicateCategory: (name: string) => `A category named ${name} already exists.`,
  categoryInUse: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'product' : 'products'}. Move or delete them first.`,
  tooManyImages: `A product can have at most ${PRODUCT_LIMITS.images} images.`,
  existingImagesInvalid: 'existingImages must be a JSON list of image URLs.',
  existingImagesUnknown: 'existingImages may only list images this product already has.',
  imageOrderInvalid: `${IMAGE_ORDER_FIELD} must list each kept image and each new file once.`,
} as const;

/** A file from a multipart form, as the service needs it. */
export interface ImageUpload {
  filename: string;
  data: Buffer;
}

/** The files of a product form: its pictures and, optionally, a brochure PDF. */
export interface ProductUploads {
  images: ImageUpload[];
  brochure?: ImageUpload;
}

/** The storage folder of uploaded brochures; a typed bare file name refers to it. */
const BROCHURE_FOLDER = 'brochures';
/** The key of a brochure the shop stored itself (storePdf): `brochures/<uuid>/<name>.pdf`. */
const UPLOADED_BROCHURE_KEY = new RegExp(`^${BROCHURE_FOLDER}/[0-9a-f-]{36}/[^/]+$`);

export interface Viewer {
  /** Signed-in users (partners) see the wholesale and partner prices. */
  seesPartnerPrices: boolean;
}

/** A product as checkout prices it: its live prices in cents, straight from the database. */
export interface ProductForSale {
  number: string;
  title: string;
  /** False for a product whose title says it is not available (SPEC.md product page). */
  available: boolean;
  prices: ProductPrices;
}

/** A read answer already serialised for the wire, as the read cache keeps it. */
export interface SerializedProducts {
  total: number;
  /** The total is a lower bound: a broad search matched more than the count cap. */
  totalCapped: boolean;
  json: string;
}

/** Roughly the memory a cached catalogue answer holds, for the cache's byte bound. */
export function catalogAnswerBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  if (value && typeof value === 'object' && 'json' in value && typeof value.json === 'string') {
    return value.json.length * 2;
  }
  // The category list: small, and asked for rarely enough to measure.
  return JSON.stringify(value ?? null).length * 2;
}

export interface CatalogServiceDeps {
  repo: CatalogRepo;
  cache: ReadCache;
  storage: FileStorage;
  images: ImageUrlConfig;
  log: { warn(object: unknown, message: string): void };
  /** Every change is logged in the change's transaction. */
  audit: AuditLog;
}

/** A product as the audit log records it: the admin form's fields, prices in dollars. */
function productRecord(row: ProductRow): Record<string, unknown> {
  return {
    number: row.number,
    title: row.title,
    description: row.description,
    category: row.categoryName,
    images: row.images,
    newPrice: centsToDollars(row.newPriceCents),
    oldPrice: row.oldPriceCents === null ? null : centsToDollars(row.oldPriceCents),
    wholesalePrice: centsToDollars(row.wholesalePriceCents),
    partnerPricex3:
      row.partnerPriceX3Cents === null ? null : centsToDollars(row.partnerPriceX3Cents),
    brochure: row.brochure,
  };
}

/** A product's compared prices as the form shows them (dollars as text). */
function formPrices(row: ProductRow) {
  const text = (cents: number | null) => (cents === null ? '' : centsToDollars(cents).toFixed(2));
  return {
    newPrice: text(row.newPriceCents),
    wholesalePrice: text(row.wholesalePriceCents),
    partnerPricex3: text(row.partnerPriceX3Cents),
  };
}

/** Prices as the audit log records them: dollars, under the spec's field names. */
function pricesRecord(prices: ProductPrices): Record<string, unknown> {
  return {
    newPrice: centsToDollars(prices.newPriceCents),
    wholesalePrice: centsToDollars(prices.wholesalePriceCents),
    partnerPricex3:
      prices.partnerPriceX3Cents === null ? null : centsToDollars(prices.partnerPriceX3Cents),
  };
}

export function createCatalogService({
  repo,
  cache,
  storage,
  images,
  log,
  audit,
}: CatalogServiceDeps) {
  const showUrl = (url: string) => rewriteLegacyOrigin(url, images.legacyOrigins, images.origin);

  function brochureUrl(brochure: string | null): string | null {
    if (!brochure) return null;
    if (/^https?:\/\//i.test(brochure) || brochure.startsWith('/')) return showUrl(brochure);
    // A bare file name refers to the storage's brochures folder.
    return `${storage.baseUrl}${BROCHURE_FOLDER}/${encodeURIComponent(brochure)}`;
  }

  function productDto(row: ProductRow, viewer: Viewer): ProductDto {
    return {
      _id: row.id,
      number: row.number,
      title: row.title,
      description: row.description,
      category: row.categoryName ?? '',
      images: row.images.map(showUrl),
      newPrice: centsToDollars(row.newPriceCents),
      oldPrice: row.oldPriceCents === null ? null : centsToDollars(row.oldPriceCents),
      wholesalePrice: viewer.seesPartnerPrices ? centsToDollars(row.wholesalePriceCents) : null,
      partnerPricex3:
        viewer.seesPartnerPrices && row.partnerPriceX3Cents !== null
          ? centsToDollars(row.partnerPriceX3Cents)
          : null,
      brochure: row.brochure,
      brochureUrl: brochureUrl(row.brochure),
      createdAt: row.createdAt.toISOString(),
      guid: row.guid,
    };
  }

  function categoryDto(row: CategoryRow): CategoryDto {
    return {
      _id: row.id,
      name: row.name,
      thumbnail: row.thumbnail ? showUrl(row.thumbnail) : null,
    };
  }

  /** By number (routes, carts) or by _id (the spec's clients); `from` is a transaction's repo. */
  async function findProduct(idOrNumber: string, from = repo): Promise<ProductRow | null> {
    const byNumber = await from.productByNumber(idOrNumber);
    if (byNumber || !isUuid(idOrNumber)) return byNumber;
    return from.productById(idOrNumber.toLowerCase());
  }

  async function requireProduct(idOrNumber: string, from = repo): Promise<ProductRow> {
    const product = await findProduct(idOrNumber, from);
    if (!product) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound);
    return product;
  }

  /**
   * Partner prices above retail need the form's confirmation, unless they are the prices the
   * product already has (an edit of its title must not ask about prices nobody changed).
   */
  function checkPriceConfirmation(
    input: ProductInput,
    fields: Record<string, string>,
    current?: ProductRow,
  ): void {
    const warnings = priceWarnings(input);
    if (warnings.length === 0 || fields[CONFIRM_PRICES_FIELD] === 'true') return;
    if (current && samePrices(input, formPrices(current))) return;
    throw new AppError('bad_request', unconfirmedPricesMessage(warnings));
  }

  /** Validated form fields -> row values (prices in cents); checks category and number. */
  async function productValues(
    input: ProductInput,
    imageUrls: string[],
    exceptId?: string,
  ): Promise<ProductValues> {
    const category = await repo.categoryByName(input.category);
    if (!category) throw new AppError('bad_request', CATALOG_MESSAGES.unknownCategory);
    // Case-insensitive: qa-100 is taken by QA-100, which the message names.
    const taken = await repo.numberTakenBy(input.number, exceptId);
    if (taken !== null) throw new AppError('conflict', CATALOG_MESSAGES.duplicateNumber(taken));
    return {
      number: input.number,
      title: input.title,
      description: input.description,
      categoryId: category.id,
      images: imageUrls,
      newPriceCents: dollarsToCents(input.newPrice),
      oldPriceCents: input.oldPrice ? dollarsToCents(input.oldPrice) : null,
      wholesalePriceCents: dollarsToCents(input.wholesalePrice),
      partnerPriceX3Cents: dollarsToCents(input.partnerPricex3),
      brochure: input.brochure ? input.brochure : null,
    };
  }

  /**
   * The brochure a save sets: an uploaded PDF is stored (its URL wins over the typed text);
   * typed text that names a file in this shop's storage (a bare name or an /uploads/ URL) must
   * name a stored file, else its link would answer 404. Text left as it was is not checked
   * again, so an old record never blocks an unrelated edit. Other addresses are taken as typed.
   */
  async function brochureOf(
    typed: string | undefined,
    upload: ImageUpload | undefined,
    current: string | null,
  ): Promise<{ brochure: string | null; stored: string | null }> {
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
  }

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

  /**
   * After an update: the brochure the product linked before, when the shop stored it (an
   * upload's `brochures/<uuid>/` key) and no other product links it, so replaced uploads do
   * not pile up. A typed name or address is never removed: someone else put that file there.
   */
  async function removeReplacedBrochure(productId: string, replaced: string | null) {
    if (replaced === null) return;
    const key = storageKeyOf(replaced, storage.baseUrl);
    if (key === null || !UPLOADED_BROCHURE_KEY.test(key)) return;
    if ((await repo.otherProductsWithBrochure(replaced, productId)) > 0) return;
    await removeBrochure(replaced);
  }

  async function removeBrochure(url: string | null): Promise<void> {
    if (url === null) return;
    await storage
      .delete(url)
      .catch((error: unknown) =>
        log.warn({ err: error, url }, 'could not remove a stored brochure'),
      );
  }

  /**
   * Stores every upload, or none: on a failure the ones already stored are removed, and the
   * answer names the refused file (a form may send several).
   */
  async function storeImages(folder: string, uploads: ImageUpload[]): Promise<string[]> {
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
  }

  async function removeImages(urls: string[]): Promise<void> {
    await Promise.all(
      urls.map((url) =>
        deleteStoredImage(storage, url).catch((error: unknown) =>
          log.warn({ err: error, url }, 'could not remove a stored image'),
        ),
      ),
    );
  }

  /** Runs a write that may hit the unique index in a race the pre-check did not see. */
  async function guardUnique<T>(write: () => Promise<T>, conflict: string): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', conflict);
      throw error;
    }
  }

  /**
   * A page of the whole catalogue or of a category. The whole catalogue's count is kept by the
   * database; a category's is counted, so it is cached per list and shared by all its pages.
   */
  async function listPage(
    filter: ProductFilter,
    window: { limit: number; offset: number },
    sort: ProductSort,
  ) {
    const total = await cache.get(JSON.stringify(['count', filter]), () =>
      repo.countProducts(filter),
    );
    const rows = await repo.pageOfProducts(filter, window, total, sort);
    return { rows, total, totalCapped: false };
  }

  return {
    async listProducts(
      filter: ProductFilter,
      page: { page: number; limit: number },
      viewer: Viewer,
      sort: ProductSort = DEFAULT_PRODUCT_SORT,
    ): Promise<SerializedProducts> {
      const key = JSON.stringify(['list', filter, page, sort, viewer.seesPartnerPrices]);
      return cache.get(key, async () => {
        const window = { limit: page.limit, offset: (page.page - 1) * page.limit };
        const { rows, total, totalCapped } =
          filter.search || filter.numberContains
            ? await repo.searchProducts(filter, window, SEARCH_COUNT_CAP, sort)
            : await listPage(filter, window, sort);
        return {
          total,
          totalCapped,
          json: JSON.stringify(rows.map((row) => productDto(row, viewer))),
        };
      });
    },

    /** One product's answer as JSON text; throws not_found. */
    async getProductJson(idOrNumber: string, viewer: Viewer): Promise<string> {
      const key = JSON.stringify(['product', idOrNumber, viewer.seesPartnerPrices]);
      return cache.get(key, async () =>
        JSON.stringify(productDto(await requireProduct(idOrNumber), viewer)),
      );
    },

    async createProduct(
      fields: Record<string, string>,
      files: ProductUploads,
      context: AuditContext,
    ): Promise<ProductDto> {
      const uploads = files.images;
      // Field errors first, in the form's order; the images field comes last.
      const input = parseOrThrow(ProductInput, fields);
      checkPriceConfirmation(input, fields);
      if (uploads.length === 0) throw new AppError('bad_request', PRODUCT_MESSAGES.imagesRequired);
      if (uploads.length > PRODUCT_LIMITS.images) {
        throw new AppError('bad_request', CATALOG_MESSAGES.tooManyImages);
      }
      const values = await productValues(input, []);
      const imageUrls = await storeImages('products', uploads);
      let brochure: { brochure: string | null; stored: string | null } = {
        brochure: null,
        stored: null,
      };
      try {
        brochure = await brochureOf(input.brochure, files.brochure, null);
        const created = await audit.transaction(context, async (tx, record) => {
          const txRepo = createCatalogRepo(tx);
          const id = await guardUnique(
            () =>
              txRepo.insertProduct({ ...values, images: imageUrls, brochure: brochure.brochure }),
            CATALOG_MESSAGES.duplicateNumber(values.number),
          );
          const row = await requireProduct(id, txRepo);
          record({
            action: 'product.create',
            entityType: 'product',
            entityId: row.number,
            after: productRecord(row),
          });
          return row;
        });
        cache.clear();
        return productDto(created, { seesPartnerPrices: true });
      } catch (error) {
        await Promise.all([removeImages(imageUrls), removeBrochure(brochure.stored)]);
        throw error;
      }
    },

    async updateProduct(
      idOrNumber: string,
      fields: Record<string, string>,
      files: ProductUploads,
      context: AuditContext,
    ): Promise<ProductDto> {
      const uploads = files.images;
      const current = await requireProduct(idOrNumber);
      const input = parseOrThrow(ProductInput, fields);
      checkPriceConfirmation(input, fields, current);
      const shown = current.images.map(showUrl);
      const kept =
        fields.existingImages === undefined
          ? current.images
          : keptImages(fields.existingImages, shown, current.images);
      const total = kept.length + uploads.length;
      if (total === 0) throw new AppError('bad_request', PRODUCT_MESSAGES.imagesRequired);
      if (total > PRODUCT_LIMITS.images)
        throw new AppError('bad_request', CATALOG_MESSAGES.tooManyImages);
      // Checked before anything is stored: the order must name exactly the kept and new images.
      const order =
        fields[IMAGE_ORDER_FIELD] === undefined
          ? null
          : imageOrder(fields[IMAGE_ORDER_FIELD], kept, uploads.length, shown, current.images);
      const values = await productValues(input, kept, current.id);
      const added = await storeImages('products', uploads);
      const images = order
        ? order.map((entry) => (typeof entry === 'number' ? added[entry]! : entry))
        : [...kept, ...added];
      let brochure: { brochure: string | null; stored: string | null } = {
        brochure: current.brochure,
        stored: null,
      };
      try {
        brochure = await brochureOf(input.brochure, files.brochure, current.brochure);
        await audit.transaction(context, async (tx, record) => {
          const txRepo = createCatalogRepo(tx);
          // Read again in the transaction: the entry's "before" is what this write replaced.
          const before = await requireProduct(current.id, txRepo);
          const updated = await guardUnique(
            () =>
              txRepo.updateProduct(current.id, {
                ...values,
                images,
                brochure: brochure.brochure,
              }),
            CATALOG_MESSAGES.duplicateNumber(values.number),
          );
          if (!updated) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound);
          const after = await requireProduct(current.id, txRepo);
          const changed = changedFields(productRecord(before), productRecord(after));
          if (changed) {
            record({
              action: 'product.update',
              entityType: 'product',
              entityId: after.number,
              ...changed,
            });
          }
        });
        cache.clear();
      } catch (error) {
        await Promise.all([removeImages(added), removeBrochure(brochure.stored)]);
        throw error;
      }
      await Promise.all([
        removeImages(current.images.filter((url) => !kept.includes(url))),
        brochure.brochure === current.brochure
          ? undefined
          : removeReplacedBrochure(current.id, current.brochure),
      ]);
      return productDto(await requireProduct(current.id), { seesPartnerPrices: true });
    },

    async deleteProduct(idOrNumber: string, context: AuditContext): Promise<void> {
      const product = await requireProduct(idOrNumber);
      await audit.transaction(context, async (tx, record) => {
        if (!(await createCatalogRepo(tx).deleteProduct(product.id))) {
          throw new AppError('not_found', CATALOG_MESSAGES.productNotFound);
        }
        record({
          action: 'product.delete',
          entityType: 'product',
          entityId: product.number,
          before: productRecord(product),
        });
      });
      cache.clear();
    },

    async listCategories(): Promise<CategoryDto[]> {
      return cache.get('categories', async () => (await repo.listCategories()).map(categoryDto));
    },

    async createCategory(
      fields: Record<string, string>,
      thumbnail: ImageUpload | undefined,
      context: AuditContext,
    ) {
      const input = parseOrThrow(CategoryInput, fields);
      if (!thumbnail) throw new AppError('bad_request', CATEGORY_MESSAGES.thumbnailRequired);
      if (await repo.categoryByName(input.name)) {
        throw new AppError('conflict', CATALOG_MESSAGES.duplicateCategory(input.name));
      }
      const [url] = await storeImages('categories', [thumbnail]);
      try {
        const row = await audit.transaction(context, async (tx, record) => {
          const created = await guardUnique(
            () => createCatalogRepo(tx).insertCategory({ name: input.name, thumbnail: url! }),
            CATALOG_MESSAGES.duplicateCategory(input.name),
          );
          record({
            action: 'category.create',
            entityType: 'category',
            entityId: created.id,
            after: { name: created.name, thumbnail: created.thumbnail },
          });
          return created;
        });
        cache.clear();
        return categoryDto(row);
      } catch (error) {
        await removeImages([url!]);
        throw error;
      }
    },

    async deleteCategory(id: string, context: AuditContext): Promise<void> {
      const category = isUuid(id) ? await repo.categoryById(id.toLowerCase()) : null;
      if (!category) throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound);
      const inUse = await repo.liveProductsInCategory(category.id);
      if (inUse > 0) throw new AppError('conflict', CATALOG_MESSAGES.categoryInUse(inUse));
      await audit.transaction(context, async (tx, record) => {
        if (!(await createCatalogRepo(tx).deleteCategory(category.id))) {
          throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound);
        }
        record({
          action: 'category.delete',
          entityType: 'category',
          entityId: category.id,
          before: { name: category.name, thumbnail: category.thumbnail },
        });
      });
      cache.clear();
    },

    /**
     * Live products by number with their current prices, for charging: read from the database,
     * never from the read cache, so a price changed a second ago is the price charged.
     */
    async productsForSale(numbers: readonly string[]): Promise<Map<string, ProductForSale>> {
      const rows = await repo.productsByNumbers(numbers);
      return new Map(
        rows.map((row) => [
          row.number,
          {
            number: row.number,
            title: row.title,
            available: !isUnavailable(row),
            prices: {
              newPriceCents: row.newPriceCents,
              wholesalePriceCents: row.wholesalePriceCents,
              partnerPriceX3Cents: row.partnerPriceX3Cents,
            },
          },
        ]),
      );
    },

    /**
     * The products a cart cookie names, as the viewer may see them: by number, and by exact
     * title for entries that carry only a title. Deleted products are not found.
     */
    async cartProducts(
      wanted: { numbers: readonly string[]; titles: readonly string[] },
      viewer: Viewer,
    ): Promise<{ byNumber: Map<string, ProductDto>; byTitle: Map<string, ProductDto> }> {
      // The cart page asks for the same few products again and again, so each is read through
      // the read cache. What a payment charges comes from the database (productsForSale).
      const cachedRows = (
        kind: 'number' | 'title',
        values: readonly string[],
        load: (values: readonly string[]) => Promise<ProductRow[]>,
      ) =>
        Promise.all(
          [...new Set(values)].map((value) =>
            cache.get(JSON.stringify(['cart', kind, value]), () => load([value])),
          ),
        ).then((rows) => rows.flat());
      const [numbered, titled] = await Promise.all([
        cachedRows('number', wanted.numbers, repo.productsByNumbers),
        cachedRows('title', wanted.titles, repo.productsByTitles),
      ]);
      const byTitle = new Map<string, ProductDto>();
      // Newest first: when two products share a title, the newest one is the cart's.
      for (const row of titled) {
        if (!byTitle.has(row.title)) byTitle.set(row.title, productDto(row, viewer));
      }
      return {
        byNumber: new Map(numbered.map((row) => [row.number, productDto(row, viewer)])),
        byTitle,
      };
    },

    /**
     * Every live product with its prices (cents), by number, for the ERP price sync: from the
     * database, never from the read cache.
     */
    async productPrices(): Promise<ProductPriceRow[]> {
      return repo.productPrices();
    },

    /**
     * Sets some of one product's prices (cents) in its own transaction, with the audit entry
     * `action` (the price sync's) when a price changed; a product whose prices changed is shown
     * at once (the read cache is cleared). Null when the product is gone.
     */
    async setProductPrices(
      id: string,
      changes: Partial<ProductPrices>,
      audited: { context: AuditContext; action: string; details?: Record<string, unknown> },
    ): Promise<PriceWrite | null> {
      const write = await audit.transaction(audited.context, async (tx, record) => {
        const txRepo = createCatalogRepo(tx);
        const result = await txRepo.setProductPrices(id, changes);
        if (!result?.changed) return result;
        const product = await txRepo.productById(id);
        const changed = changedFields(pricesRecord(result.before), pricesRecord(result.after));
        if (changed) {
          record({
            action: audited.action,
            entityType: 'product',
            entityId: product?.number ?? id,
            before: changed.before,
            after: { ...changed.after, ...audited.details },
          });
        }
        return result;
      });
      if (write?.changed) cache.clear();
      return write;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

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
