import { NOT_MADE_IN_USA_PRODUCT_NUMBER } from '@labshop/shared/constants';
import { formatCents } from '@labshop/shared/money';
import { slugify } from '@labshop/shared/text';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { IMAGE_VARIANTS } from '@labshop/shared/images';
import { JPEG_IMAGE_ENCODING, storeJpegImage } from '../../integrations/storage/jpeg-images.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import type { Database } from '../client.ts';
import * as schema from '../schema/index.ts';
import {
  categories,
  contactData,
  coupons,
  customers,
  erpItems,
  freightTable,
  galleryImages,
  newsletterSubscribers,
  notifications,
  products,
  testimonials,
  textPages,
} from '../schema/index.ts';
import { brochurePdf, type BrochureContent } from './brochure-pdf.ts';
import {
  seedCategories,
  seedProducts,
  type SeedCategory,
  type SeedProduct,
} from './catalog-data.ts';
import {
  seedContactData,
  seedCoupons,
  seedCustomers,
  seedGalleryItems,
  seedNotifications,
  seedSubscribers,
  seedTestimonials,
  seedTextPages,
} from './content-data.ts';
import { seedErpItems } from './erp-data.ts';
import { seedFreightZones } from './freight-data.ts';
import { insertDemoQuotes } from './quote-data.ts';
import { defaultSeedFileCacheDir, storeThroughCache } from './file-cache.ts';
import {
  avatarSvg,
  categoryThumbnailSvg,
  DRAWING_JPEG_OPTIONS,
  gallerySvg,
  mapWithConcurrency,
  productImageCount,
  productImageSvg,
  svgToJpeg,
} from './images.ts';

export interface SeedSummary {
  categories: number;
  products: number;
  testimonials: number;
  galleryImages: number;
  textPages: number;
  contactData: number;
  notifications: number;
  coupons: number;
  customers: number;
  erpItems: number;
  newsletterSubscribers: number;
  quotes: number;
  freightTable: number;
}

export interface SeedOptions {
  /** Empty every table first; without it an already filled catalogue is left alone. */
  reset?: boolean;
  /**
   * Where the demo pictures' stored files are kept between seeds (file-cache.ts); null keeps
   * none. By default node_modules/.cache under the working directory, when there is one.
   */
  fileCacheDir?: string | null;
}

/** sharp already uses several threads per image; a few images at a time keep both cores busy. */
const RENDER_CONCURRENCY = 4;

/** Serialises seeding between processes that start at the same time against one database. */
const SEED_LOCK_KEY = 727275;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function emptySeedSummary(): SeedSummary {
  return {
    categories: 0,
    products: 0,
    testimonials: 0,
    galleryImages: 0,
    textPages: 0,
    contactData: 0,
    notifications: 0,
    coupons: 0,
    customers: 0,
    erpItems: 0,
    newsletterSubscribers: 0,
    quotes: 0,
    freightTable: 0,
  };
}

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  if (product) return false;
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  return !category;
}

/**
 * Fills the database with the demo shop. The files go to storage first and the rows follow in
 * one transaction, so a failure never leaves a half-seeded catalogue behind.
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const reset = options.reset === true;
  if (!reset && !(await isCatalogEmpty(db))) return emptySeedSummary();

  const urls = await writeFiles(
    storage,
    options.fileCacheDir === undefined ? defaultSeedFileCacheDir() : options.fileCacheDir,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (reset) {
      await truncateAllTables(tx);
    } else if (!(await isCatalogEmpty(tx))) {
      // Another process seeded while the images were being drawn.
      return emptySeedSummary();
    }
    return insertRows(tx, urls, new Date());
  });
}

/* ---------- storage keys ---------- */

export const seedKeys = {
  productImage: (productNumber: string, index: number) =>
    `products/${productNumber.toLowerCase()}-${index + 1}.jpg`,
  categoryThumbnail: (name: string) => `categories/${slugify(name)}.jpg`,
  gallery: (index: number) => `gallery/${index + 1}.jpg`,
  avatar: (index: number) => `testimonials/${index + 1}.jpg`,
  brochure: (productNumber: string) => `brochures/${productNumber}.pdf`,
};

/* ---------- files ---------- */

interface FileJob {
  key: string;
  /** Puts the file (and, for a picture, its variants) into storage; returns the file's URL. */
  store: (storage: FileStorage) => Promise<string>;
  /** What the stored files depend on, when they are worth keeping in the seed's file cache. */
  cacheInput?: () => string;
}

/** Storage URLs by key. */
type SeedUrls = Map<string, string>;

/** Everything besides a picture's drawing that its stored bytes depend on (file-cache.ts). */
const PICTURE_ENCODING = JSON.stringify({
  drawing: DRAWING_JPEG_OPTIONS,
  stored: JPEG_IMAGE_ENCODING,
  variants: IMAGE_VARIANTS,
  libraries: sharp.versions,
});

