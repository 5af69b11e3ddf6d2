import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_VARIANTS,
  imageVariantPath,
  isImageVariantPath,
  type ImageVariant,
} from '@labshop/shared/images';
import { encodeMissingVariants } from './jpeg-images.ts';

/**
 * Writes the variants missing beside the JPEGs already in a local-disk storage. Pages name every
 * variant in IMAGE_VARIANTS in their srcsets, so an image stored before a width or format was
 * added would show as broken; this brings such a data directory up to date. An image that has
 * all its variants costs a few stat calls, so running it at every start is cheap.
 */

export interface BackfillSummary {
  /** Main JPEGs looked at. */
  images: number;
  /** Variant files written. */
  written: number;
  /** Main JPEGs that could not be read or decoded (left as they are). */
  failed: number;
}

/** Encoding is CPU work; a serving instance keeps most of its cores for requests. */
const DEFAULT_CONCURRENCY = 2;

export async function backfillLocalImageVariants(
  rootDir: string,
  options: { concurrency?: number; onError?: (key: string, error: unknown) => void } = {},
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { images: 0, written: 0, failed: 0 };
  const keys = await mainJpegKeys(rootDir);
  summary.images = keys.length;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next]!;
      next += 1;
      try {
        // Awaited first: `written += await` would add to a total read before the wait.
        const written = await backfillOne(rootDir, key);
        summary.written += written;
      } catch (error) {
        summary.failed += 1;
        options.onError?.(key, error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? DEFAULT_CONCURRENCY }, worker));
  return summary;
}

/** Keys (paths under `rootDir`, with forward slashes) of the main JPEGs, variants left out. */
async function mainJpegKeys(rootDir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(rootDir, { recursive: true });
  } catch (error) {
    // No uploads yet: nothing to do.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((key) => /\.jpg$/i.test(key) && !isImageVariantPath(key))
    .sort();
}

async function backfillOne(rootDir: string, key: string): Promise<number> {
  const missing: ImageVariant[] = [];
  for (const variant of IMAGE_VARIANTS) {
    const file = path.join(rootDir, imageVariantPath(key, variant.width, variant.format));
    if (!(await exists(file))) missing.push(variant);
  }
  if (missing.length === 0) return 0;
  const encoded = await encodeMissingVariants(await readFile(path.join(rootDir, key)), missing);
  for (const { variant, data } of encoded) {
    const target = path.join(rootDir, imageVariantPath(key, variant.width, variant.format));
    // Written aside and renamed: a request never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, target);
  }
  return encoded.length;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
