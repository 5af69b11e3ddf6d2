import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, storageKeyOf, type FileStorage } from './port.ts';

/** The URL path under which the server serves files of the local-disk storage. */
export const LOCAL_UPLOADS_URL_PREFIX = '/uploads/';

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  return {
    baseUrl: LOCAL_UPLOADS_URL_PREFIX,
    async put(key, body) {
      assertSafeKey(key);
      const target = path.join(rootDir, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
      return `${LOCAL_UPLOADS_URL_PREFIX}${key}`;
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${LOCAL_UPLOADS_URL_PREFIX}${key}`;
    },
    async exists(key) {
      assertSafeKey(key);
      return stat(path.join(rootDir, key)).then(
        (found) => found.isFile(),
        () => false,
      );
    },
    async delete(url) {
      const key = storageKeyOf(url, LOCAL_UPLOADS_URL_PREFIX);
      if (key === null) return;
      await rm(path.join(rootDir, key), { force: true });
    },
  };
}
