import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_PAGE_NAMES } from '@labshop/shared/constants';
import {
  createLocalDiskStorage,
  LOCAL_UPLOADS_URL_PREFIX,
} from '../../integrations/storage/local-disk.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import { openTestDatabase } from '../../../test/support/helper.ts';
import type { Database, DatabaseHandle } from '../client.ts';
import {
  categories,
  contactData,
  coupons,
  customers,
  erpItems,
  freightTable,
  galleryImages,
  newsletterSubscribers,
  quotes,
  notifications,
  products,
  testimonials,
  textPages,
} from '../schema/index.ts';
import { ERP_MISSING_PRODUCT, ERP_ONLY_ITEMS, ERP_RAISED_PRODUCTS } from './erp-data.ts';
import { isCatalogEmpty, seedDemoData, type SeedSummary } from './seed.ts';

// Always in-memory PGlite: the seed is the same SQL on both drivers and this keeps the suite fast.
let handle: DatabaseHandle;
let db: Database;
let uploadsDir: string;
let fileCacheDir: string;
let storage: FileStorage;
let firstSummary: SeedSummary;

function fileOf(url: string): string {
  expect(url.startsWith(LOCAL_UPLOADS_URL_PREFIX)).toBe(true);
  return path.join(uploadsDir, url.slice(LOCAL_UPLOADS_URL_PREFIX.length));
}

async function tableCounts(): Promise<Record<keyof SeedSummary, number>> {
  const tables = {
    categories,
    products,
    testimonials,
    galleryImages,
    textPages,
    contactData,
    notifications,
    coupons,
    customers,
    erpItems,
    newsletterSubscribers,
    quotes,
    freightTable,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ value: count() }).from(table);
      return [name, row?.value ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof SeedSummary, number>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function readStart(file: string, length: number): Promise<string> {
  const handleOfFile = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await handleOfFile.read(buffer, 0, length, 0);
    return buffer.toString('latin1');
  } finally {
    await handleOfFile.close();
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'labshop-seed-'));
  // A cache of its own, empty: this seed draws and encodes every picture.
  fileCacheDir = await mkdtemp(path.join(os.tmpdir(), 'labshop-seed-cache-'));
  storage = createLocalDiskStorage(uploadsDir);
  expect(await isCatalogEmpty(db)).toBe(true);
  firstSummary = await seedDemoData(db, storage, { fileCacheDir });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  if (fileCacheDir) await rm(fileCacheDir, { recursive: true, force: true });
});

