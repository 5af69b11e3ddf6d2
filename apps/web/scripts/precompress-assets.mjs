// Writes .br and .gz copies next to every text file of the built web app (apps/web/build/client
// by default, or the directory given), at the highest levels: built once, sent many times by
// @fastify/static's preCompressed option, so the server never compresses a script or style.
// A copy that is not smaller than its file is not written. Run after the web build:
//   node apps/web/scripts/precompress-assets.mjs [dir]
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server sends compressed; images and fonts are compressed in their own format. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** @param {string} dir @returns {Promise<{ files: number, bytes: number, br: number, gzip: number }>} */
export async function precompressAssets(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.bytes += bytes.length;
      totals.br += Math.min(br.length, bytes.length);
      totals.gzip += Math.min(gz.length, bytes.length);
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(
    process.argv[2] ??
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/build/client'),
  );
  const totals = await precompressAssets(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${totals.files} files in ${path.relative(process.cwd(), dir) || '.'}: ` +
      `${kb(totals.bytes)} -> br ${kb(totals.br)}, gzip ${kb(totals.gzip)}`,
  );
}
