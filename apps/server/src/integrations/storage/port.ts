/** Where uploaded and generated files live: local disk in embedded mode, object storage at scale. */
export interface FileStorage {
  /**
   * Stores `body` under `key` (a server-made path such as `products/ab12.jpg`, never a
   * visitor's file name) and returns the URL the browser loads it from.
   */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The URL a stored `key` is read from (what `put` returns for it). */
  publicUrl(key: string): string;
  /** The URL prefix every stored file's URL starts with ('/uploads/' or the bucket's URL). */
  readonly baseUrl: string;
  /** Whether a file is stored under `key` (a typed brochure name must point at one). */
  exists(key: string): Promise<boolean>;
  /** Removes the file behind a URL this storage returned; unknown URLs are ignored. */
  delete(url: string): Promise<void>;
}

/** Keys are made by the server; this refuses anything that could leave the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** The key behind a URL this storage made (it starts with `baseUrl`), or null for any other. */
export function storageKeyOf(url: string, baseUrl: string): string | null {
  if (!url.startsWith(baseUrl)) return null;
  const key = url.slice(baseUrl.length);
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return key;
}
