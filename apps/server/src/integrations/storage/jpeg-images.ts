import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '@labshop/shared/images';
import type { FileStorage } from './port.ts';

/**
 * Images enter storage only through here: the bytes must be a JPEG that decodes (not just a
 * .jpg name or an image/jpeg header), metadata such as EXIF GPS is dropped, and resized WebP
 * variants are written beside the main file (`name.jpg`, `name-w400.webp`, `name-w800.webp`).
 */

export class NotAJpegError extends Error {
  constructor() {
    super('The file is not a JPEG image.');
    this.name = 'NotAJpegError';
  }
}

/** The longest side of the stored main image. */
const MAIN_MAX_PX = 1600;
/** Refuses decompression bombs: a small file that would decode to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** A quick look at the first bytes, before asking sharp to decode anything. */
export function hasJpegSignature(data: Buffer): boolean {
  return data.length > 3 && data.subarray(0, 3).equals(JPEG_MAGIC);
}

/** Checks that `data` is a decodable JPEG; throws NotAJpegError otherwise. */
export async function assertJpeg(data: Buffer): Promise<void> {
  if (!hasJpegSignature(data)) throw new NotAJpegError();
  try {
    const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (metadata.format !== 'jpeg') throw new NotAJpegError();
  } catch {
    throw new NotAJpegError();
  }
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
          width: MAIN_MAX_PX,
          height: MAIN_MAX_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 82 })
        .toBuffer(),
      ...IMAGE_VARIANT_WIDTHS.map((width) =>
        image().resize({ width, withoutEnlargement: true }).webp({ quality: 74 }).toBuffer(),
      ),
    ]);
  } catch {
    // Signature and header were fine but the pixels do not decode: a broken or crafted file.
    throw new NotAJpegError();
  }
  const url = await storage.put(key, main!, 'image/jpeg');
  await Promise.all(
    IMAGE_VARIANT_WIDTHS.map((width, index) =>
      storage.put(imageVariantPath(key, width), variants[index]!, 'image/webp'),
    ),
  );
  return url;
}

/** Removes a stored image and its variants; URLs the storage did not make are ignored. */
export async function deleteStoredImage(storage: FileStorage, url: string): Promise<void> {
  await Promise.all([
    storage.delete(url),
    ...(/\.jpg$/i.test(url)
      ? IMAGE_VARIANT_WIDTHS.map((width) => storage.delete(imageVariantPath(url, width)))
      : []),
  ]);
}
