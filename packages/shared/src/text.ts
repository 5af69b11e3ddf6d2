/** Text helpers for what the spec cuts, cases and rewrites for display. */

/** Cuts `text` to `limit` characters and appends '...' when it was longer. */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
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