async function writeFiles(storage: FileStorage, cacheDir: string | null): Promise<SeedUrls> {
  const jobs = [...imageJobs(), ...brochureJobs()];
  const urls = await mapWithConcurrency(jobs, RENDER_CONCURRENCY, (job) =>
    job.cacheInput
      ? storeThroughCache(cacheDir, storage, job.cacheInput(), job.store)
      : job.store(storage),
  );
  return new Map(jobs.map((job, index) => [job.key, urls[index] ?? '']));
}

function jpegJob(key: string, drawSvg: () => string): FileJob {
  let svg: string | undefined;
  const source = () => (svg ??= drawSvg());
  return {
    key,
    cacheInput: () => `${PICTURE_ENCODING}\n${key}\n${source()}`,
    // Pictures go in the way an admin's upload does, resized variants included.
    store: async (storage) =>
      storeJpegImage(storage, await svgToJpeg(source()), { baseKey: key.replace(/\.jpg$/, '') }),
  };
}

function imageJobs(): FileJob[] {
  const categoryByName = new Map(seedCategories.map((category) => [category.name, category]));
  return [
    ...seedCategories.map((category) =>
      jpegJob(seedKeys.categoryThumbnail(category.name), () =>
        categoryThumbnailSvg(category.illustration, category.accent),
      ),
    ),
    ...seedProducts.flatMap((product) =>
      productImageJobs(product, requireCategory(categoryByName, product)),
    ),
    ...seedGalleryItems.map((_item, index) =>
      jpegJob(seedKeys.gallery(index), () => gallerySvg(index)),
    ),
    ...seedTestimonials.map((testimonial, index) =>
      jpegJob(seedKeys.avatar(index), () => avatarSvg(testimonial.name, index)),
    ),
  ];
}

function productImageJobs(product: SeedProduct, category: SeedCategory): FileJob[] {
  const count = productImageCount(product.number);
  const art = { number: product.number, kind: category.illustration, accent: category.accent };
  return Array.from({ length: count }, (_unused, index) =>
    jpegJob(seedKeys.productImage(product.number, index), () => productImageSvg(art, index, count)),
  );
}

function brochureJobs(): FileJob[] {
  return seedProducts
    .filter((product) => product.hasBrochure)
    .map((product) => ({
      key: seedKeys.brochure(product.number),
      store: (storage) =>
        storage.put(
          seedKeys.brochure(product.number),
          brochurePdf(brochureContent(product)),
          'application/pdf',
        ),
    }));
}

function brochureContent(product: SeedProduct): BrochureContent {
  const origin =
    product.number === NOT_MADE_IN_USA_PRODUCT_NUMBER
      ? 'Inspected and tested in Toledo, Ohio.'
      : 'Designed and built in Toledo, Ohio, USA.';
  return {
    title: product.title,
    productNumber: product.number,
    description: product.description,
    facts: [
      `Retail price: ${formatCents(product.newPriceCents)}`,
      origin,
      `Questions? Call ${seedContactData.phone} or write to ${seedContactData.email}.`,
    ],
  };
}

function requireCategory(byName: Map<string, SeedCategory>, product: SeedProduct): SeedCategory {
  const category = byName.get(product.category);
  if (!category) {
    throw new Error(
      `Demo product ${product.number} names an unknown category: ${product.category}`,
    );
  }
  return category;
}

function requireUrl(urls: SeedUrls, key: string): string {
  const url = urls.get(key);
  if (!url) throw new Error(`No stored file for ${key}`);
  return url;
}

/* ---------- rows ---------- */

/**
 * Every table of the schema but the app's own secrets (a running server keeps using them) and
 * the audit log (append-only: its triggers refuse a truncate, and a reset is no reason to
 * forget who changed what), emptied in one statement; CASCADE takes care of the FK order.
 */
async function truncateAllTables(db: Database): Promise<void> {
  const exported: unknown[] = Object.values(schema);
  const tables = exported.filter(
    (value): value is PgTable =>
      is(value, PgTable) && value !== schema.appSecrets && value !== schema.auditLog,
  );
  const names = sql.join(
    tables.map((table) => sql.identifier(getTableName(table))),
    sql`, `,
  );
  await db.execute(sql`truncate table ${names} restart identity cascade`);
}

/** Rows listed earlier get later timestamps, so "newest first" lists keep the data's order. */
function listedAt(now: Date, index: number): Date {
  return new Date(now.getTime() - index * MINUTE_MS);
}

/**
 * The catalogue is known to be empty here. Other tables are filled only while empty, so a shop
 * whose admin already edited pages, contact data or coupons keeps them (after a reset every
 * table is empty anyway).
 */
