import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_MESSAGES, type ProductDto } from '@labshop/shared/schemas/catalog';
import { GALLERY_MESSAGES, GALLERY_PICTURE_FIELD } from '@labshop/shared/schemas/content';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, galleryImages, products } from '../../src/db/schema/index.ts';
import { LOCAL_UPLOADS_URL_PREFIX } from '../../src/integrations/storage/local-disk.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../support/helper.ts';
import { testJpeg as jpeg } from '../support/images.ts';

/**
 * Hostile uploads on every route that takes files (HARDENING.md "uploads: ... JPEG/HTML
 * polyglot, SVG, truncated, empty, oversize, 30000x30000 pixels, EXIF GPS" and "file names
 * with `../`; served uploads"). The PNG renamed .jpg, the JPEG that does not decode and the
 * file over 10 MB are in catalog.test.ts.
 */
let shop: SignedInTestApp;

const CATEGORY = 'Hostile Uploads';
const PRODUCT = 'HOSTILE-BASE';

beforeAll(async () => {
  shop = await startSignedInTestApp();
  const category = await upload(routes[2]!, { data: await jpeg(), name: 'c.jpg' }, CATEGORY);
  expect(category.status, await category.clone().text()).toBe(201);
  const product = await upload(routes[0]!, { data: await jpeg(), name: 'p.jpg' }, PRODUCT);
  expect(product.status).toBe(201);
});
afterAll(async () => {
  await shop?.close();
});

interface HostileFile {
  data: Buffer;
  /** Raw bytes of the part's file name, sent as they are (no browser escaping). */
  name: string;
  type?: string;
}

interface UploadRoute {
  label: string;
  method: 'POST' | 'PUT';
  path: string;
  fileField: string;
  /** The storage folder its pictures go to. */
  folder: string;
  /** The message a file that is not a JPEG gets. */
  jpegMessage: string;
  fields(unique: string): Record<string, string>;
}

const productFields = (number: string) => ({
  number,
  title: 'Hostile upload lathe',
  description: 'A lathe.',
  category: CATEGORY,
  newPrice: '10',
  wholesalePrice: '9',
  partnerPricex3: '8',
});

const routes: UploadRoute[] = [
  {
    label: 'POST /api/products (images)',
    method: 'POST',
    path: '/api/products',
    fileField: 'images',
    folder: 'products',
    jpegMessage: PRODUCT_MESSAGES.jpegOnly,
    fields: productFields,
  },
  {
    label: 'PUT /api/products/:id (newImages)',
    method: 'PUT',
    path: `/api/products/${PRODUCT}`,
    fileField: 'newImages',
    folder: 'products',
    jpegMessage: PRODUCT_MESSAGES.jpegOnly,
    fields: () => productFields(PRODUCT),
  },
  {
    label: 'POST /api/categories (thumbnail)',
    method: 'POST',
    path: '/api/categories',
    fileField: 'thumbnail',
    folder: 'categories',
    jpegMessage: PRODUCT_MESSAGES.jpegOnly,
    fields: (name) => ({ name }),
  },
  {
    label: `POST /api/gallery (${GALLERY_PICTURE_FIELD})`,
    method: 'POST',
    path: '/api/gallery',
    fileField: GALLERY_PICTURE_FIELD,
    folder: 'gallery',
    jpegMessage: GALLERY_MESSAGES.jpegOnly,
    fields: (title) => ({ title, description: 'A picture.' }),
  },
];

/**
 * A multipart body written by hand, so the file name reaches the server byte for byte (fetch's
 * FormData would escape quotes and line breaks).
 */
