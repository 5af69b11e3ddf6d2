import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANTS, imageVariantPath, type ImageVariant } from '@labshop/shared/images';
import { AppError } from '../../core/app-error.ts';
import type { FileStorage } from './port.ts';

/**
 * Images enter storage only through here: the bytes must be a JPEG that decodes (not just a
 * .jpg name or an image/jpeg header), metadata such as EXIF GPS is dropped, and resized variants
 * are written beside the main file, each width in WebP and JPEG (`name.jpg`, `name-w240.webp`,
 * `name-w240.jpg`, ... `name-w800.jpg`; the list is IMAGE_VARIANTS in @labshop/shared/images).
 */

export class NotAJpegError extends Error {
  constructor() {
    super('The file is not a JPEG image.');
    this.name = 'NotAJpegError';
  }
}

/**
 * A JPEG with more pixels than MAX_INPUT_PIXELS: a camera photo is 12 to 48 megapixels, a
 * decompression bomb (a small file declaring 30000 x 30000) far more. An AppError (413), so
 * every upload route answers it as it is without mapping it.
 */
export class ImageTooLargeError extends AppError {
  constructor() {
    super(
      'payload_too_large',
      `The picture is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
    this.name = 'ImageTooLargeError';
  }
}

/**
 * How stored images are encoded. One object, so that what depends on the encoded bytes (the demo
 * data's file cache) can tell when a setting changes.
 */
export const JPEG_IMAGE_ENCODING = {
  /** The longest side of the stored main image. */
  mainMaxPx: 1600,
  main: { quality: 82 },
  webpVariant: { quality: 74 },
  jpegVariant: { quality: 78, mozjpeg: true, progressive: true },
} as const;
/** Refuses decompression bombs: a small file that would decode to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** A quick look at the first bytes, before asking sharp to decode anything. */
export function hasJpegSignature(data: Buffer): boolean {
  return data.length > 3 && data.subarray(0, 3).equals(JPEG_MAGIC);
}

/**
 * Checks that `data` is a JPEG within the pixel limit from its header alone (nothing decoded
 * yet); throws NotAJpegError or ImageTooLargeError otherwise.
 */
export async function assertJpeg(data: Buffer): Promise<void> {
  if (!hasJpegSignature(data)) throw new NotAJpegError();
  // No pixel limit here: the header is read to tell a bomb apart from a broken file.
  const metadata = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new NotAJpegError();
    });
  if (metadata.format !== 'jpeg') throw new NotAJpegError();
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError();
}

/**
 * Stores a JPEG under `folder` with a fresh name (or `baseKey` when given, for the demo data)
 * and returns the main image's URL. Throws NotAJpegError for anything else.
 */
export async function storeJpegImage(
  storage: FileStorage,
  data: Buffer,
  target: { folder: string } | { baseKey: string },
): Promise<string> {
  await assertJpeg(data);
  const baseKey = 'baseKey' in target ? target.baseKey : `${target.folder}/${randomUUID()}`;
  const key = `${baseKey}.jpg`;
  const image = () =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      // Applies the EXIF orientation to the pixels, since the metadata itself is dropped.
      .rotate();
  let main: Buffer;
  let variants: Buffer[];
  try {
    [main, ...variants] = await Promise.all([
      image()
        .resize({
          width: JPEG_IMAGE_ENCODING.mainMaxPx,
          height: JPEG_IMAGE_ENCODING.mainMaxPx,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg(JPEG_IMAGE_ENCODING.main)
        .toBuffer(),
      ...IMAGE_VARIANTS.map((variant) => encodeVariant(image(), variant)),
    ]);
  } catch {
    // Signature and header were fine but the pixels do not decode: a broken or crafted file.
    throw new NotAJpegError();
  }
  const url = await storage.put(key, main!, 'image/jpeg');
  await Promise.all(
    IMAGE_VARIANTS.map((variant, index) =>
      storage.put(
        imageVariantPath(key, variant.width, variant.format),
        variants[index]!,
        VARIANT_CONTENT_TYPES[variant.format],
      ),
    ),
  );
  return url;
}

const VARIANT_CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** One resized variant of `image` (the same for an upload and for a backfill). */
function encodeVariant(image: Sharp, { width, format }: ImageVariant): Promise<Buffer> {
  const resized = image.resize({ width, withoutEnlargement: true });
  return (
    format === 'webp'
      ? resized.webp(JPEG_IMAGE_ENCODING.webpVariant)
      : resized.jpeg(JPEG_IMAGE_ENCODING.jpegVariant)
  ).toBuffer();
}

/**
 * Encodes the given variants of a stored main JPEG, for images stored before those variants
 * existed. The main file was already checked and stripped when it was stored.
 */
export async function encodeMissingVariants(
  main: Buffer,
  missing: readonly ImageVariant[],
): Promise<{ variant: ImageVariant; data: Buffer; contentType: string }[]> {
  return Promise.all(
    missing.map(async (variant) => ({
      variant,
      data: await encodeVariant(sharp(main, { limitInputPixels: MAX_INPUT_PIXELS }), variant),
      contentType: VARIANT_CONTENT_TYPES[variant.format],
    })),
  );
}

/** Removes a stored image and its variants; URLs the storage did not make are ignored. */
export async function deleteStoredImage(storage: FileStorage, url: string): Promise<void> {
  await Promise.all([
    storage.delete(url),
    ...(/\.jpg$/i.test(url)
      ? IMAGE_VARIANTS.map(({ width, format }) =>
          storage.delete(imageVariantPath(url, width, format)),
        )
      : []),
  ]);
}
