/** A category's shop page (SPEC.md: /shop/{category name}). */
export function categoryPath(name: string): string {
  return `/shop/${encodeURIComponent(name)}`;
}
