import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../integrations/storage/port.ts';

/**
 * The demo pictures' stored files, kept between seeds.
 *
 * A seed draws every demo picture and stores it as an upload is stored: the main JPEG and each
 * resized WebP and JPEG variant. That is about 30 s of CPU, paid by every seed of an empty data
 * directory: each `npm start` on a new DATA_DIR, each browser-test server, each test that seeds.
 * The same input gives the same files, so the files one store wrote are kept under a hash of
 * that input (the picture's source and storage key, and every encoding setting) and put into
 * storage again on the next seed. A changed drawing or setting is a new hash, hence a miss.
 *
 * The cache is an optimisation only: an entry that cannot be read is drawn again, and one that
 * cannot be written is skipped.
 */

/** Where seeds keep the files unless told otherwise: the usual home of a tool's cache. */
export function defaultSeedFileCacheDir(cwd = process.cwd()): string | null {
  const modules = path.join(cwd, 'node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'labshop', 'seed-files') : null;
}

interface CachedPut {
  key: string;
  contentType: string;
  file: string;
}

interface CacheEntry {
  puts: CachedPut[];
  /** Which put's URL the store returned. */
  returned: number;
}

/**
 * Runs `store` against `storage` (it puts one or more files and returns a URL), or, when an
 * earlier store of the same `input` is in `cacheDir`, puts the files it wrote again.
 */
export async function storeThroughCache(
  cacheDir: string | null,
  storage: FileStorage,
  input: string,
  store: (target: FileStorage) => Promise<string>,
): Promise<string> {
  if (!cacheDir) return store(storage);
  const entryDir = path.join(cacheDir, createHash('sha256').update(input).digest('hex'));
  const cached = await readEntry(entryDir);
  if (cached) return replay(storage, cached);

  const recorded: { key: string; body: Buffer; contentType: string; url: string }[] = [];
  const recorder: FileStorage = {
    baseUrl: storage.baseUrl,
    publicUrl: (key) => storage.publicUrl(key),
    exists: (key) => storage.exists(key),
    delete: (url) => storage.delete(url),
    put: async (key, body, contentType) => {
      const url = await storage.put(key, body, contentType);
      recorded.push({ key, body, contentType, url });
      return url;
    },
  };
  const url = await store(recorder);
  const returned = recorded.findIndex((put) => put.url === url);
  if (returned >= 0) await writeEntry(entryDir, recorded, returned).catch(() => undefined);
  return url;
}

async function readEntry(
  entryDir: string,
): Promise<{ entry: CacheEntry; bodies: Buffer[] } | null> {
  try {
    const entry = JSON.parse(
      await readFile(path.join(entryDir, 'entry.json'), 'utf8'),
    ) as CacheEntry;
    const bodies = await Promise.all(
      entry.puts.map((put) => readFile(path.join(entryDir, put.file))),
    );
    return entry.puts[entry.returned] ? { entry, bodies } : null;
  } catch {
    return null;
  }
}

async function replay(
  storage: FileStorage,
  { entry, bodies }: { entry: CacheEntry; bodies: Buffer[] },
): Promise<string> {
  const urls = await Promise.all(
    entry.puts.map((put, index) => storage.put(put.key, bodies[index]!, put.contentType)),
  );
  return urls[entry.returned]!;
}

/** Written under a temporary name and renamed, so a reader never sees half an entry. */
async function writeEntry(
  entryDir: string,
  puts: { key: string; body: Buffer; contentType: string }[],
  returned: number,
): Promise<void> {
  const partial = `${entryDir}.${randomUUID()}.partial`;
  await mkdir(partial, { recursive: true });
  try {
    const entry: CacheEntry = {
      puts: puts.map((put, index) => ({
        key: put.key,
        contentType: put.contentType,
        file: `${index}`,
      })),
      returned,
    };
    await Promise.all(
      puts.map((put, index) => writeFile(path.join(partial, `${index}`), put.body)),
    );
    await writeFile(path.join(partial, 'entry.json'), JSON.stringify(entry));
    // Another seed may have written the same entry meanwhile; either copy is the same.
    await rename(partial, entryDir);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}