async function insertRows(db: Database, urls: SeedUrls, now: Date): Promise<SeedSummary> {
  const categoryIds = await insertCategories(db, urls);
  return {
    categories: categoryIds.size,
    products: await insertProducts(db, urls, categoryIds, now),
    ...(await insertContent(db, urls, now)),
    ...(await insertBusinessData(db, now)),
  };
}

async function insertIntoEmpty<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number> {
  const [existing] = await db
    .select({ one: sql<number>`1` })
    .from(table as PgTable)
    .limit(1);
  if (existing) return 0;
  await db.insert(table).values(rows);
  return rows.length;
}

async function insertCategories(db: Database, urls: SeedUrls): Promise<Map<string, string>> {
  const rows = await db
    .insert(categories)
    .values(
      seedCategories.map((category, position) => ({
        name: category.name,
        thumbnail: requireUrl(urls, seedKeys.categoryThumbnail(category.name)),
        position,
      })),
    )
    .returning({ id: categories.id, name: categories.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function insertProducts(
  db: Database,
  urls: SeedUrls,
  categoryIds: Map<string, string>,
  now: Date,
): Promise<number> {
  const rows = seedProducts.map((product, index) => {
    const categoryId = categoryIds.get(product.category);
    if (!categoryId) throw new Error(`No category row for ${product.category}`);
    const imageCount = productImageCount(product.number);
    return {
      number: product.number,
      title: product.title,
      description: product.description,
      categoryId,
      images: Array.from({ length: imageCount }, (_unused, imageIndex) =>
        requireUrl(urls, seedKeys.productImage(product.number, imageIndex)),
      ),
      newPriceCents: product.newPriceCents,
      oldPriceCents: product.oldPriceCents,
      wholesalePriceCents: product.wholesalePriceCents,
      partnerPriceX3Cents: product.partnerPriceX3Cents,
      shippingWeightLb: product.shippingWeightLb,
      brochure: product.hasBrochure ? requireUrl(urls, seedKeys.brochure(product.number)) : null,
      createdAt: listedAt(now, index),
    };
  });
  await db.insert(products).values(rows);
  return rows.length;
}

type ContentCounts = Pick<
  SeedSummary,
  'testimonials' | 'galleryImages' | 'textPages' | 'contactData' | 'notifications'
>;

async function insertContent(db: Database, urls: SeedUrls, now: Date): Promise<ContentCounts> {
  return {
    testimonials: await insertIntoEmpty(
      db,
      testimonials,
      seedTestimonials.map((testimonial, index) => ({
        ...testimonial,
        imageUrl: requireUrl(urls, seedKeys.avatar(index)),
        createdAt: listedAt(now, index),
      })),
    ),
    galleryImages: await insertIntoEmpty(
      db,
      galleryImages,
      seedGalleryItems.map((item, index) => ({
        ...item,
        imageUrl: requireUrl(urls, seedKeys.gallery(index)),
        createdAt: listedAt(now, index),
      })),
    ),
    textPages: await insertIntoEmpty(
      db,
      textPages,
      Object.entries(seedTextPages).map(([name, content]) => ({ name, content })),
    ),
    contactData: await insertIntoEmpty(db, contactData, [
      { id: 1, ...seedContactData, geocodedAddress: seedContactData.address },
    ]),
    notifications: await insertIntoEmpty(
      db,
      notifications,
      seedNotifications.map((notification) => ({
        title: notification.title,
        body: notification.body,
        dateTime: new Date(now.getTime() - notification.ageDays * DAY_MS),
        read: false,
      })),
    ),
  };
}

type BusinessCounts = Pick<
  SeedSummary,
  'coupons' | 'customers' | 'erpItems' | 'newsletterSubscribers' | 'quotes' | 'freightTable'
>;

async function insertBusinessData(db: Database, now: Date): Promise<BusinessCounts> {
  return {
    coupons: await insertIntoEmpty(
      db,
      coupons,
      seedCoupons.map((coupon) => ({ ...coupon, active: true })),
    ),
    customers: await insertIntoEmpty(
      db,
      customers,
      seedCustomers.map((customer, index) => ({ ...customer, createdAt: listedAt(now, index) })),
    ),
    // The built-in ERP's items and price lists (what the price sync reads in embedded mode).
    erpItems: await insertIntoEmpty(db, erpItems, seedErpItems),
    newsletterSubscribers: await insertIntoEmpty(
      db,
      newsletterSubscribers,
      seedSubscribers.map((subscriber, index) => ({
        ...subscriber,
        source: 'seed' as const,
        unsubscribedAt: subscriber.subscribed ? null : now,
        createdAt: listedAt(now, index),
      })),
    ),
    quotes: await insertDemoQuotes(db, now),
    freightTable: await insertIntoEmpty(db, freightTable, [{ id: 1, zones: seedFreightZones }]),
  };
}
