/**
 * Checks the form schemas share, kept cheap for hostile input (issue 31: one 40 KB e-mail
 * address held the whole server for 4-5 s).
 */

/**
 * A length check's params that end the field's checks when it fails: zod runs every check of
 * a field even after one failed, so a pattern after `.max()` would still scan a 1 MB value.
 * Put the length check before any pattern: `.max(254, stopWith(message)).regex(...)`.
 */
export const stopWith = (message: string) => ({ message, abort: true }) as const;

/**
 * An address that starts with two slashes or backslashes in any mix (`//host/x`, `/\host`,
 * `\\host`): browsers load it from another host with the page's scheme. Refused as the text
 * pages' HTML sanitiser refuses it (sanitize-html's allowProtocolRelative: false).
 */
export function isProtocolRelative(value: string): boolean {
  return /^[/\\]{2}/.test(value);
}
