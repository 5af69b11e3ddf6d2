import { TEXT_LIMITS } from './constants.ts';

/** Text helpers for what the spec cuts, cases and rewrites for display. */

/** Cuts `text` to `limit` characters and appends '...' when it was longer. */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

/** Characters a shop card shows of a title (SPEC.md section 9). */
const SHOP_CARD_TITLE_CHARS = 33;
/** Titles longer than this get '...' after the cut (SPEC.md "Shop page"). */
const SHOP_CARD_TITLE_ELLIPSIS_AFTER = 39;

/**
 * The title on a shop card, as the spec has it: cut to 33 characters, with '...' when the
 * title is longer than 39. (A title of 34 to 39 characters loses its end without '...'; the
 * card carries the whole title for screen readers and as a tooltip.)
 */
export function shopCardTitle(title: string): string {
  const chars = Array.from(title);
  const cut = chars.slice(0, SHOP_CARD_TITLE_CHARS).join('');
  return chars.length > SHOP_CARD_TITLE_ELLIPSIS_AFTER ? `${cut}...` : cut;
}

/** 'polishing LATHES' -> 'Polishing Lathes' (the shop sidebar shows category names so). */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((part) => (part.length > 0 ? part[0]!.toUpperCase() + part.slice(1) : part))
    .join('');
}

/** A URL-safe slug for file names and anchors: 'Model Trimmers & Parts' -> 'model-trimmers-parts'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A product title on the home page: 39 characters plus '...' (SPEC.md section 9). */
export function homeProductTitle(title: string): string {
  return truncate(title, TEXT_LIMITS.homeProductTitle);
}

/**
 * 'Dana Whitfield Lee' -> 'DL': the first and last words' first letters, for a person shown
 * without a picture (testimonials, demo avatars).
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => (Array.from(word)[0] ?? '').toUpperCase()).join('');
}
