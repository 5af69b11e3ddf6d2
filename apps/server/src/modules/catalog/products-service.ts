import { centsToDollars, dollarsToCents } from '@labshop/shared/money';
import type { ProductPrices } from '@labshop/shared/pricing';
import {
  DEFAULT_PRODUCT_SORT,
  SEARCH_COUNT_CAP,
  isUnavailable,
  priceWarnings,
  samePrices,
  unconfirmedPricesMessage,
  type ProductDto,
  type ProductInput,
  type ProductSort,
} from '@labshop/shared/schemas/catalog';
import type { ReadCache } from '../../cache/read-cache.ts';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import { changedFields, type AuditContext, type AuditLog } from '../audit/service.ts';
import type { CatalogAnswers, Viewer } from './answers.ts';
import type { BrochureChoice, BrochureFiles } from './brochures.ts';
import type { ProductFields, ProductUpdateFields } from './forms.ts';
import {
  arrangeImages,
  checkImageCount,
  planImages,
  type ImageFiles,
  type ImageUpload,
} from './images.ts';
import { CATALOG_MESSAGES } from './messages.ts';
import {
  createProductsRepo,
  type PriceWrite,
  type ProductFilter,
  type ProductPriceRow,
  type ProductRow,
  type ProductsRepo,
  type ProductValues,
} from './products-repo.ts';
import { guardUnique, type CatalogRepo } from './repo.ts';

/**
 * Products: the shop's lists and searches (through the read cache), the admin's writes with
 * their images and brochure, and what checkout and the ERP price sync read and write.
 */

/** The files of a product form: its pictures and, optionally, a brochure PDF. */
export interface ProductUploads {
  images: ImageUpload[];
  brochure?: ImageUpload;
}

/** A product as checkout prices it: its live prices in cents, straight from the database. */
export interface ProductForSale {
  number: string;
  title: string;
  /** False for a product whose title says it is not available (SPEC.md product page). */
  available: boolean;
  prices: ProductPrices;
  /** Pounds, for the freight table's weight bands; null when unset. */
  shippingWeightLb: number | null;
}

/** A read answer already serialised for the wire, as the read cache keeps it. */
export interface SerializedProducts {
  total: number;
  /** The total is a lower bound: a broad search matched more than the count cap. */
  totalCapped: boolean;
  json: string;
}

export interface ProductsServiceDeps {
  repo: CatalogRepo;
  cache: ReadCache;
  /** Every change is logged in the change's transaction. */
  audit: AuditLog;
  answers: CatalogAnswers;
  imageFiles: ImageFiles;
  brochures: BrochureFiles;
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
    shippingWeightLb: row.shippingWeightLb,
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

/**
 * Partner prices above retail need the form's confirmation, unless they are the prices the
 * product already has (an edit of its title must not ask about prices nobody changed).
 */
function checkPriceConfirmation(input: ProductFields, current?: ProductRow): void {
  const warnings = priceWarnings(input);
  if (warnings.length === 0 || input.confirmPrices) return;
  if (current && samePrices(input, formPrices(current))) return;
  throw new AppError('bad_request', unconfirmedPricesMessage(warnings));
}

/** By number (routes, carts) or by _id (the spec's clients); `from` may be a transaction's repo. */
async function findProduct(from: ProductsRepo, idOrNumber: string): Promise<ProductRow | null> {
  const byNumber = await from.productByNumber(idOrNumber);
  if (byNumber || !isUuid(idOrNumber)) return byNumber;
  return from.productById(idOrNumber.toLowerCase());
}

async function requireProduct(from: ProductsRepo, idOrNumber: string): Promise<ProductRow> {
  const product = await findProduct(from, idOrNumber);
  if (!product) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound);
  return product;
}

/** Validated form fields -> row values (prices in cents); checks category and number. */
async function productValues(
  repo: CatalogRepo,
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
    shippingWeightLb: input.shippingWeight ? Number(input.shippingWeight) : null,
    brochure: input.brochure ? input.brochure : null,
  };
}

export function createProductsService({
  repo,
  cache,
  audit,
  answers,
  imageFiles,
  brochures,
}: ProductsServiceDeps) {
  const { productDto } = answers;
  const admin: Viewer = { seesPartnerPrices: true };

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
        JSON.stringify(productDto(await requireProduct(repo, idOrNumber), viewer)),
      );
    },

    /** The form's fields are checked already (in their order); the images field comes last. */
    async createProduct(
      input: ProductFields,
      files: ProductUploads,
      context: AuditContext,
    ): Promise<ProductDto> {
      const uploads = files.images;
      checkPriceConfirmation(input);
      checkImageCount(uploads.length);
      const values = await productValues(repo, input, []);
      const imageUrls = await imageFiles.storeImages('products', uploads);
      let brochure: BrochureChoice = { brochure: null, stored: null };
      try {
        brochure = await brochures.brochureOf(input.brochure, files.brochure, null);
        const created = await audit.transaction(context, async (tx, record) => {
          const txRepo = createProductsRepo(tx);
          const id = await guardUnique(
            () =>
              txRepo.insertProduct({ ...values, images: imageUrls, brochure: brochure.brochure }),
            CATALOG_MESSAGES.duplicateNumber(values.number),
          );
          const row = await requireProduct(txRepo, id);
          record({
            action: 'product.create',
            entityType: 'product',
            entityId: row.number,
            after: productRecord(row),
          });
          return row;
        });
        cache.clear();
        return productDto(created, admin);
      } catch (error) {
        await Promise.all([
          imageFiles.removeImages(imageUrls),
          brochures.removeBrochure(brochure.stored),
        ]);
        throw error;
      }
    },

    async updateProduct(
      idOrNumber: string,
      input: ProductUpdateFields,
      files: ProductUploads,
      context: AuditContext,
    ): Promise<ProductDto> {
      const uploads = files.images;
      const current = await requireProduct(repo, idOrNumber);
      checkPriceConfirmation(input, current);
      // Checked before anything is stored: the kept images, their count and their order.
      const plan = planImages(
        input,
        current.images,
        current.images.map(answers.showUrl),
        uploads.length,
      );
      const values = await productValues(repo, input, plan.kept, current.id);
      const added = await imageFiles.storeImages('products', uploads);
      const images = arrangeImages(plan, added);
      let brochure: BrochureChoice = { brochure: current.brochure, stored: null };
      try {
        brochure = await brochures.brochureOf(input.brochure, files.brochure, current.brochure);
        await audit.transaction(context, async (tx, record) => {
          const txRepo = createProductsRepo(tx);
          // Read again in the transaction: the entry's "before" is what this write replaced.
          const before = await requireProduct(txRepo, current.id);
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
          const after = await requireProduct(txRepo, current.id);
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
        await Promise.all([
          imageFiles.removeImages(added),
          brochures.removeBrochure(brochure.stored),
        ]);
        throw error;
      }
      await Promise.all([
        imageFiles.removeImages(current.images.filter((url) => !plan.kept.includes(url))),
        brochure.brochure === current.brochure
          ? undefined
          : brochures.removeReplacedBrochure(current.id, current.brochure),
      ]);
      return productDto(await requireProduct(repo, current.id), admin);
    },

    async deleteProduct(idOrNumber: string, context: AuditContext): Promise<void> {
      const product = await requireProduct(repo, idOrNumber);
      await audit.transaction(context, async (tx, record) => {
        if (!(await createProductsRepo(tx).deleteProduct(product.id))) {
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
            shippingWeightLb: row.shippingWeightLb,
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
        const txRepo = createProductsRepo(tx);
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

export type ProductsService = ReturnType<typeof createProductsService>;
