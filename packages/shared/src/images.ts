/**
 * Stored JPEG images come with resized WebP variants beside them (`name.jpg` ->
 * `name-w400.webp`, `name-w800.webp`), written by the server when the image is stored. Images
 * elsewhere (an old host, a pasted URL) have none and are shown as they are.
 */

export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The variant's URL or key for a stored image's URL or key ending in .jpg. */
export function imageVariantPath(jpegPath: string, width: ImageVariantWidth): string {
  return jpegPath.replace(/\.jpg$/i, `-w${width}.webp`);
}

export interface ImageSources {
  src: string;
  /** For <img srcset>; absent when the image has no variants. */
  srcSet?: string;
}

/**
 * `src` and `srcSet` for an <img>. `storageBase` is where the shop's storage serves files
 * (PublicConfig.storageBaseUrl): only images under it have variants.
 */
export function imageSources(url: string, storageBase: string): ImageSources {
  if (!url.startsWith(storageBase) || !/\.jpg$/i.test(url)) return { src: url };
  const variants = IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(url, width)} ${width}w`);
  return { src: url, srcSet: variants.join(', ') };
}

/** A URL on one of `legacyOrigins` moved to `origin`; anything else unchanged (SPEC.md 9). */
export function rewriteLegacyOrigin(
  url: string,
  legacyOrigins: readonly string[],
  origin: string,
): string {
  if (legacyOrigins.length === 0 || !/^https?:\/\//i.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!legacyOrigins.includes(parsed.origin)) return url;
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
