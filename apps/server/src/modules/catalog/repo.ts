import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  max,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ProductPrices } from '@labshop/shared/pricing';
import {
  DEFAULT_PRODUCT_SORT,
  PRODUCT_NUMBER_PATTERN,
  type ProductSort,
} from '@labshop/shared/schemas/catalog';
import type { Database } from '../../db/client.ts';
import { databaseErrorCode } from '../../http/errors.ts';
import { categories, liveProductCount, products } from '../../db/schema/index.ts';

/** The catalogue's rows: products with their category's name, and categories. */

export type ProductRow = typeof products.$inferSelect & { categoryName: string | null };
export type CategoryRow = typeof categories.$inferSelect;

export interface ProductFilter {
  /** A category name, matched case-insensitively. */
  categoryName?: string;
  /** Case-insensitive substring of the title or the number. */
  search?: string;
  /** Case-insensitive substring of the number (the admin's search). */
  numberContains?: string;
}

export type ProductValues = Pick<
  typeof products.$inferInsert,
  | 'number'
  | 'title'
  | 'description'
  | 'categoryId'
  | 'images'
  | 'newPriceCents'
  | 'oldPriceCents'
  | 'wholesalePriceCents'
  | 'partnerPriceX3Cents'
  | 'brochure'
>;

const productColumns = {
  id: products.id,
  number: products.number,
  title: products.title,
  description: products.description,
  categoryId: products.categoryId,
  images: products.images,
  newPriceCents: products.newPriceCents,
  oldPriceCents: products.oldPriceCents,
  wholesalePriceCents: products.wholesalePriceCents,
  partnerPriceX3Cents: products.partnerPriceX3Cents,
  brochure: products.brochure,
  guid: products.guid,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  deletedAt: products.deletedAt,
  categoryName: categories.name,
};

/** A live product's prices, as the ERP price sync reads and writes them. */
export interface ProductPriceRow {
  id: string;
  number: string;
  title: string;
  prices: ProductPrices;
}

/** What a price write did: the prices before and after, and whether anything changed. */
export interface PriceWrite {
  before: ProductPrices;
  after: ProductPrices;
  changed: boolean;
}

function pricesOf(row: ProductPrices): ProductPrices {
  return {
    newPriceCents: row.newPriceCents,
    wholesalePriceCents: row.wholesalePriceCents,
    partnerPriceX3Cents: row.partnerPriceX3Cents,
  };
}

/** `%text%` for LIKE, with the pattern's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function productWhere(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(products.deletedAt)];
  if (filter.categoryName !== undefined) {
    conditions.push(
      sql`${products.categoryId} in (select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${filter.categoryName}) and ${categories.deletedAt} is null)`,
    );
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    // A search with characters a product number cannot hold (a space, say) can only match
    // titles: skipping the number index halves the work of such searches.
    conditions.push(
      PRODUCT_NUMBER_PATTERN.test(filter.search)
        ? or(ilike(products.title, pattern), ilike(products.number, pattern))
        : ilike(products.title, pattern),
    );
  }
  if (filter.numberContains) {
    conditions.push(ilike(products.number, containsPattern(filter.numberContains)));
  }
  return and(...conditions);
}

// Lists are newest first; the index products_created_idx (and per category
// products_category_created_idx) serves this order and, read backwards, its reverse.
const newestFirst = [desc(products.createdAt), asc(products.id)];
const oldestFirst = [asc(products.createdAt), desc(products.id)];

/**
 * A list's order for a sort other than by creation: the field, then the id, so pages never
 * overlap. Texts sort case-insensitively (the number's through products_number_lower_live_unique).
 */
function orderOf(sort: ProductSort): SQL[] {
  const descending = sort.startsWith('-');
  const by = (expression: SQL | typeof products.newPriceCents) =>
    descending ? desc(expression) : asc(expression);
  switch (sort.replace(/^-/, '')) {
    case 'number':
      return [by(sql`lower(${products.number})`), asc(products.id)];
    case 'title':
      return [by(sql`lower(${products.title})`), asc(products.id)];
    case 'category':
      return [
        by(sql`lower(${categories.name})`),
        asc(sql`lower(${products.title})`),
        asc(products.id),
      ];
    case 'newPrice':
      return [by(products.newPriceCents), asc(products.id)];
    default:
      return descending ? newestFirst : oldestFirst;
  }
}

