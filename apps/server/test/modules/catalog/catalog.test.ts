import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  PRODUCT_MESSAGES,
  ProductDtoSchema,
  type ProductDto,
} from '@labshop/shared/schemas/catalog';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREIGHT_MESSAGES } from '@labshop/shared/schemas/freight';
import { products } from '../../../src/db/schema/index.ts';
import { addBulkProducts } from '../../../src/db/seed/bulk-products.ts';
import { LOCAL_UPLOADS_URL_PREFIX } from '../../../src/integrations/storage/local-disk.ts';
import { startSignedInTestApp, startTestApp, type SignedInTestApp } from '../../support/helper.ts';
import { testJpeg as jpeg, testPng as png } from '../../support/images.ts';

/** The catalogue API (SPEC.md section 7) with its validation (section 5) and uploads. */
let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    IMAGE_LEGACY_ORIGINS: 'http://staging.labshop.example:8080',
    IMAGE_ORIGIN: 'https://shop.labshop.example',
  });
  ({ adminToken, partnerToken } = shop);
  for (const name of ['Alloy Grinders', 'Vibrators', 'Empty Shelf']) {
    const response = await createCategory(name);
    expect(response.status).toBe(201);
  }
  for (const product of [
    validProduct({ number: 'AG-210', title: 'Alloy Grinder Pro 210', category: 'Alloy Grinders' }),
    validProduct({ number: 'AG-100', title: 'Compact alloy grinder', category: 'alloy grinders' }),
    validProduct({ number: 'VB-7', title: 'Heavy Vibrator 100%', category: 'Vibrators' }),
  ]) {
    const response = await createProduct(product, [await jpeg()]);
    expect(response.status).toBe(201);
  }
});
afterAll(async () => {
  await shop.close();
});

type Fields = Record<string, string>;

function validProduct(overrides: Fields = {}): Fields {
  return {
    number: 'NEW-1',
    title: 'Polishing Lathe',
    description: 'Two-speed lathe for the lab bench.',
    category: 'Alloy Grinders',
    oldPrice: '1299.00',
    newPrice: '1099.5',
    wholesalePrice: '899',
    partnerPricex3: '849.99',
    brochure: 'https://docs.labshop.example/lathe.pdf',
    ...overrides,
  };
}

function form(
  fields: Fields,
  files: { field: string; data: Buffer; name?: string; type?: string }[],
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) {
    body.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name ?? 'picture.jpg',
    );
  }
  return body;
}

function call(method: string, url: string, options: { token?: string; body?: FormData } = {}) {
  return fetch(`${shop.origin}${url}`, {
    method,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body ? { body: options.body } : {}),
  });
}

function createProduct(fields: Fields, images: Buffer[], token = adminToken) {
  return call('POST', '/api/products', {
    token,
    body: form(
      fields,
      images.map((data) => ({ field: 'images', data })),
    ),
  });
}

async function createCategory(name: string, token = adminToken) {
  return call('POST', '/api/categories', {
    token,
    body: form({ name }, [{ field: 'thumbnail', data: await jpeg() }]),
  });
}

async function listProducts(query: string, token?: string) {
  const response = await call('GET', `/api/products${query}`, { token });
  expect(response.status).toBe(200);
  return {
    products: (await response.json()) as ProductDto[],
    total: Number(response.headers.get('x-total-count')),
  };
}