// A seed draws and encodes every demo picture with sharp (seconds of CPU): on a busy machine,
// with other test files encoding at the same time, one takes longer than the default 30 s.
describe('seedDemoData', { timeout: 120_000 }, () => {
  it('fills the catalogue', async () => {
    const counts = await tableCounts();
    expect(counts).toEqual(firstSummary);
    expect(counts.products).toBeGreaterThanOrEqual(64);
    expect(counts.categories).toBeGreaterThanOrEqual(16);
    expect(await isCatalogEmpty(db)).toBe(false);
  });

  it('puts every product in an existing category, with the special products present', async () => {
    const rows = await db
      .select({ number: products.number, title: products.title, category: categories.name })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id));
    expect(rows.every((row) => row.category !== null)).toBe(true);
    expect(rows.filter((row) => row.number === 'DV34')).toHaveLength(1);
    expect(rows.some((row) => /not available/i.test(row.title))).toBe(true);
    expect(rows.some((row) => row.title.length > 39)).toBe(true);
    expect(rows.every((row) => /^[A-Za-z0-9_-]+$/.test(row.number))).toBe(true);
  });

  it('keeps the prices consistent', async () => {
    const rows = await db.select().from(products);
    const discounted = rows.filter((row) => row.oldPriceCents !== null);
    expect(discounted.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (row.oldPriceCents !== null) expect(row.oldPriceCents).toBeGreaterThan(row.newPriceCents);
      expect(row.wholesalePriceCents).toBeLessThanOrEqual(row.newPriceCents);
      if (row.partnerPriceX3Cents !== null) {
        expect(row.partnerPriceX3Cents).toBeLessThanOrEqual(row.wholesalePriceCents);
      }
      expect(Number.isInteger(row.newPriceCents)).toBe(true);
    }
  });

  it('stores brochures as PDF files', async () => {
    const rows = await db
      .select({ brochure: products.brochure })
      .from(products)
      .where(isNotNull(products.brochure));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(await readStart(fileOf(row.brochure ?? ''), 5)).toBe('%PDF-');
    }
  });

  it('stores every product image as a JPEG file', async () => {
    const rows = await db.select({ images: products.images }).from(products);
    const urls = rows.flatMap((row) => row.images);
    expect(rows.every((row) => row.images.length >= 1 && row.images.length <= 3)).toBe(true);
    const formats = await Promise.all(
      urls.map(async (url) => (await sharp(await readFile(fileOf(url))).metadata()).format),
    );
    expect(new Set(formats)).toEqual(new Set(['jpeg']));
  });

  it('stores category, gallery and testimonial images', async () => {
    const thumbnails = await db.select({ url: categories.thumbnail }).from(categories);
    const gallery = await db.select({ url: galleryImages.imageUrl }).from(galleryImages);
    const avatars = await db.select({ url: testimonials.imageUrl }).from(testimonials);
    for (const { url } of [...thumbnails, ...gallery, ...avatars]) {
      expect((await stat(fileOf(url ?? ''))).size).toBeGreaterThan(1000);
    }
  });

  it('seeds the content and business data', async () => {
    const pages = await db.select({ name: textPages.name }).from(textPages);
    expect(pages.map((page) => page.name).sort()).toEqual([...TEXT_PAGE_NAMES].sort());
    const [contact] = await db.select().from(contactData);
    expect(contact?.email).toMatch(/@/);
    expect(contact?.latitude).not.toBeNull();
    const couponRows = await db.select().from(coupons);
    const percentByCode = Object.fromEntries(couponRows.map((row) => [row.code, row.percent]));
    expect(percentByCode).toMatchObject({ WELCOME2: 2, Black10: 10 });
    const subscribers = await db.select().from(newsletterSubscribers);
    expect(subscribers.length).toBeGreaterThanOrEqual(30);
    expect(subscribers.some((row) => !row.subscribed)).toBe(true);
    // Demo rows say so, and the unsubscribed ones when they left.
    expect(subscribers.every((row) => row.source === 'seed')).toBe(true);
    expect(subscribers.every((row) => row.subscribed === (row.unsubscribedAt === null))).toBe(true);
    expect((await tableCounts()).customers).toBeGreaterThanOrEqual(12);
  });

  it("seeds the built-in ERP's items so the first price sync shows every outcome", async () => {
    const shop = new Map((await db.select().from(products)).map((row) => [row.number, row]));
    const items = new Map((await db.select().from(erpItems)).map((row) => [row.number, row]));
    expect(items.size).toBe(shop.size - 1 + ERP_ONLY_ITEMS.length);
    expect(items.has(ERP_MISSING_PRODUCT)).toBe(false);
    expect(shop.has(ERP_MISSING_PRODUCT)).toBe(true);
    for (const only of ERP_ONLY_ITEMS) {
      expect(shop.has(only.number)).toBe(false);
      expect(items.get(only.number)?.blocked).toBe(false);
    }
    const raised: string[] = [];
    for (const [number, product] of shop) {
      const item = items.get(number);
      if (!item) continue;
      expect(item.displayName).toBe(product.title);
      expect(item.blocked).toBe(false);
      if (item.unitPriceCents !== product.newPriceCents) {
        raised.push(number);
        // About 4% more.
        const ratio = item.unitPriceCents / product.newPriceCents;
        expect(ratio).toBeGreaterThan(1.03);
        expect(ratio).toBeLessThan(1.05);
      }
      const lines = Object.fromEntries(
        item.priceListLines.map((line) => [`${line.code}:${line.minimumQuantity}`, line]),
      );
      expect(lines['WHOLESALE:1']?.unitPriceCents).toBe(product.wholesalePriceCents);
      expect(lines['PARTNER:3']?.unitPriceCents).toBe(product.partnerPriceX3Cents ?? undefined);
    }
    expect(raised.sort()).toEqual([...ERP_RAISED_PRODUCTS].sort());
  });

  it('does nothing when seeded again without reset', async () => {
    const before = await tableCounts();
    const summary = await seedDemoData(db, storage);
    expect(Object.values(summary).every((value) => value === 0)).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });

  it('replaces everything on reset without duplicating', async () => {
    const before = await tableCounts();
    const summary = await seedDemoData(db, storage, { reset: true, fileCacheDir });
    expect(summary).toEqual(firstSummary);
    expect(await tableCounts()).toEqual(before);
  });

  it('stores from its file cache the very files it drew', async () => {
    const againDir = await mkdtemp(path.join(os.tmpdir(), 'labshop-seed-again-'));
    try {
      await seedDemoData(db, createLocalDiskStorage(againDir), { reset: true, fileCacheDir });
      const drawn = await filesUnder(uploadsDir);
      expect(drawn.length).toBeGreaterThan(100);
      // An entry per picture: the main file and its variants.
      const pictures = drawn.filter((name) => /\.jpg$/.test(name) && !/-w\d+\./.test(name));
      expect(await readdir(fileCacheDir)).toHaveLength(pictures.length);
      expect(await filesUnder(againDir)).toEqual(drawn);
      for (const file of drawn.filter((name) => /\.(jpg|webp)$/.test(name))) {
        const [before, after] = await Promise.all([
          readFile(path.join(uploadsDir, file)),
          readFile(path.join(againDir, file)),
        ]);
        expect(after.equals(before), file).toBe(true);
      }
    } finally {
      await rm(againDir, { recursive: true, force: true });
    }
  });

  it('refills an emptied catalogue but keeps content the admin already has', async () => {
    await db.delete(products);
    await db.delete(categories);
    await db.update(contactData).set({ phone: '+1 (419) 555-0199' });
    const summary = await seedDemoData(db, storage, { fileCacheDir });
    expect(summary.products).toBe(firstSummary.products);
    expect(summary.contactData).toBe(0);
    expect(summary.textPages).toBe(0);
    const [contact] = await db.select().from(contactData);
    expect(contact?.phone).toBe('+1 (419) 555-0199');
    expect(await tableCounts()).toEqual(firstSummary);
  });
});