function multipart(fields: Record<string, string>, files: { field: string; file: HostileFile }[]) {
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  for (const { field, file } of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
        'latin1',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let uniqueCounter = 0;
function unique(): string {
  uniqueCounter += 1;
  return `HOSTILE-${uniqueCounter}`;
}

function upload(route: UploadRoute, file: HostileFile | HostileFile[], name = unique()) {
  const files = (Array.isArray(file) ? file : [file]).map((each) => ({
    field: route.fileField,
    file: each,
  }));
  const { body, contentType } = multipart(route.fields(name), files);
  return fetch(`${shop.origin}${route.path}`, {
    method: route.method,
    headers: { authorization: `Bearer ${shop.adminToken}`, 'content-type': contentType },
    body,
  });
}

/** The stored picture's URL in a 2xx answer of any upload route. */
function storedUrlOf(route: UploadRoute, answer: unknown): string {
  const body = answer as { images?: string[]; thumbnail?: string; imageUrl?: string };
  const url = route.fileField === GALLERY_PICTURE_FIELD ? body.imageUrl : undefined;
  if (url) return url;
  if (body.thumbnail) return body.thumbnail;
  return body.images!.at(-1)!;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Every file in DATA_DIR (uploads and anything beside them) and the rows uploads make. */
async function snapshot() {
  const { db } = shop.database;
  const [[productRows], [categoryRows], [galleryRows]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(galleryImages),
  ]);
  const product = (await (
    await fetch(`${shop.origin}/api/products/${PRODUCT}`)
  ).json()) as ProductDto;
  return {
    files: await filesUnder(path.dirname(shop.config.uploadsDir)),
    rows: { products: productRows!.n, categories: categoryRows!.n, gallery: galleryRows!.n },
    baseProductImages: product.images,
  };
}

function storedPath(url: string): string {
  expect(url.startsWith(LOCAL_UPLOADS_URL_PREFIX)).toBe(true);
  return path.join(shop.config.uploadsDir, url.slice(LOCAL_UPLOADS_URL_PREFIX.length));
}

const STORED_NAME = /^\/uploads\/(products|categories|gallery)\/[0-9a-f-]{36}\.jpg$/;

// --- Hostile files ------------------------------------------------------------------------------

const SCRIPT = '<script>window.__pwned=1</script><html><body onload="alert(1)">';

/** A real JPEG with HTML in a COM segment (after SOI) and more HTML after its EOI. */
async function polyglotJpeg(): Promise<Buffer> {
  const real = await jpeg(80, 60);
  const comment = Buffer.from(SCRIPT, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    real.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    real.subarray(2),
    Buffer.from(`<!doctype html>${SCRIPT}`, 'latin1'),
  ]);
}

const svg = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
      '<script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
  );

/** A small real JPEG whose frame header claims `width` x `height` pixels. */
async function bombJpeg(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(await jpeg(64, 48));
  const sof = data.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  data.writeUInt16BE(height, sof + 5);
  data.writeUInt16BE(width, sof + 7);
  return data;
}