function storedPath(url: string): string {
  expect(url.startsWith(LOCAL_UPLOADS_URL_PREFIX)).toBe(true);
  return path.join(shop.config.uploadsDir, url.slice(LOCAL_UPLOADS_URL_PREFIX.length));
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('product validation', () => {
  const cases: [string, Fields, string][] = [
    ['number missing', { number: '' }, PRODUCT_MESSAGES.number],
    ['number with a space', { number: 'AG 210' }, PRODUCT_MESSAGES.number],
    ['number with a slash', { number: 'AG/210' }, PRODUCT_MESSAGES.number],
    ['title missing', { title: '   ' }, PRODUCT_MESSAGES.title],
    ['description missing', { description: '' }, PRODUCT_MESSAGES.description],
    ['category missing', { category: '' }, PRODUCT_MESSAGES.category],
    ['old price with 3 decimals', { oldPrice: '10.999' }, PRODUCT_MESSAGES.oldPrice],
    ['old price not a number', { oldPrice: 'ten' }, PRODUCT_MESSAGES.oldPrice],
    ['new price missing', { newPrice: '' }, PRODUCT_MESSAGES.newPrice],
    ['new price negative', { newPrice: '-5' }, PRODUCT_MESSAGES.newPrice],
    ['wholesale price not a number', { wholesalePrice: '12,50' }, PRODUCT_MESSAGES.wholesalePrice],
    ['partner price missing', { partnerPricex3: '' }, PRODUCT_MESSAGES.partnerPricex3],
    ['brochure over 400 characters', { brochure: 'b'.repeat(401) }, PRODUCT_MESSAGES.brochure],
    ['shipping weight of 0 lb', { shippingWeight: '0' }, FREIGHT_MESSAGES.productWeight],
    ['shipping weight below 0', { shippingWeight: '-2' }, FREIGHT_MESSAGES.productWeight],
    ['shipping weight in ounces', { shippingWeight: '12 oz' }, FREIGHT_MESSAGES.productWeight],
    ['shipping weight of 3 decimals', { shippingWeight: '1.125' }, FREIGHT_MESSAGES.productWeight],
    [
      'shipping weight over 10,000 lb',
      { shippingWeight: '10000.5' },
      FREIGHT_MESSAGES.productWeight,
    ],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name} with the spec's message`, async () => {
      const response = await createProduct(validProduct(overrides), [await jpeg()]);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    });
  }

  it('reports a field left out entirely with its own message', async () => {
    const { wholesalePrice: _omitted, ...fields } = validProduct();
    const response = await createProduct(fields, [await jpeg()]);
    expect(await response.json()).toEqual({ error: PRODUCT_MESSAGES.wholesalePrice });
  });

  it('reports only the first failing field, in the form order', async () => {
    const response = await createProduct(
      validProduct({ title: '', newPrice: 'x', brochure: 'b'.repeat(500) }),
      [await jpeg()],
    );
    expect(await response.json()).toEqual({ error: PRODUCT_MESSAGES.title });
  });

  it('requires at least one image on create', async () => {
    const response = await createProduct(validProduct(), []);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: PRODUCT_MESSAGES.imagesRequired });
  });

  it('refuses a PNG renamed .jpg and sent as image/jpeg', async () => {
    const response = await call('POST', '/api/products', {
      token: adminToken,
      body: form(validProduct({ number: 'PNG-1' }), [
        { field: 'images', data: await png(), name: 'photo.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: `"photo.jpg" was refused: ${PRODUCT_MESSAGES.jpegOnly}`,
    });
    expect((await call('GET', '/api/products/PNG-1')).status).toBe(404);
  });

  it('refuses a file that starts like a JPEG but does not decode', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const response = await createProduct(validProduct({ number: 'BROKEN-1' }), [broken]);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: `"picture.jpg" was refused: ${PRODUCT_MESSAGES.jpegOnly}`,
    });
  });

  it('judges by content: a JPEG sent as application/octet-stream is accepted', async () => {
    const response = await call('POST', '/api/products', {
      token: adminToken,
      body: form(validProduct({ number: 'OCTET-1' }), [
        { field: 'images', data: await jpeg(), name: 'scan.bin', type: 'application/octet-stream' },
      ]),
    });
    expect(response.status).toBe(201);
  });

  it('refuses an image over 10 MB with 413 and a clear message', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const response = await createProduct(validProduct({ number: 'BIG-1' }), [big]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: '"picture.jpg" was refused: Each file must be at most 10 MB.',
    });
  });

  it('refuses a JSON body with 415 instead of a server error', async () => {
    const response = await fetch(`${shop.origin}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(validProduct()),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Send this form as multipart/form-data.' });
  });

  it('refuses a category that does not exist', async () => {
    const response = await createProduct(validProduct({ category: 'Spaceships' }), [await jpeg()]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Choose one of the existing categories.' });
  });

  it('answers 409 for a product number that is taken', async () => {
    const response = await createProduct(validProduct({ number: 'AG-210' }), [await jpeg()]);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'A product with number AG-210 already exists.',
    });
  });
});

describe('creating a product', () => {
  it('stores prices in cents, ignores unknown fields, strips metadata and writes variants', async () => {
    const withExif = await sharp(await jpeg(2400, 1200))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-location'))).toBe(true);
    const response = await createProduct(
      validProduct({ number: 'LATHE-1', isAdmin: 'true', _id: 'forged', shippingWeight: '42.5' }),
      [withExif],
    );
    expect(response.status).toBe(201);
    const product = (await response.json()) as ProductDto;
    expect(product).toMatchObject({
      number: 'LATHE-1',
      newPrice: 1099.5,
      oldPrice: 1299,
      wholesalePrice: 899,
      partnerPricex3: 849.99,
      shippingWeightLb: 42.5,
      brochure: 'https://docs.labshop.example/lathe.pdf',
      brochureUrl: 'https://docs.labshop.example/lathe.pdf',
      category: 'Alloy Grinders',
    });
    expect(product._id).not.toBe('forged');
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.number, 'LATHE-1'));
    expect(row?.newPriceCents).toBe(109950);

    const main = await readFile(storedPath(product.images[0]!));
    expect(main.includes(Buffer.from('secret-location'))).toBe(false);
    const meta = await sharp(main).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(1600);
    for (const width of [400, 800]) {
      const variant = storedPath(product.images[0]!.replace(/\.jpg$/, `-w${width}.webp`));
      expect((await sharp(await readFile(variant)).metadata()).width).toBe(width);
    }
  });
});

describe('one answer shape for reads and writes', () => {
  // The reads send JSON the service serialised itself; the writes' answers go through the
  // route's zod schema, which drops any field it does not name. Both must be the schema's shape.
  const schemaKeys = Object.keys(ProductDtoSchema.shape).sort();
  const keysOf = (product: ProductDto | undefined) => Object.keys(product ?? {}).sort();

  it('answers a product with exactly the schema’s fields, read or written, by anyone', async () => {
    const createdResponse = await createProduct(validProduct({ number: 'SHAPE-1' }), [
      await jpeg(),
    ]);
    expect(createdResponse.status).toBe(201);
    const created = (await createdResponse.json()) as ProductDto;
    expect(keysOf(created)).toEqual(schemaKeys);

    for (const token of [undefined, partnerToken, adminToken]) {
      const listed = (await listProducts('?number=SHAPE-1', token)).products;
      expect(listed).toHaveLength(1);
      expect(keysOf(listed[0])).toEqual(schemaKeys);
      const one = await call('GET', '/api/products/SHAPE-1', { token });
      expect(keysOf((await one.json()) as ProductDto)).toEqual(schemaKeys);
    }
    // The admin sees every price: the read is the write's answer, value for value.
    expect((await listProducts('?number=SHAPE-1', adminToken)).products[0]).toEqual(created);

    const updatedResponse = await call('PUT', '/api/products/SHAPE-1', {
      token: adminToken,
      body: form(validProduct({ number: 'SHAPE-1', title: 'Reshaped lathe' }), []),
    });
    expect(updatedResponse.status).toBe(200);
    const updated = (await updatedResponse.json()) as ProductDto;
    expect(keysOf(updated)).toEqual(schemaKeys);
    const read = await call('GET', '/api/products/SHAPE-1', { token: adminToken });
    expect(await read.json()).toEqual(updated);
    // The lists and searches below count the products beforeAll made.
    expect((await call('DELETE', '/api/products/SHAPE-1', { token: adminToken })).status).toBe(204);
  });
});

describe('reading the catalogue', () => {
  it('finds a product by number and by _id, and 404s for an unknown one', async () => {
    const byNumber = (await (await call('GET', '/api/products/AG-210')).json()) as ProductDto;
    expect(byNumber.title).toBe('Alloy Grinder Pro 210');
    const byId = await call('GET', `/api/products/${byNumber._id}`);
    expect(((await byId.json()) as ProductDto).number).toBe('AG-210');
    const missing = await call('GET', '/api/products/NOPE-1');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Product not found.' });
  });

  it('shows partner prices to signed-in users only', async () => {
    const anonymous = await listProducts('?q=AG-210');
    expect(anonymous.products[0]).toMatchObject({
      newPrice: 1099.5,
      wholesalePrice: null,
      partnerPricex3: null,
    });
    const partner = await listProducts('?q=AG-210', partnerToken);
    expect(partner.products[0]).toMatchObject({ wholesalePrice: 899, partnerPricex3: 849.99 });
  });

  it('searches title or number, case-insensitively, in the database', async () => {
    // Titles first, then the products matched through their category's name (search.test.ts).
    expect((await listProducts('?q=GRINDER')).products.map((p) => p.number)).toEqual([
      'AG-100',
      'AG-210',
      'LATHE-1',
      'OCTET-1',
    ]);
    expect((await listProducts('?q=ag-2')).products.map((p) => p.number)).toEqual(['AG-210']);
    expect((await listProducts('?q=vb-7')).products.map((p) => p.number)).toEqual(['VB-7']);
    // LIKE wildcards in the search are plain characters.
    // '100%' is in VB-7's title; AG-100's number has the word 100 (search.test.ts).
    expect((await listProducts('?q=100%25')).products.map((p) => p.number)).toEqual([
      'VB-7',
      'AG-100',
    ]);
    expect((await listProducts('?q=_')).products).toEqual([]);
    expect((await listProducts('?q=nothing-like-this')).products).toEqual([]);
  });

  it('filters by category name, case-insensitively; an unknown category is empty', async () => {
    const grinders = await listProducts('?category=ALLOY%20GRINDERS');
    // Newest first.
    expect(grinders.products.map((p) => p.number)).toEqual([
      'LATHE-1',
      'OCTET-1',
      'AG-100',
      'AG-210',
    ]);
    expect(grinders.total).toBe(4);
    expect((await listProducts('?category=Spaceships')).products).toEqual([]);
    expect((await listProducts('?category=Vibrators&q=grinder')).products).toEqual([]);
  });

  it('pages the list and tells the total in x-total-count', async () => {
    const first = await listProducts('?limit=2&page=1');
    const second = await listProducts('?limit=2&page=2');
    const all = await listProducts('');
    expect(first.products).toHaveLength(2);
    expect(first.total).toBe(all.products.length);
    expect(second.total).toBe(all.products.length);
    expect([...first.products, ...second.products].map((p) => p.number)).toEqual(
      all.products.slice(0, 4).map((p) => p.number),
    );
  });

  it('answers bad list parameters with 400 and a message', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be a whole number from 1 to 200.'],
      ['?limit=500', 'limit must be a whole number from 1 to 200.'],
      ['?page=abc', 'page must be a whole number from 1.'],
      [`?q=${'x'.repeat(101)}`, 'The search must be at most 100 characters.'],
    ] as const) {
      const response = await call('GET', `/api/products${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
  });

  it('answers malformed addresses and text the database cannot store with 4xx, not 500', async () => {
    for (const [url, status, message] of [
      [
        '/api/products?q=%00',
        400,
        'The request contains characters that cannot be stored (such as a NUL byte).',
      ],
      ['/api/products?q=a&q=b', 400, 'The search must be given once, as text.'],
      [`/api/products/${'x'.repeat(150)}`, 400, 'The product number or id is too long.'],
      ['/api/products/%E0%A4%A', 400, 'The address is not valid.'],
    ] as const) {
      const response = await call('GET', url);
      expect(response.status, url).toBe(status);
      expect(await response.json()).toEqual({ error: message });
    }
    const nul = await createProduct(validProduct({ number: 'NUL-1', title: 'Lathe\u0000' }), [
      await jpeg(),
    ]);
    expect(nul.status).toBe(400);
    expect((await call('GET', '/api/products/NUL-1')).status).toBe(404);
  });

  it('rewrites image URLs on a legacy host to the production host', async () => {
    await shop.database.db
      .update(products)
      .set({
        images: [
          'http://staging.labshop.example:8080/img/vb-7.jpg',
          'https://cdn.other.example/x.jpg',
        ],
      })
      .where(eq(products.number, 'VB-7'));
    const response = await call('GET', '/api/products/VB-7');
    // Pages may load images from the production host the URLs now name.
    expect(response.headers.get('content-security-policy')).toMatch(
      /img-src [^;]*https:\/\/shop\.labshop\.example/,
    );
    const product = (await response.json()) as ProductDto;
    expect(product.images).toEqual([
      'https://shop.labshop.example/img/vb-7.jpg',
      'https://cdn.other.example/x.jpg',
    ]);
  });

  it('lists categories in display order', async () => {
    const response = await call('GET', '/api/categories');
    const names = ((await response.json()) as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(['Alloy Grinders', 'Vibrators', 'Empty Shelf']);
  });
});

describe('updating and deleting a product', () => {
  it('keeps only the listed existing images, appends new ones, and removes dropped files', async () => {
    const created = (await (
      await createProduct(validProduct({ number: 'EDIT-1' }), [await jpeg(), await jpeg(80, 80)])
    ).json()) as ProductDto;
    const [dropped, kept] = created.images as [string, string];
    const response = await call('PUT', '/api/products/EDIT-1', {
      token: adminToken,
      body: form(
        validProduct({
          number: 'EDIT-2',
          title: 'Renamed lathe',
          existingImages: JSON.stringify([kept]),
        }),
        [{ field: 'newImages', data: await jpeg(90, 90) }],
      ),
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as ProductDto;
    expect(updated).toMatchObject({ number: 'EDIT-2', title: 'Renamed lathe', _id: created._id });
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(kept);
    expect(await exists(storedPath(dropped))).toBe(false);
    expect(await exists(storedPath(kept))).toBe(true);
    expect((await call('GET', '/api/products/EDIT-1')).status).toBe(404);
  });

  it('shows a change at once, though answers are cached', async () => {
    const before = (await (await call('GET', '/api/products/AG-210')).json()) as ProductDto;
    expect((await listProducts('?q=AG-210')).products[0]?.title).toBe(before.title);
    const response = await call('PUT', '/api/products/AG-210', {
      token: adminToken,
      body: form(validProduct({ number: 'AG-210', title: 'Alloy Grinder Pro 210 II' }), []),
    });
    expect(response.status).toBe(200);
    const after = (await (await call('GET', '/api/products/AG-210')).json()) as ProductDto;
    expect(after.title).toBe('Alloy Grinder Pro 210 II');
    expect((await listProducts('?q=AG-210')).products[0]?.title).toBe('Alloy Grinder Pro 210 II');
  });

  it('keeps the images when existingImages is not sent', async () => {
    const before = (await (await call('GET', '/api/products/AG-100')).json()) as ProductDto;
    const response = await call('PUT', '/api/products/AG-100', {
      token: adminToken,
      body: form(validProduct({ number: 'AG-100', title: 'Compact alloy grinder' }), []),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProductDto).images).toEqual(before.images);
  });

  it('refuses images that are not the product’s, and an empty image list', async () => {
    for (const [existingImages, message] of [
      [
        '["/uploads/products/someone-else.jpg"]',
        'existingImages may only list images this product already has.',
      ],
      ['not json', 'existingImages must be a JSON list of image URLs.'],
      ['[]', PRODUCT_MESSAGES.imagesRequired],
    ] as const) {
      const response = await call('PUT', '/api/products/AG-100', {
        token: adminToken,
        body: form(validProduct({ number: 'AG-100', existingImages }), []),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
  });

  it('refuses a protocol-relative brochure (//host, /\\host) on create and update, storing nothing', async () => {
    const before = await shop.database.db.select().from(products).orderBy(products.id);
    for (const brochure of ['//evil.example/x.pdf', '/\\evil.example/x.pdf', '\\\\evil/x.pdf']) {
      const created = await createProduct(validProduct({ number: 'PR-1', brochure }), [
        await jpeg(),
      ]);
      expect(created.status, brochure).toBe(400);
      expect(await created.json()).toEqual({ error: PRODUCT_MESSAGES.brochure });
      const updated = await call('PUT', '/api/products/AG-100', {
        token: adminToken,
        body: form(validProduct({ number: 'AG-100', brochure }), []),
      });
      expect(updated.status, brochure).toBe(400);
      expect(await updated.json()).toEqual({ error: PRODUCT_MESSAGES.brochure });
    }
    expect(await shop.database.db.select().from(products).orderBy(products.id)).toEqual(before);
  });

  it('answers 409 when the new number belongs to another product', async () => {
    const response = await call('PUT', '/api/products/AG-100', {
      token: adminToken,
      body: form(validProduct({ number: 'AG-210' }), []),
    });
    expect(response.status).toBe(409);
  });

  it('deletes a product, after which its number can be used again', async () => {
    expect((await createProduct(validProduct({ number: 'GONE-1' }), [await jpeg()])).status).toBe(
      201,
    );
    expect((await call('DELETE', '/api/products/GONE-1', { token: adminToken })).status).toBe(204);
    expect((await call('GET', '/api/products/GONE-1')).status).toBe(404);
    expect((await call('DELETE', '/api/products/GONE-1', { token: adminToken })).status).toBe(404);
    expect((await createProduct(validProduct({ number: 'GONE-1' }), [await jpeg()])).status).toBe(
      201,
    );
  });
});

/** A small real PDF, as an upload (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

async function productJson(number: string): Promise<ProductDto> {
  const response = await call('GET', `/api/products/${number}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductDto;
}

async function uploadedFiles(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(shop.config.uploadsDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe('product images: order, main image and refusals', () => {
  it('saves the order imageOrder gives, new files among kept ones, the main one last', async () => {
    const created = (await (
      await createProduct(validProduct({ number: 'ORDER-1' }), [await jpeg(), await jpeg(70, 70)])
    ).json()) as ProductDto;
    const [first, second] = created.images as [string, string];
    const response = await call('PUT', '/api/products/ORDER-1', {
      token: adminToken,
      body: form(
        validProduct({
          number: 'ORDER-1',
          existingImages: JSON.stringify([first, second]),
          // The new file first, then the old main; `first` becomes the main image.
          imageOrder: JSON.stringify([0, second, first]),
        }),
        [{ field: 'newImages', data: await jpeg(90, 90), name: 'new.jpg' }],
      ),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = await productJson('ORDER-1');
    expect(saved.images).toHaveLength(3);
    expect(saved.images.slice(1)).toEqual([second, first]);
    expect(saved.images[0]).not.toBe(first);
    expect(saved.images[0]).not.toBe(second);
    expect(await exists(storedPath(saved.images[0]!))).toBe(true);

    // "Make main" alone: the kept images in a new order, nothing new.
    const reordered = await call('PUT', '/api/products/ORDER-1', {
      token: adminToken,
      body: form(
        validProduct({
          number: 'ORDER-1',
          existingImages: JSON.stringify(saved.images),
          imageOrder: JSON.stringify([saved.images[2], saved.images[1], saved.images[0]]),
        }),
        [],
      ),
    });
    expect(reordered.status).toBe(200);
    expect((await productJson('ORDER-1')).images).toEqual([...saved.images].reverse());
  });

  it('refuses an imageOrder that leaves out, repeats or invents an image, storing nothing', async () => {
    const before = await productJson('ORDER-1');
    const [a, b, c] = before.images as [string, string, string];
    const filesBefore = await uploadedFiles();
    for (const order of [
      [a, b],
      [a, b, b],
      [a, b, c, 0, 1],
      [a, b, 5],
      ['/uploads/products/someone-else.jpg', b, c],
      'not json',
    ]) {
      const response = await call('PUT', '/api/products/ORDER-1', {
        token: adminToken,
        body: form(
          validProduct({
            number: 'ORDER-1',
            existingImages: JSON.stringify([a, b]),
            imageOrder: typeof order === 'string' ? order : JSON.stringify(order),
          }),
          [{ field: 'newImages', data: await jpeg(), name: 'one.jpg' }],
        ),
      });
      expect(response.status, JSON.stringify(order)).toBe(400);
      expect(await response.json()).toEqual({
        error: 'imageOrder must list each kept image and each new file once.',
      });
    }
    expect((await productJson('ORDER-1')).images).toEqual(before.images);
    expect(await uploadedFiles()).toEqual(filesBefore);
  });

  it('names the refused picture among several, and changes nothing', async () => {
    const before = await productJson('ORDER-1');
    const filesBefore = await uploadedFiles();
    const response = await call('PUT', '/api/products/ORDER-1', {
      token: adminToken,
      body: form(validProduct({ number: 'ORDER-1', title: 'Changed title' }), [
        { field: 'newImages', data: await jpeg(), name: 'good.jpg' },
        { field: 'newImages', data: await png(), name: 'scan.png', type: 'image/png' },
      ]),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: `"scan.png" was refused: ${PRODUCT_MESSAGES.jpegOnly}`,
    });
    expect(await productJson('ORDER-1')).toEqual(before);
    expect(await uploadedFiles()).toEqual(filesBefore);
  });
});

describe('brochures', () => {
  it('stores an uploaded PDF under a fresh name and serves it as application/pdf', async () => {
    const response = await call('POST', '/api/products', {
      token: adminToken,
      body: form(validProduct({ number: 'PDF-1', brochure: '' }), [
        { field: 'images', data: await jpeg() },
        {
          field: 'brochureFile',
          data: PDF,
          name: 'Lathe Manual (v2).PDF',
          type: 'application/octet-stream',
        },
      ]),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const product = (await response.json()) as ProductDto;
    expect(product.brochure).toMatch(/^\/uploads\/brochures\/[0-9a-f-]{36}\/lathe-manual-v2\.pdf$/);
    expect(product.brochureUrl).toBe(product.brochure);
    const served = await fetch(`${shop.origin}${product.brochureUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

    // A new upload on edit replaces it; the text sent with it is not used.
    const updated = await call('PUT', '/api/products/PDF-1', {
      token: adminToken,
      body: form(validProduct({ number: 'PDF-1', brochure: product.brochure! }), [
        { field: 'brochureFile', data: PDF, name: 'sheet.pdf', type: 'application/pdf' },
      ]),
    });
    expect(updated.status).toBe(200);
    const replacement = ((await updated.json()) as ProductDto).brochure!;
    expect(replacement).toMatch(/\/sheet\.pdf$/);
    // The replaced upload is removed with it; the new one is served.
    expect((await fetch(`${shop.origin}${product.brochure}`)).status).toBe(404);
    expect((await fetch(`${shop.origin}${replacement}`)).status).toBe(200);

    // An upload another product links too is kept when one of them replaces it.
    const sharing = await call('POST', '/api/products', {
      token: adminToken,
      body: form(validProduct({ number: 'PDF-2', brochure: replacement }), [
        { field: 'images', data: await jpeg() },
      ]),
    });
    expect(sharing.status).toBe(201);
    const again = await call('PUT', '/api/products/PDF-2', {
      token: adminToken,
      body: form(validProduct({ number: 'PDF-2', brochure: '' }), []),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as ProductDto).brochure).toBeNull();
    expect((await fetch(`${shop.origin}${replacement}`)).status).toBe(200);
  });

  it('refuses a brochure that is not a PDF by its bytes, naming it, and stores nothing', async () => {
    const filesBefore = await uploadedFiles();
    for (const [name, data] of [
      ['evil.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['photo.pdf', await jpeg()],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const response = await call('POST', '/api/products', {
        token: adminToken,
        body: form(validProduct({ number: 'PDF-BAD' }), [
          { field: 'images', data: await jpeg() },
          { field: 'brochureFile', data, name, type: 'application/pdf' },
        ]),
      });
      expect(response.status, name).toBe(415);
      expect(await response.json()).toEqual({
        error: `"${name}" was refused: Only PDF files are accepted for the brochure.`,
      });
    }
    expect((await call('GET', '/api/products/PDF-BAD')).status).toBe(404);
    expect(await uploadedFiles()).toEqual(filesBefore);
  });

  it('refuses a brochure over 10 MB with 413, naming it', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await call('PUT', '/api/products/PDF-1', {
      token: adminToken,
      body: form(validProduct({ number: 'PDF-1' }), [
        { field: 'brochureFile', data: big, name: 'huge.pdf', type: 'application/pdf' },
      ]),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: '"huge.pdf" was refused: Each file must be at most 10 MB.',
    });
  });

  it('refuses a typed file name that no stored file answers, keeps one that is stored', async () => {
    for (const brochure of ['QA-100.pdf', '/uploads/brochures/nothing-here.pdf', 'a b?.pdf']) {
      const response = await call('PUT', '/api/products/AG-100', {
        token: adminToken,
        body: form(validProduct({ number: 'AG-100', brochure }), []),
      });
      expect(response.status, brochure).toBe(400);
      expect(await response.json()).toEqual({ error: PRODUCT_MESSAGES.brochureMissing(brochure) });
    }
    const stored = (await productJson('PDF-1')).brochure!;
    const fileName = stored.split('/').at(-1)!;
    // The stored file's address works, typed or pasted.
    const byUrl = await call('PUT', '/api/products/AG-100', {
      token: adminToken,
      body: form(validProduct({ number: 'AG-100', brochure: stored }), []),
    });
    expect(byUrl.status).toBe(200);
    expect((await productJson('AG-100')).brochureUrl).toBe(stored);
    expect(fileName).toBe('sheet.pdf');

    // An old record's name is kept as it is when the edit leaves it alone.
    await shop.database.db
      .update(products)
      .set({ brochure: 'legacy.pdf' })
      .where(eq(products.number, 'AG-100'));
    const untouched = await call('PUT', '/api/products/AG-100', {
      token: adminToken,
      body: form(validProduct({ number: 'AG-100', brochure: 'legacy.pdf', title: 'Kept' }), []),
    });
    expect(untouched.status).toBe(200);
  });
});

describe('categories', () => {
  it('refuses a blank name, a missing thumbnail and a duplicate name', async () => {
    const blank = await call('POST', '/api/categories', {
      token: adminToken,
      body: form({ name: '  ' }, [{ field: 'thumbnail', data: await jpeg() }]),
    });
    expect(await blank.json()).toEqual({ error: 'Category name is required.' });
    const noFile = await call('POST', '/api/categories', {
      token: adminToken,
      body: form({ name: 'Belts' }, []),
    });
    expect(await noFile.json()).toEqual({ error: 'Please choose a thumbnail image.' });
    const duplicate = await createCategory('vibrators');
    expect(duplicate.status).toBe(409);
    const notJpeg = await call('POST', '/api/categories', {
      token: adminToken,
      body: form({ name: 'Belts' }, [{ field: 'thumbnail', data: await png(), name: 'belt.jpg' }]),
    });
    expect(notJpeg.status).toBe(415);
    expect(await notJpeg.json()).toEqual({
      error: `"belt.jpg" was refused: ${PRODUCT_MESSAGES.jpegOnly}`,
    });
  });

  it('refuses to delete a category that still has products, deletes an empty one', async () => {
    const list = (await (await call('GET', '/api/categories')).json()) as {
      _id: string;
      name: string;
    }[];
    const vibrators = list.find((c) => c.name === 'Vibrators')!;
    const empty = list.find((c) => c.name === 'Empty Shelf')!;
    const refused = await call('DELETE', `/api/categories/${vibrators._id}`, { token: adminToken });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'This category still has 1 product. Move or delete them first.',
    });
    expect(
      (await call('DELETE', `/api/categories/${empty._id}`, { token: adminToken })).status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/api/categories/${empty._id}`, { token: adminToken })).status,
    ).toBe(404);
    expect((await call('DELETE', '/api/categories/not-a-uuid', { token: adminToken })).status).toBe(
      404,
    );
  });
});

describe('who may write', () => {
  const writes = [
    ['POST', '/api/products'],
    ['PUT', '/api/products/AG-210'],
    ['DELETE', '/api/products/AG-210'],
    ['POST', '/api/products/update-prices'],
    ['POST', '/api/categories'],
    ['DELETE', '/api/categories/00000000-0000-0000-0000-000000000000'],
  ] as const;
  for (const [method, url] of writes) {
    it(`${method} ${url}: 401 anonymous, 403 for a partner`, async () => {
      const anonymous = await call(method, url, { body: form(validProduct(), []) });
      expect(anonymous.status).toBe(401);
      const partner = await call(method, url, {
        token: partnerToken,
        body: form(validProduct(), []),
      });
      expect(partner.status).toBe(403);
    });
  }

  it('runs the price sync for an admin (more in erp-price-sync.test.ts)', async () => {
    const response = await call('POST', '/api/products/update-prices', { token: adminToken });
    expect(response.status).toBe(200);
    // No ERP items in this database: every product fails with its reason, none is changed.
    const result = (await response.json()) as { updated: number; failed: number };
    expect(result.updated).toBe(0);
    expect(result.failed).toBeGreaterThan(0);
  });
});

describe('a large catalogue', () => {
  it('counts a broad search only up to the cap, and says so', async () => {
    await addBulkProducts(shop.database.db, 1200);
    try {
      const broad = await call('GET', '/api/products?q=bulk&limit=10');
      expect(broad.headers.get('x-total-count')).toBe('1000');
      expect(broad.headers.get('x-total-count-capped')).toBe('true');
      expect(((await broad.json()) as ProductDto[]).length).toBe(10);
      const narrow = await call('GET', '/api/products?q=BULK-00011&limit=5');
      expect(narrow.headers.get('x-total-count')).toBe('10');
      expect(narrow.headers.get('x-total-count-capped')).toBeNull();
      // A whole list is counted exactly.
      const all = await call('GET', '/api/products?limit=5');
      expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(1200);
      // With a space the search cannot be a product number, and still finds titles.
      expect((await listProducts('?q=grinder%201&limit=200')).products.length).toBeGreaterThan(0);
    } finally {
      await addBulkProducts(shop.database.db, 0);
    }
  });

  it('pages a broad search newest first, read sorted or on a walk of the list', async () => {
    // Without the read cache: the products are written behind the app's back.
    const bare = await startTestApp({ CATALOG_CACHE_SECONDS: '0' });
    const numbers = async (query: string) => {
      const response = await fetch(`${bare.origin}/api/products${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as ProductDto[]).map((product) => product.number);
    };
    try {
      // 1,200 matches are read and sorted; 2,100, more than the sort takes, walk the list's index.
      for (const bulk of [1200, 2100]) {
        // Replaces the bulk products added before.
        await addBulkProducts(bare.database.db, bulk);
        for (const page of [1, 3]) {
          const listed = await numbers(`?limit=10&page=${page}`);
          expect(listed.every((number) => number.startsWith('BULK-'))).toBe(true);
          expect(await numbers(`?q=bulk&limit=10&page=${page}`), `${bulk}, page ${page}`).toEqual(
            listed,
          );
        }
      }
    } finally {
      await bare.close();
    }
  });

  it('keeps the whole catalogue count right through every kind of write', async () => {
    // Without the read cache, and written behind the app's back: each total is the database's.
    const bare = await startTestApp({ CATALOG_CACHE_SECONDS: '0' });
    const db = bare.database.db;
    const listedTotal = async () => {
      const response = await fetch(`${bare.origin}/api/products?limit=1`);
      expect(response.status).toBe(200);
      return Number(response.headers.get('x-total-count'));
    };
    const counted = async () => {
      const result = await db.execute(
        sql`select count(*)::int as live from products where deleted_at is null`,
      );
      return (result as { rows: { live: number }[] }).rows[0]!.live;
    };
    const expectTotal = async (total: number) => {
      expect(await counted()).toBe(total);
      expect(await listedTotal()).toBe(total);
    };
    try {
      await expectTotal(0);
      await addBulkProducts(db, 50, { categories: 3 });
      await expectTotal(50);
      // Soft deletes, a write that leaves deletion alone, and restores.
      await db.execute(
        sql`update products set deleted_at = now() where number in ('BULK-000001', 'BULK-000002', 'BULK-000003', 'BULK-000004', 'BULK-000005')`,
      );
      await expectTotal(45);
      await db.execute(sql`update products set new_price_cents = new_price_cents + 1`);
      await expectTotal(45);
      await db.execute(
        sql`update products set deleted_at = null where number in ('BULK-000001', 'BULK-000002')`,
      );
      await expectTotal(47);
      // A hard delete of live rows and of a deleted one.
      await db.execute(
        sql`delete from products where number in ('BULK-000001', 'BULK-000010', 'BULK-000011', 'BULK-000003')`,
      );
      await expectTotal(44);
      // A transaction that fails leaves the count as it was.
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`update products set deleted_at = now()`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await expectTotal(44);
      // Replacing the synthetic products (delete and insert in one transaction).
      await addBulkProducts(db, 20);
      await expectTotal(20);
      // An emptied count row is counted again, then kept from there.
      await db.execute(sql`delete from live_product_count`);
      await expectTotal(20);
      await db.execute(sql`update products set deleted_at = now() where number = 'BULK-000020'`);
      await expectTotal(19);
      await db.execute(sql`truncate products cascade`);
      await expectTotal(0);
      await addBulkProducts(db, 7);
      await expectTotal(7);
    } finally {
      await bare.close();
    }
  });

  it('pages through a long list in order, from either end, and spreads it over categories', async () => {
    // An app of its own without the read cache: the products are written behind its back.
    const bare = await startTestApp({ CATALOG_CACHE_SECONDS: '0' });
    const get = async (query: string) => {
      const response = await fetch(`${bare.origin}${query}`);
      expect(response.status).toBe(200);
      return {
        body: (await response.json()) as unknown,
        total: Number(response.headers.get('x-total-count')),
      };
    };
    const categoryNames = async () =>
      ((await get('/api/categories')).body as { name: string }[]).map((category) => category.name);
    try {
      await addBulkProducts(bare.database.db, 1234, { categories: 40 });
      const total = (await get('/api/products?limit=1')).total;
      expect(total).toBe(1234);
      const seen: ProductDto[] = [];
      for (let page = 1; page <= Math.ceil(total / 200); page++) {
        const list = await get(`/api/products?limit=200&page=${page}`);
        expect(list.total).toBe(total);
        seen.push(...(list.body as ProductDto[]));
      }
      // Every product once, in the list's order, also on the pages read from the list's end.
      const expected = [...seen].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id),
      );
      expect(seen.map((product) => product._id)).toEqual(expected.map((product) => product._id));
      expect(new Set(seen.map((product) => product._id)).size).toBe(total);
      expect((await get('/api/products?limit=200&page=8')).body).toEqual([]);

      const names = await categoryNames();
      expect(names.length).toBe(40);
      const last = names.at(-1)!;
      expect(last).toMatch(/^Bulk Category \d{3}$/);
      const inCategory = await get(`/api/products?category=${encodeURIComponent(last)}&limit=200`);
      expect(inCategory.total).toBe(Math.floor(1234 / 40));
      expect((inCategory.body as ProductDto[]).every((product) => product.category === last)).toBe(
        true,
      );

      await addBulkProducts(bare.database.db, 0);
      expect(await categoryNames()).toEqual(names.filter((name) => !name.startsWith('Bulk ')));
    } finally {
      await bare.close();
    }
  });
});

describe('issue 34: numbers in any case, zero prices, prices above retail, sorted lists', () => {
  const category = 'Issue 34 Shelf';
  // Prices in order unless a test says otherwise.
  const product = (overrides: Fields) =>
    validProduct({
      category,
      newPrice: '300',
      wholesalePrice: '250',
      partnerPricex3: '200',
      ...overrides,
    });
  const update = (number: string, fields: Fields) =>
    call('PUT', `/api/products/${number}`, { token: adminToken, body: form(fields, []) });

  beforeAll(async () => {
    expect((await createCategory(category)).status).toBe(201);
    for (const fields of [
      product({ number: 'QA-100', title: 'bench lathe', newPrice: '300' }),
      product({ number: 'qb-2', title: 'Alloy mixer', newPrice: '1000', wholesalePrice: '900' }),
      product({
        number: 'QC-30',
        title: 'Casting ring',
        newPrice: '50',
        wholesalePrice: '40',
        partnerPricex3: '35',
      }),
    ]) {
      expect((await createProduct(fields, [await jpeg()])).status).toBe(201);
    }
  });

  it('refuses a number that differs from a live one only in case, on create and update', async () => {
    const created = await createProduct(product({ number: 'qa-100' }), [await jpeg()]);
    expect(created.status).toBe(409);
    expect(await created.json()).toEqual({ error: 'A product with number QA-100 already exists.' });
    const updated = await update('QC-30', product({ number: 'Qa-100' }));
    expect(updated.status).toBe(409);
    expect(await updated.json()).toEqual({ error: 'A product with number QA-100 already exists.' });
    // A product may change the case of its own number.
    const recased = await update(
      'qb-2',
      product({ number: 'QB-2', title: 'Alloy mixer', newPrice: '1000', wholesalePrice: '900' }),
    );
    expect(recased.status).toBe(200);
    expect(((await recased.json()) as ProductDto).number).toBe('QB-2');
  });

  it('finds a product by its number in any case', async () => {
    const response = await call('GET', '/api/products/qa-100');
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProductDto).number).toBe('QA-100');
  });

  for (const [name, overrides, message] of [
    ['a new price of 0', { newPrice: '0' }, PRODUCT_MESSAGES.newPriceZero],
    ['a new price of 0.00', { newPrice: '0.00' }, PRODUCT_MESSAGES.newPriceZero],
    ['a wholesale price of 0.0', { wholesalePrice: '0.0' }, PRODUCT_MESSAGES.wholesalePriceZero],
    ['a partner price of 00', { partnerPricex3: '00' }, PRODUCT_MESSAGES.partnerPricex3Zero],
    ['an old price of 0', { oldPrice: '0' }, PRODUCT_MESSAGES.oldPriceZero],
  ] as const) {
    it(`refuses ${name} on create and update`, async () => {
      const created = await createProduct(product({ number: 'ZERO-1', ...overrides }), [
        await jpeg(),
      ]);
      expect(created.status).toBe(400);
      expect(await created.json()).toEqual({ error: message });
      const updated = await update('QC-30', product({ number: 'QC-30', ...overrides }));
      expect(updated.status).toBe(400);
      expect(await updated.json()).toEqual({ error: message });
    });
  }

  it('saves a wholesale or partner price above retail only when confirmed', async () => {
    const above = product({
      number: 'HIGH-1',
      newPrice: '100',
      wholesalePrice: '120',
      partnerPricex3: '130.5',
    });
    const refused = await createProduct(above, [await jpeg()]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error:
        'Wholesale Price ($120.00) is above the New Price ($100.00). Partner Price QTY x3 ($130.50) is above the New Price ($100.00). Confirm these prices to save them.',
    });
    expect((await call('GET', '/api/products/HIGH-1')).status).toBe(404);
    const confirmed = await createProduct({ ...above, confirmPrices: 'true' }, [await jpeg()]);
    expect(confirmed.status).toBe(201);

    // An edit that keeps those prices is not asked again ('120' and '120.00' are one price)...
    const retitled = await update('HIGH-1', { ...above, newPrice: '100.00', title: 'Renamed' });
    expect(retitled.status).toBe(200);
    // ...one that changes a price is, and equal to retail is fine.
    const raised = await update('HIGH-1', { ...above, partnerPricex3: '140' });
    expect(raised.status).toBe(400);
    expect(((await raised.json()) as { error: string }).error).toMatch(/Confirm these prices/);
    const inOrder = await update('HIGH-1', {
      ...above,
      wholesalePrice: '100',
      partnerPricex3: '99',
    });
    expect(inOrder.status).toBe(200);
    expect(
      await (await call('GET', '/api/products/HIGH-1', { token: adminToken })).json(),
    ).toMatchObject({
      wholesalePrice: 100,
      partnerPricex3: 99,
    });
  });

  it('sorts by number, title, category and price, either way, with a filter and a search', async () => {
    const numbers = async (query: string) =>
      (await listProducts(`?category=${encodeURIComponent(category)}${query}`)).products.map(
        (p) => p.number,
      );
    expect(await numbers('&sort=number')).toEqual(['HIGH-1', 'QA-100', 'QB-2', 'QC-30']);
    expect(await numbers('&sort=-number')).toEqual(['QC-30', 'QB-2', 'QA-100', 'HIGH-1']);
    // Titles case-insensitively: 'bench lathe' between 'Alloy mixer' and 'Casting ring'.
    expect(await numbers('&sort=title')).toEqual(['QB-2', 'QA-100', 'QC-30', 'HIGH-1']);
    expect(await numbers('&sort=newPrice')).toEqual(['QC-30', 'HIGH-1', 'QA-100', 'QB-2']);
    expect(await numbers('&sort=-newPrice')).toEqual(['QB-2', 'QA-100', 'HIGH-1', 'QC-30']);
    expect(await numbers('&sort=createdAt')).toEqual(['QA-100', 'QB-2', 'QC-30', 'HIGH-1']);
    expect(await numbers('')).toEqual(['HIGH-1', 'QC-30', 'QB-2', 'QA-100']);
    // Paged in the sorted order.
    expect(await numbers('&sort=number&limit=2&page=2')).toEqual(['QB-2', 'QC-30']);
    expect(await numbers('&sort=createdAt&limit=3&page=2')).toEqual(['HIGH-1']);
    // A search (title or number) in the sorted order.
    expect(await numbers('&q=q&sort=-number')).toEqual(['QC-30', 'QB-2', 'QA-100']);
    expect(await numbers('&q=ring&sort=title')).toEqual(['QC-30']);
    expect(await numbers('&q=LATHE&sort=-title')).toEqual(['HIGH-1', 'QA-100']);
    // By category: then by title.
    const byCategory = (await listProducts('?sort=category&limit=200')).products;
    const categories = byCategory.map((p) => p.category.toLowerCase());
    expect(categories).toEqual([...categories].sort());
  });

  it('answers an unknown sort with 400 and the choices', async () => {
    for (const sort of ['price', 'wholesalePrice', '--number', '']) {
      const response = await call('GET', `/api/products?sort=${sort}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /^sort must be one of -createdAt, createdAt, number, -number, title/,
      );
    }
  });
});
