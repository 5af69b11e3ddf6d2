/**
 * The shop search's words (issue 34): what a customer typed, split into the words the database
 * matches one by one, in any order, over title, number and category name (products-sql.ts).
 *
 * A word only loses characters at its ends (quotes, brackets, sentence punctuation). The
 * spec's substring match of the whole search is kept beside the words (products-sql.ts), so
 * the search finds at least what it found before.
 */

/** Quotes, brackets and sentence punctuation around a word: `"Alloy"`, `(AG-210)`, `belts,`. */
const EDGE_PUNCTUATION =
  /^[\p{Pi}\p{Pf}\p{Ps}\p{Pe}"'`,.;:!?]+|[\p{Pi}\p{Pf}\p{Ps}\p{Pe}"'`,.;:!?]+$/gu;

/** More words than this are left out: each costs an index scan, and few match so many. */
export const MAX_SEARCH_WORDS = 8;

export interface SearchWord {
  /** The word as typed, without quotes or punctuation at its ends. */
  text: string;
  /** Its letters and digits, space-separated: what the full-text parser reads (`12-inch` -> `12 inch`). */
  lexemeSource: string;
}

/** The distinct words of a search (case-insensitively), at most MAX_SEARCH_WORDS. */
export function searchWords(search: string): SearchWord[] {
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  for (const raw of search.split(/\s+/u)) {
    const text = raw.replace(EDGE_PUNCTUATION, '');
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    words.push({
      text,
      lexemeSource: text
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .join(' '),
    });
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

/**
 * A letter-and-digit run shorter than this matches a whole word only ('12' finds "12-Inch" and
 * "VB-12", not "1250" or "12mm"): as a prefix, a run of one or two characters matches a tenth
 * of a catalogue's words and finds mostly noise, and the index reads every one of them.
 */
const PREFIX_MIN_LENGTH = 3;

/**
 * The word as `to_tsquery` input: each of its letter-and-digit runs, all required, from
 * PREFIX_MIN_LENGTH characters as a prefix (`12-inch` -> `12 & inch:*`), optionally only in
 * the title (weight A). The database stems each run (`belts` -> `belt`) and drops stop words
 * (`the`, `with`). Empty when the word has no letter or digit. The runs hold nothing but
 * letters and digits, so no quote or operator.
 */
export function wordQuerySource(word: SearchWord, weight: '' | 'A' = ''): string {
  if (!word.lexemeSource) return '';
  return word.lexemeSource
    .split(' ')
    .map((run) => {
      const prefix = [...run].length >= PREFIX_MIN_LENGTH ? ':*' : weight ? ':' : '';
      return `${run}${prefix}${weight}`;
    })
    .join(' & ');
}