/** A JPEG carrying camera metadata: EXIF with GPS, a comment-free XMP packet and ICC. */
async function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: '#884422' } })
    .withExif({
      IFD0: { Artist: 'Jane Secret-Location', Copyright: 'LEAK-COPYRIGHT', Make: 'LeakCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5600/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="LEAK-XMP"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .jpeg()
    .toBuffer();
}

const refusals: { name: string; file: () => Promise<HostileFile>; status: number }[] = [
  {
    name: 'an SVG with script named .jpg and sent as image/jpeg',
    file: async () => ({ data: svg(), name: 'logo.jpg' }),
    status: 415,
  },
  {
    name: 'an SVG sent as image/svg+xml',
    file: async () => ({ data: svg(), name: 'logo.svg', type: 'image/svg+xml' }),
    status: 415,
  },
  {
    name: 'an HTML page named .jpg',
    file: async () => ({ data: Buffer.from(`<!doctype html>${SCRIPT}`), name: 'page.jpg' }),
    status: 415,
  },
  {
    name: 'a truncated JPEG (the first half of a real one)',
    file: async () => {
      const whole = await jpeg(320, 240);
      return { data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'half.jpg' };
    },
    status: 415,
  },
  {
    name: 'an empty file',
    file: async () => ({ data: Buffer.alloc(0), name: 'empty.jpg' }),
    status: 415,
  },
  {
    name: 'a JPEG signature and nothing else',
    file: async () => ({ data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), name: 'tiny.jpg' }),
    status: 415,
  },
];

/** The product and category forms name the refused file; the gallery's answer is the reason alone. */
const tooLargeMessage = (route: UploadRoute, name: string) =>
  route.fileField === GALLERY_PICTURE_FIELD
    ? IMAGE_TOO_LARGE
    : `"${name}" was refused: ${IMAGE_TOO_LARGE}`;

describe.each(routes)('hostile uploads to $label', (route) => {
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with a clear 4xx and stores nothing`, async () => {
      const before = await snapshot();
      const file = await refusal.file();
      const response = await upload(route, file);
      expect(response.status).toBe(refusal.status);
      // The product and category forms name the refused file; the gallery says its SPEC message.
      expect(await response.json()).toEqual({
        error:
          route.fileField === GALLERY_PICTURE_FIELD
            ? route.jpegMessage
            : `"${file.name}" was refused: ${route.jpegMessage}`,
      });
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a decompression bomb (30000 x 30000 pixels declared) quickly, storing nothing', async () => {
    const before = await snapshot();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload(route, {
      data: await bombJpeg(30_000, 30_000),
      name: 'bomb.jpg',
    });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: tooLargeMessage(route, 'bomb.jpg') });
    // 900 megapixels would need 2.7 GB decoded; the refusal comes from the header.
    expect(elapsed).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a picture over the pixel limit even when its pixels are all there', async () => {
    const before = await snapshot();
    // 10000 x 6000 = 60 megapixels of one colour: a small file.
    const big = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' },
    })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const response = await upload(route, { data: big, name: 'wide.jpg' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: tooLargeMessage(route, 'wide.jpg') });
    expect(await snapshot()).toEqual(before);
  });

  // Only the product routes take several files in one request: the first, good one is stored
  // before the second is refused, and must be removed again.
  if (route.folder === 'products') {
    for (const [label, hostile, status] of [
      ['an SVG', svg, 415],
      ['a decompression bomb', () => bombJpeg(30_000, 30_000), 413],
    ] as const) {
      it(`stores nothing when one good picture comes with ${label}`, async () => {
        const before = await snapshot();
        const response = await upload(route, [
          { data: await jpeg(), name: 'good.jpg' },
          { data: await hostile(), name: 'bad.jpg' },
        ]);
        expect(response.status).toBe(status);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('stores a JPEG/HTML polyglot as a fresh JPEG without the HTML', async () => {
    const response = await upload(route, { data: await polyglotJpeg(), name: 'poly.jpg' });
    expect(response.status).toBeLessThan(300);
    const url = storedUrlOf(route, await response.json());
    expect(url).toMatch(STORED_NAME);
    const stored = await readFile(storedPath(url));
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('<!doctype'))).toBe(false);
    expect(stored.includes(Buffer.from([0xff, 0xfe]))).toBe(false); // no COM segment
    // Nothing after the end-of-image marker.
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
  });

  it('strips EXIF (GPS, artist), XMP and other metadata from the stored picture and its variants', async () => {
    const original = await jpegWithMetadata();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined();
    expect(originalMeta.xmp).toBeDefined();
    const response = await upload(route, { data: original, name: 'gps.jpg' });
    expect(response.status).toBeLessThan(300);
    const url = storedUrlOf(route, await response.json());
    const stored = await readFile(storedPath(url));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    for (const leak of ['LeakCam', 'Secret-Location', 'LEAK-COPYRIGHT', 'LEAK-XMP', 'GPS']) {
      expect(stored.includes(Buffer.from(leak))).toBe(false);
    }
    for (const variant of ['-w240.webp', '-w800.jpg']) {
      const data = await readFile(storedPath(url.replace(/\.jpg$/, variant)));
      const variantMeta = await sharp(data).metadata();
      expect(variantMeta.exif).toBeUndefined();
      expect(variantMeta.xmp).toBeUndefined();
      expect(data.includes(Buffer.from('LeakCam'))).toBe(false);
    }
  });

  const hostileNames = [
    '../../etc/passwd.jpg',
    '..\\..\\x.jpg',
    '%2e%2e%2fx.jpg',
    '/etc/cron.d/x.jpg',
    'x.jpg\0.html',
    `${'a'.repeat(300)}.jpg`,
    'x.html',
    'é"; .jpg',
  ];
  for (const name of hostileNames) {
    it(`stores ${JSON.stringify(name.length > 40 ? `${name.slice(0, 12)}...(${name.length} chars)` : name)} under a server-made name, served as image/jpeg with nosniff`, async () => {
      const outside = await filesUnder(path.dirname(shop.config.uploadsDir));
      const response = await upload(route, { data: await jpeg(), name });
      expect(response.status).toBeLessThan(300);
      const url = storedUrlOf(route, await response.json());
      expect(url).toMatch(STORED_NAME);
      expect(url.split('/')[2]).toBe(route.folder);
      // The only new files are the picture and its variants, all inside its folder.
      const added = (await filesUnder(path.dirname(shop.config.uploadsDir))).filter(
        (file) => !outside.includes(file),
      );
      const base = storedPath(url).replace(/\.jpg$/, '');
      expect(added.length).toBeGreaterThan(0);
      for (const file of added) expect(file.startsWith(base)).toBe(true);

      const served = await fetch(`${shop.origin}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');
      const webp = await fetch(`${shop.origin}${url.replace(/\.jpg$/, '-w240.webp')}`);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(webp.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }
});

describe('served uploads', () => {
  it('does not serve paths that climb out of the uploads folder', async () => {
    for (const attempt of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/products/..%5c..%5cx.jpg',
    ]) {
      const response = await fetch(`${shop.origin}${attempt}`);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.status, attempt).toBeLessThan(500);
      expect(await response.text()).not.toContain('"name"');
    }
  });
});

const IMAGE_TOO_LARGE = 'The picture is too large: at most 50 megapixels.';
