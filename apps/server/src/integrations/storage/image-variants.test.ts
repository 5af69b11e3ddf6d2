import { mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testJpeg } from '../../../test/support/images.ts';
import { backfillLocalImageVariants } from './image-variant-backfill.ts';
import { deleteStoredImage, storeJpegImage } from './jpeg-images.ts';
import { createLocalDiskStorage } from './local-disk.ts';

const ALL_FILES = [
  'a-w240.jpg',
  'a-w240.webp',
  'a-w400.jpg',
  'a-w400.webp',
  'a-w800.jpg',
  'a-w800.webp',
  'a.jpg',
];

describe('stored image variants', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'labshop-variants-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes each width in WebP and JPEG beside the main image, and deletes them with it', async () => {
    const storage = createLocalDiskStorage(root);
    const url = await storeJpegImage(storage, await testJpeg(1000, 500), { baseKey: 'p/a' });
    expect(url).toBe('/uploads/p/a.jpg');
    expect((await readdir(path.join(root, 'p'))).sort()).toEqual(ALL_FILES);

    const jpeg = await sharp(path.join(root, 'p/a-w400.jpg')).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 400, 200]);
    const webp = await sharp(path.join(root, 'p/a-w240.webp')).metadata();
    expect([webp.format, webp.width]).toEqual(['webp', 240]);

    await deleteStoredImage(storage, url);
    expect(await readdir(path.join(root, 'p'))).toEqual([]);
  });

  it('backfills only the variants an older image lacks, and skips files it cannot decode', async () => {
    const storage = createLocalDiskStorage(root);
    await storeJpegImage(storage, await testJpeg(900, 900), { baseKey: 'p/a' });
    // As stored before the JPEG variants and the 240 px width existed.
    for (const old of ['a-w240.webp', 'a-w240.jpg', 'a-w400.jpg', 'a-w800.jpg']) {
      await unlink(path.join(root, 'p', old));
    }
    await writeFile(path.join(root, 'p/broken.jpg'), 'not a picture');
    const errors: string[] = [];

    const summary = await backfillLocalImageVariants(root, { onError: (key) => errors.push(key) });

    expect(summary).toEqual({ images: 2, written: 4, failed: 1 });
    expect(errors).toEqual(['p/broken.jpg']);
    const files = (await readdir(path.join(root, 'p'))).sort();
    expect(files).toEqual([...ALL_FILES, 'broken.jpg'].sort());
    const backfilled = await sharp(path.join(root, 'p/a-w800.jpg')).metadata();
    expect([backfilled.format, backfilled.width]).toEqual(['jpeg', 800]);

    // A second run finds nothing to do.
    expect(await backfillLocalImageVariants(root)).toMatchObject({ images: 2, written: 0 });
  });

  it('does nothing when there are no uploads yet', async () => {
    expect(await backfillLocalImageVariants(path.join(root, 'missing'))).toEqual({
      images: 0,
      written: 0,
      failed: 0,
    });
  });
});
