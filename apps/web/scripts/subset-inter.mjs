// `npm run subset-font -w @labshop/web`: writes app/fonts/inter-core.woff2, the part of Inter
// that nearly every page needs (printable ASCII and common typographic marks; weights 400-800,
// the ones the pages use), 22 KB instead of the latin file's 48 KB. app.css serves it for those
// characters and the whole latin file for the rest, which a browser fetches only for a page
// that has such a character. Run it again after updating @fontsource-variable/inter or when
// CORE_CHARACTERS or the weights change, and commit the file.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

/** Keep in step with the unicode-range of the inter-core.woff2 @font-face in app.css. */
const CORE_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xae, 0xae],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const target = path.join(import.meta.dirname, '../app/fonts/inter-core.woff2');

let text = '';
for (const [first, last] of CORE_RANGES) {
  for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
}
const subset = await subsetFont(await readFile(source), text, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 800, default: 400 } },
});
await writeFile(target, subset);
console.log(`${path.relative(process.cwd(), target)}: ${subset.length} bytes`);
