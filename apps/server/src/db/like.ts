/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `text` as a LIKE pattern matching what starts with it, its own % _ and \ taken literally. */
export function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
