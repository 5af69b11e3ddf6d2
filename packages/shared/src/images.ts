/**
 * Stored JPEG images come with resized variants beside them, each width in WebP and in JPEG
 * (`name.jpg` -> `name-w240.webp`, `name-w240.jpg`, ... `name-w800.jpg`), written by the server
 * when the image is stored. Pages offer the WebP ones first and the JPEG ones to browsers without
 * WebP. Images elsewhere (an old host, a pasted URL) have none and are shown as they are.
 */

/** 240 serves thumbnails, cart lines and desktop cards; 400 phone cards; 800 the big pictures. */
export const IMAGE_VARIANT_WIDTHS = [240, 400, 800] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export const IMAGE_VARIANT_FORMATS = ['webp', 'jpg'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export interface ImageVariant {
  width: ImageVariantWidth;
  format: ImageVariantFormat;
}

/** Every variant a stored image has: each width in each format. */
export const IMAGE_VARIANTS: readonly ImageVariant[] = IMAGE_VARIANT_WIDTHS.flatMap((width) =>
  IMAGE_VARIANT_FORMATS.map((format) => ({ width, format })),
);

/** The variant's URL or key for a stored image's URL or key ending in .jpg. */
export function imageVariantPath(
  jpegPath: string,
  width: ImageVariantWidth,
  format: ImageVariantFormat = 'webp',
): string {
  return jpegPath.replace(/\.jpg$/i, `-w${width}.${format}`);
}

/** Whether a stored key or URL names a variant (`-w400.jpg`) rather than a main image. */
export function isImageVariantPath(path: string): boolean {
  const widths = IMAGE_VARIANT_WIDTHS.join('|');
  const formats = IMAGE_VARIANT_FORMATS.join('|');
  return new RegExp(`-w(?:${widths})\\.(?:${formats})$`, 'i').test(path);
}

export interface ImageSources {
  /** The main JPEG: the <img src> for browsers without srcset, and images without variants. */
  src: string;
  /** For <source type="image/webp" srcset> and the LCP preload; absent without variants. */
  webpSrcSet?: string;
  /** For <img srcset>: browsers that skip the WebP source; absent without variants. */
  jpegSrcSet?: string;
}

/**
 * The main URL and the variants' srcsets of an image. `storageBase` is where the shop's storage
 * serves files (PublicConfig.storageBaseUrl): only JPEGs under it have variants.
 */
export function imageSources(url: string, storageBase: string): ImageSources {
  if (!url.startsWith(storageBase) || !/\.jpg$/i.test(url)) return { src: url };
  const srcSet = (format: ImageVariantFormat) =>
    IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(url, width, format)} ${width}w`).join(
      ', ',
    );
  return { src: url, webpSrcSet: srcSet('webp'), jpegSrcSet: srcSet('jpg') };
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
