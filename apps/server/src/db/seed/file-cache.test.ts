import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../integrations/storage/local-disk.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import { defaultSeedFileCacheDir, storeThroughCache } from './file-cache.ts';

let root: string;
let cacheDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'labshop-seed-cache-'));
  cacheDir = path.join(root, 'cache');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A store like a picture's: a main file and a variant, returning the main file's URL. */
function storeTwoFiles(calls: string[], content: string) {
  return async (storage: FileStorage) => {
    calls.push(content);
    await storage.put('pictures/a-w240.webp', Buffer.from(`${content} small`), 'image/webp');
    return storage.put('pictures/a.jpg', Buffer.from(`${content} main`), 'image/jpeg');
  };
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile());
  return Object.fromEntries(
    await Promise.all(
      files.map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), await readFile(file, 'utf8')] as const;
      }),
    ),
  );
}

describe('the seed file cache', () => {
  it('stores through the store the first time and puts the same files again the next', async () => {
    const calls: string[] = [];
    const first = createLocalDiskStorage(path.join(root, 'first'));
    const second = createLocalDiskStorage(path.join(root, 'second'));

    const firstUrl = await storeThroughCache(cacheDir, first, 'input', storeTwoFiles(calls, 'x'));
    const secondUrl = await storeThroughCache(cacheDir, second, 'input', storeTwoFiles(calls, 'y'));

    expect(calls).toEqual(['x']);
    expect(secondUrl).toBe(firstUrl);
    expect(firstUrl).toMatch(/pictures\/a\.jpg$/);
    expect(await filesOf(path.join(root, 'second'))).toEqual({
      'pictures/a.jpg': 'x main',
      'pictures/a-w240.webp': 'x small',
    });
  });

  it('stores again when the input differs', async () => {
    const calls: string[] = [];
    const storage = createLocalDiskStorage(path.join(root, 'uploads'));
    await storeThroughCache(cacheDir, storage, 'input one', storeTwoFiles(calls, 'x'));
    await storeThroughCache(cacheDir, storage, 'input two', storeTwoFiles(calls, 'y'));
    expect(calls).toEqual(['x', 'y']);
    expect((await filesOf(path.join(root, 'uploads')))['pictures/a.jpg']).toBe('y main');
  });

  it('stores again over an entry it cannot read', async () => {
    const calls: string[] = [];
    const storage = createLocalDiskStorage(path.join(root, 'uploads'));
    await storeThroughCache(cacheDir, storage, 'input', storeTwoFiles(calls, 'x'));
    const [entry] = await readdir(cacheDir);
    await writeFile(path.join(cacheDir, entry!, 'entry.json'), '{"puts": [');

    await storeThroughCache(cacheDir, storage, 'input', storeTwoFiles(calls, 'y'));
    expect(calls).toEqual(['x', 'y']);
  });

  it('still stores when the cache cannot be written, and without a cache', async () => {
    const calls: string[] = [];
    const storage = createLocalDiskStorage(path.join(root, 'uploads'));
    const notADirectory = path.join(root, 'a-file');
    await writeFile(notADirectory, '');
    await storeThroughCache(notADirectory, storage, 'input', storeTwoFiles(calls, 'x'));
    await storeThroughCache(null, storage, 'input', storeTwoFiles(calls, 'y'));
    expect(calls).toEqual(['x', 'y']);
    expect((await filesOf(path.join(root, 'uploads')))['pictures/a.jpg']).toBe('y main');
  });

  it('lives under node_modules/.cache, and nowhere without node_modules', async () => {
    expect(defaultSeedFileCacheDir(root)).toBeNull();
    await mkdir(path.join(root, 'node_modules'));
    expect(defaultSeedFileCacheDir(root)).toBe(
      path.join(root, 'node_modules', '.cache', 'labshop', 'seed-files'),
    );
  });
});
