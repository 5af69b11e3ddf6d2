/** Reads one cookie from a Cookie header, or from document.cookie in the browser. */
export function readCookie(name: string, cookieHeader?: string | null): string | undefined {
  const source = cookieHeader ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of source.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
