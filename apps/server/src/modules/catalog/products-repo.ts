import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ProductPrices } from '@labshop/shared/pricing';
import { DEFAULT_PRODUCT_SORT, type ProductSort } from '@labshop/shared/schemas/catalog';
import type { Database } from '../../db/client.ts';
import { categories, liveProductCount, products } from '../../db/schema/index.ts';
import {
  isCreationOrder,
  newestFirst,
  oldestFirst,
  orderOf,
  productWhere,
  searchRank,
  stopWord,
  wordAsTyped,
  type ProductFilter,
} from './products-sql.ts';
import { searchWords } from './search-query.ts';

export type { ProductFilter } from './products-sql.ts';

/** Products with their category's name: lists, the search, reads by number, writes, prices. */

// The search columns are the database's own (migration 0011): never read into the app.
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText' | 'searchVector'> & {
  categoryName: string | null;
};

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
  | 'shippingWeightLb'
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
  shippingWeightLb: products.shippingWeightLb,
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

/**
 * A search of up to this many matches is read through its indexes and sorted (sortedSearchPage),
 * even past the count's cap; a broader one walks the newest-first index, where its matches are
 * dense enough to be found soon.
 */
const SORTED_MATCHES_MAX = 2_000;

/** Words shorter than this never match by similarity: a typo in them is anyone's guess. */
const TYPO_MIN_LENGTH = 4;

export function createProductsRepo(db: Database) {
  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));

  /** How many products a filter matches, counting at most `countCap` + 1 (through the indexes). */
  async function countMatches(filter: ProductFilter, countCap: number): Promise<number> {
    const matches = db
      .select({ one: sql`1` })
      .from(products)
      .where(productWhere(filter))
      .limit(countCap + 1)
      .as('matches');
    const [counted] = await db.select({ value: count() }).from(matches);
    return counted?.value ?? 0;
  }

  /**
   * The indexes of a search's words, long enough to hold a typo, that no live product holds
   * as typed (stop words aside).
   */
  async function wordsMatchingNothing(search: string): Promise<number[]> {
    const candidates = searchWords(search)
      .map((word, index) => ({ word, index }))
      .filter(({ word }) => [...word.text].length >= TYPO_MIN_LENGTH);
    if (candidates.length === 0) return [];
    const [found] = await db
      .select(
        Object.fromEntries(
          candidates.map(({ word, index }) => {
            const stop = stopWord(word);
            const asTyped = sql<boolean>`exists (select 1 from ${products} where ${products.deletedAt} is null and ${wordAsTyped(word)})`;
            return [`w${index}`, stop ? sql<boolean>`(${stop} or ${asTyped})` : asTyped];
          }),
        ),
      )
      .from(sql`(select 1) as one`);
    return candidates
      .filter(({ index }) => found?.[`w${index}`] === false)
      .map(({ index }) => index);
  }

  /**
   * A page of a search of up to SORTED_MATCHES_MAX matches, newest first, with their number, in
   * one statement: the matches are read through the search's indexes once, counted, and sorted;
   * up to `countCap` matches, ranked first (searchRank), so every page reads the same order. The
   * "+ 0 seconds" keeps the planner from walking the newest-first index, which for a rare match
   * reads most of the catalogue ('vibrator 3' matches 1,104 of 100,000 products: the walk read
   * 7,952 rows for a page of 100, the sort 1,104). Null when the search matches more.
   */
  async function sortedSearchPage(
    filter: ProductFilter,
    page: { limit: number; offset: number },
    countCap: number,
  ): Promise<{ rows: ProductRow[]; matched: number } | null> {
    const matches = db.$with('matches').as(
      db
        .select({
          id: sql<string>`${products.id}`.as('match_id'),
          rank: (filter.search ? searchRank(filter.search, filter.typoWords) : sql`0`).as('rank'),
          createdAt: sql<Date>`${products.createdAt} + interval '0 seconds'`.as('match_created_at'),
        })
        .from(products)
        .where(productWhere(filter))
        .limit(SORTED_MATCHES_MAX + 1),
    );
    const matched = sql<number>`(select count(*) from ${matches})`.mapWith(Number);
    const found = await db
      .with(matches)
      .select({ ...productColumns, matched })
      .from(matches)
      .innerJoin(products, eq(products.id, matches.id))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(
        sql`case when ${matched} > ${countCap} then 0 else ${matches.rank} end`,
        desc(matches.createdAt),
        asc(matches.id),
      )
      .limit(page.limit)
      .offset(page.offset);
    const first = found[0];
    // No row: nothing matches, or the page is past the last one (then counted on its own).
    const count = first
      ? first.matched
      : page.offset === 0
        ? 0
        : await countMatches(filter, SORTED_MATCHES_MAX);
    if (count > SORTED_MATCHES_MAX) return null;
    return { rows: found.map(({ matched: _matched, ...row }) => row), matched: count };
  }

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
      const capped = (matched: number) => {
        const totalCapped = matched > countCap;
        return { total: totalCapped ? countCap : matched, totalCapped };
      };
      if (sort === DEFAULT_PRODUCT_SORT) {
        let sorted = await sortedSearchPage(filter, page, countCap);
        if (sorted?.matched === 0 && filter.search) {
          // Nothing as typed: the words that match no product anywhere may be typos.
          const typoWords = await wordsMatchingNothing(filter.search);
          if (typoWords.length > 0) {
            filter = { ...filter, typoWords };
            sorted = await sortedSearchPage(filter, page, countCap);
          }
        }
        if (sorted) return { rows: sorted.rows, ...capped(sorted.matched) };
        // More than SORTED_MATCHES_MAX matches ('bulk', 'grinder'): "1000+ products", newest
        // first, found soon on a walk of the newest-first index (ranking them would read every
        // match, all 100,000 for 'bulk').
        const rows = await selectProducts()
          .where(productWhere(filter))
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset);
        return { rows, total: countCap, totalCapped: true };
      }
      // Another order (the admin's table): the matches counted, then sorted as asked.
      const { total, totalCapped } = capped(await countMatches(filter, countCap));
      if (!totalCapped && page.offset >= total) return { rows: [], total, totalCapped };
      const rows = await selectProducts()
        .where(productWhere(filter))
        .orderBy(...orderOf(sort))
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

    /**
     * Live products with these numbers in any case (qa-100 finds QA-100), in one query through
     * the lower-case index; numbers no live product has are simply absent.
     */
    async productsByNumbers(numbers: readonly string[]): Promise<ProductRow[]> {
      if (numbers.length === 0) return [];
      const lowered = [...new Set(numbers.map((number) => number.toLowerCase()))];
      return selectProducts().where(
        and(inArray(sql`lower(${products.number})`, lowered), isNull(products.deletedAt)),
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

    /** How many products other than `exceptId` link `brochure`, deleted ones included. */
    async otherProductsWithBrochure(brochure: string, exceptId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(products)
        .where(and(eq(products.brochure, brochure), ne(products.id, exceptId)));
      return row?.value ?? 0;
    },
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
