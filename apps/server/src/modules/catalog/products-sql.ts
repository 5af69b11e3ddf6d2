import { and, asc, desc, ilike, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ProductSort } from '@labshop/shared/schemas/catalog';
import { containsPattern, startsWithPattern } from '../../db/like.ts';
import { categories, products } from '../../db/schema/index.ts';
import { wordQuerySource, searchWords, type SearchWord } from './search-query.ts';

/**
 * The WHERE and ORDER BY of product lists and searches (products-repo.ts runs them): a list's
 * filter, the shop search's words as conditions, the search's ranking and the sorts.
 */

export interface ProductFilter {
  /** A category name, matched case-insensitively. */
  categoryName?: string;
  /**
   * The shop search: every word, in any order, in the title, number or category name, as a
   * substring, a stem or a prefix (search-query.ts).
   */
  search?: string;
  /**
   * Indexes of the search's words that match no product as typed: these match by similarity
   * instead (a typo). Set by searchProducts when the search as typed finds nothing.
   */
  typoWords?: readonly number[];
  /** Case-insensitive substring of the number (the admin's search). */
  numberContains?: string;
}

/** pg_trgm finds a substring through its index from three characters (one trigram). */
const SUBSTRING_MIN_LENGTH = 3;

/** The word's stems and prefixes, in the whole document or only in the title (weight A). */
function wordQuery(word: SearchWord, weight: '' | 'A' = ''): SQL {
  return sql`to_tsquery('english'::regconfig, ${wordQuerySource(word, weight)})`;
}

/**
 * A stop word ('the', 'with') stems to nothing. The expression has constants only, so the
 * planner folds it to true or false before it plans the search. Null for a word without letters
 * or digits ('%', '-').
 */
export function stopWord(word: SearchWord): SQL | null {
  return word.lexemeSource ? sql`numnode(${wordQuery(word)}) = 0` : null;
}

/**
 * The word as typed: a stem or a prefix of a word of title, number or category name, or, from
 * SUBSTRING_MIN_LENGTH characters, a substring of them. A shorter word ('12') would have every
 * product read to look for it inside words; as a whole word the full-text index finds it
 * (search-query.ts), and the search as typed is matched as a whole as well (searchCondition).
 */
export function wordAsTyped(word: SearchWord): SQL {
  const substring = sql`${products.searchText} ilike ${containsPattern(word.text)}`;
  if (!word.lexemeSource) return substring;
  const stemOrPrefix = sql`${products.searchVector} @@ ${wordQuery(word)}`;
  if ([...word.text].length < SUBSTRING_MIN_LENGTH) return stemOrPrefix;
  return sql`(${substring} or ${stemOrPrefix})`;
}

/** The word as typed, in the title alone. */
function wordInTitle(word: SearchWord): SQL {
  const substring = sql`${products.title} ilike ${containsPattern(word.text)}`;
  if (!word.lexemeSource) return substring;
  return sql`(${substring} or ${products.searchVector} @@ ${wordQuery(word, 'A')})`;
}

/** A word with a typo: close enough to a whole word of the text (pg_trgm's `<<%`, 0.5). */
function wordBySimilarity(word: SearchWord, text: SQLWrapper): SQL {
  return sql`${word.text} <<% ${text}`;
}

/**
 * What a search's words require: each word (as typed, or by similarity for those in
 * `typoWords`), over the whole document for the match and over the title for the ranking. Stop
 * words are left out, unless the search holds nothing else.
 */
function searchTerms(search: string, typoWords: readonly number[] = []) {
  const words = searchWords(search);
  const stops = words.map(stopWord);
  const onlyStopWords = stops.every((stop) => stop !== null)
    ? and(...(stops as SQL[]))!
    : sql`false`;
  const each = (match: (word: SearchWord, index: number) => SQL) =>
    and(
      ...words.map((word, index) => {
        const stop = stops[index];
        const required = match(word, index);
        return stop ? sql`((${stop} and not ${onlyStopWords}) or ${required})` : required;
      }),
    )!;
  const typo = (index: number) => typoWords.includes(index);
  return {
    words,
    match: each((word, index) =>
      typo(index) ? wordBySimilarity(word, products.searchText) : wordAsTyped(word),
    ),
    inTitle: each((word, index) =>
      typo(index) ? wordBySimilarity(word, products.title) : wordInTitle(word),
    ),
  };
}

/**
 * Every word (searchTerms), or the spec's case-insensitive substring of the title or the number
 * (SPEC.md 5): a product the spec's search finds is always found.
 */
function searchCondition(search: string, typoWords?: readonly number[]): SQL {
  const terms = searchTerms(search, typoWords);
  const pattern = containsPattern(search);
  // Through the title's and the number's own trigram indexes (migration 0013).
  const asTyped = sql`(${products.title} ilike ${pattern} or ${products.number} ilike ${pattern})`;
  return terms.words.length > 0 ? sql`(${terms.match} or ${asTyped})` : asTyped;
}

/**
 * A search's ranking: a product whose number is a word of the search first, then numbers that
 * start with a word, then titles holding the search as a phrase, then titles holding every
 * word, then the rest (matched through the category name, say). Newest first within each.
 */
export function searchRank(search: string, typoWords?: readonly number[]): SQL {
  const terms = searchTerms(search, typoWords);
  if (terms.words.length === 0) return sql`0`;
  const exactNumber = or(
    ...terms.words.map((word) => sql`lower(${products.number}) = ${word.text.toLowerCase()}`),
  );
  const numberPrefix = or(
    ...terms.words.map((word) => ilike(products.number, startsWithPattern(word.text))),
  );
  const phrase = ilike(
    products.title,
    containsPattern(terms.words.map((word) => word.text).join(' ')),
  );
  return sql`case when ${exactNumber} then 0 when ${numberPrefix} then 1 when ${phrase} then 2 when ${terms.inTitle} then 3 else 4 end`;
}

export function productWhere(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(products.deletedAt)];
  if (filter.categoryName !== undefined) {
    conditions.push(
      sql`${products.categoryId} in (select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${filter.categoryName}) and ${categories.deletedAt} is null)`,
    );
  }
  if (filter.search) conditions.push(searchCondition(filter.search, filter.typoWords));
  if (filter.numberContains) {
    conditions.push(ilike(products.number, containsPattern(filter.numberContains)));
  }
  return and(...conditions);
}

// Lists are newest first; the index products_created_idx (and per category
// products_category_created_idx) serves this order and, read backwards, its reverse.
export const newestFirst = [desc(products.createdAt), asc(products.id)];
export const oldestFirst = [asc(products.createdAt), desc(products.id)];

/**
 * A list's order for a sort other than by creation: the field, then the id, so pages never
 * overlap. Texts sort case-insensitively (the number's through products_number_lower_live_unique).
 */
export function orderOf(sort: ProductSort): SQL[] {
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
export const isCreationOrder = (sort: ProductSort) => sort === '-createdAt' || sort === 'createdAt';