/** Whether the list is in creation order, which the lists' own indexes serve. */
const isCreationOrder = (sort: ProductSort) => sort === '-createdAt' || sort === 'createdAt';

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

export function createCatalogRepo(db: Database) {
  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));

  return {
    /**
     * A page of a search's matches and the number of matches. The count stops at `countCap`
     * (`totalCapped` then says the total is at least that).
     */
    async searchProducts(
      filter: ProductFilter,
      page: { limit: number; offset: number },
      countCap: number,
      sort: ProductSort = DEFAULT_PRODUCT_SORT,
    ): Promise<{ rows: ProductRow[]; total: number; totalCapped: boolean }> {
      const where = productWhere(filter);
      // Counted first (through the trigram indexes, at most countCap + 1 rows): how many match
      // decides how the page is best read.
      const matches = db
        .select({ one: sql`1` })
        .from(products)
        .where(where)
        .limit(countCap + 1)
        .as('matches');
      const [counted] = await db.select({ value: count() }).from(matches);
      const matched = counted?.value ?? 0;
      const totalCapped = matched > countCap;
      const total = totalCapped ? countCap : matched;
      if (!totalCapped && page.offset >= total) return { rows: [], total, totalCapped };
      // Few matches: read them all through the trigram index and sort them (the "+ 0 seconds"
      // keeps the planner from walking the newest-first index instead, which for a rare word
      // reads most of the catalogue). Many matches: that walk finds a page of them soon.
      // Another order than newest first sorts the matches as asked.
      const order =
        sort !== DEFAULT_PRODUCT_SORT
          ? orderOf(sort)
          : totalCapped
            ? newestFirst
            : [sql`${products.createdAt} + interval '0 seconds' desc`, asc(products.id)];
      const rows = await selectProducts()
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total, totalCapped };
    },

    /** How many live products a list (the whole catalogue or a category) holds. */
    async countProducts(filter: ProductFilter): Promise<number> {
      const wholeCatalogue =
        filter.categoryName === undefined &&
        filter.search === undefined &&
        filter.numberContains === undefined;
      if (wholeCatalogue) {
        // Kept by the database's triggers on every write (schema/catalog.ts).
        const [kept] = await db.select({ count: liveProductCount.count }).from(liveProductCount);
        if (kept) return kept.count;
      }
      // A category's count walks its own index (products_category_created_idx); the whole
      // catalogue, in the moment a reset has emptied the kept count, walks the list's index.
      const listed = db
        .select({ one: sql`1` })
        .from(products)
        .where(productWhere(filter))
        .orderBy(...(wholeCatalogue ? newestFirst : []))
        .as('listed');
      const [total] = await db.select({ value: count() }).from(listed);
      return total?.value ?? 0;
    },

    /**
     * A page of a list of `total` products, newest first. The page's ids come from the list's
     * index alone (an index-only scan skips the rows before the page cheaply), then only that
     * page's rows are read; a page in the list's second half is counted from its end, so no
     * page walks more than half the index.
     */
    async pageOfProducts(
      filter: ProductFilter,
      page: { limit: number; offset: number },
      total: number,
      sort: ProductSort = DEFAULT_PRODUCT_SORT,
    ): Promise<ProductRow[]> {
      const limit = Math.min(page.limit, total - page.offset);
      if (limit <= 0) return [];
      if (!isCreationOrder(sort)) {
        // Sorted by a field (the admin's table): read in that order. The admin's lists are
        // what asks for it, a catalogue of thousands at most, so no index of its own.
        return selectProducts()
          .where(productWhere(filter))
          .orderBy(...orderOf(sort))
          .limit(limit)
          .offset(page.offset);
      }
      // Oldest first is the newest-first list read from its other end.
      const offset = sort === 'createdAt' ? Math.max(total - page.offset - limit, 0) : page.offset;
      const fromEnd = offset > total / 2;
      const ids = db
        .select({ id: products.id })
        .from(products)
        .where(productWhere(filter))
        .orderBy(...(fromEnd ? oldestFirst : newestFirst))
        .limit(limit)
        .offset(fromEnd ? Math.max(total - offset - limit, 0) : offset);
      return selectProducts()
        .where(inArray(products.id, ids))
        .orderBy(...orderOf(sort));
    },

    /** The live product with this number in any case (qa-100 finds QA-100): there is one. */
    async productByNumber(number: string): Promise<ProductRow | null> {
      const [row] = await selectProducts()
        .where(and(sql`lower(${products.number}) = lower(${number})`, isNull(products.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Live products with these numbers; numbers no live product has are simply absent. */
    async productsByNumbers(numbers: readonly string[]): Promise<ProductRow[]> {
      if (numbers.length === 0) return [];
      return selectProducts().where(
        and(inArray(products.number, [...new Set(numbers)]), isNull(products.deletedAt)),
      );
    },

    /** Live products with exactly these titles (the spec's cart entries may name only a title). */
    async productsByTitles(titles: readonly string[]): Promise<ProductRow[]> {
      if (titles.length === 0) return [];
      return selectProducts()
        .where(and(inArray(products.title, [...new Set(titles)]), isNull(products.deletedAt)))
        .orderBy(...newestFirst);
    },

    async productById(id: string): Promise<ProductRow | null> {
      const [row] = await selectProducts()
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The number of a live product other than `exceptId` that has this number in any case. */
    async numberTakenBy(number: string, exceptId?: string): Promise<string | null> {
      const [row] = await db
        .select({ number: products.number })
        .from(products)
        .where(
          and(
            sql`lower(${products.number}) = lower(${number})`,
            isNull(products.deletedAt),
            exceptId ? ne(products.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row?.number ?? null;
    },

    async insertProduct(values: ProductValues): Promise<string> {
      const [row] = await db.insert(products).values(values).returning({ id: products.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async updateProduct(id: string, values: ProductValues): Promise<boolean> {
      const rows = await db
        .update(products)
        .set(values)
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** Soft delete: orders keep referring to the product. */
    async deleteProduct(id: string): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ deletedAt: new Date() })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** Every live product's number, title and prices, by number. */
    async productPrices(): Promise<ProductPriceRow[]> {
      const rows = await db
        .select({
          id: products.id,
          number: products.number,
          title: products.title,
          newPriceCents: products.newPriceCents,
          wholesalePriceCents: products.wholesalePriceCents,
          partnerPriceX3Cents: products.partnerPriceX3Cents,
        })
        .from(products)
        .where(isNull(products.deletedAt))
        .orderBy(asc(products.number), asc(products.id));
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        prices: pricesOf(row),
      }));
    },

    /**
     * Sets some of a live product's prices in one transaction: the row is locked, read, and
     * written only when a price differs. Null when the product is gone (deleted meanwhile).
     */
    async setProductPrices(
      id: string,
      changes: Partial<ProductPrices>,
    ): Promise<PriceWrite | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            newPriceCents: products.newPriceCents,
            wholesalePriceCents: products.wholesalePriceCents,
            partnerPriceX3Cents: products.partnerPriceX3Cents,
          })
          .from(products)
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .for('update');
        if (!row) return null;
        const before = pricesOf(row);
        const after: ProductPrices = { ...before };
        if (changes.newPriceCents !== undefined) after.newPriceCents = changes.newPriceCents;
        if (changes.wholesalePriceCents !== undefined) {
          after.wholesalePriceCents = changes.wholesalePriceCents;
        }
        if (changes.partnerPriceX3Cents !== undefined) {
          after.partnerPriceX3Cents = changes.partnerPriceX3Cents;
        }
        const changed =
          after.newPriceCents !== before.newPriceCents ||
          after.wholesalePriceCents !== before.wholesalePriceCents ||
          after.partnerPriceX3Cents !== before.partnerPriceX3Cents;
        if (changed) await tx.update(products).set(after).where(eq(products.id, id));
        return { before, after, changed };
      });
    },

    async listCategories(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(isNull(categories.deletedAt))
        .orderBy(asc(categories.position), asc(categories.name));
    },

    async categoryByName(name: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(sql`lower(${categories.name}) = lower(${name})`, isNull(categories.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async categoryById(id: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Appends the category after the others in display order. */
    async insertCategory(values: { name: string; thumbnail: string }): Promise<CategoryRow> {
      const [last] = await db
        .select({ value: max(categories.position) })
        .from(categories)
        .where(isNull(categories.deletedAt));
      const [row] = await db
        .insert(categories)
        .values({ ...values, position: (last?.value ?? -1) + 1 })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async liveProductsInCategory(categoryId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(products)
        .where(and(eq(products.categoryId, categoryId), isNull(products.deletedAt)));
      return row?.value ?? 0;
    },

    async deleteCategory(id: string): Promise<boolean> {
      const rows = await db
        .update(categories)
        .set({ deletedAt: new Date() })
        .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
        .returning({ id: categories.id });
      return rows.length > 0;
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
