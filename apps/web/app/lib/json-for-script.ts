/**
 * JSON for the inside of a <script> element (JSON-LD): `<`, `>` and `&` become \u escapes, so
 * text such as '</script>' in a product description cannot end the element early, and the
 * line separators that older parsers reject are escaped too. The JSON means the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
