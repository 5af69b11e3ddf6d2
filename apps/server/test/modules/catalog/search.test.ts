import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../../src/db/schema/index.ts';
import { seedProducts } from '../../../src/db/seed/catalog-data.ts';
import { seedDemoCatalogue } from '../../support/erp-fixtures.ts';
import { startTestApp, type TestApp } from '../../support/helper.ts';

/**
 * The shop search (issue 34) over the demo catalogue: every word in any order, over title,
 * number and category name, with stems, plurals, parts of numbers and typos, ranked.
 */
let shop: TestApp;

beforeAll(async () => {
  // Without the read cache: some tests change products behind the app's back.
  shop = await startTestApp({ CATALOG_CACHE_SECONDS: '0' });
  await seedDemoCatalogue(shop.database.db);
});
afterAll(async () => {
  await shop.close();
});

async function search(q: string, query = '') {
  const response = await fetch(
    `${shop.origin}/api/products?limit=200&q=${encodeURIComponent(q)}${query}`,
  );
  expect(response.status).toBe(200);
  const list = (await response.json()) as ProductDto[];
  return {
    numbers: list.map((product) => product.number),
    total: Number(response.headers.get('x-total-count')),
  };
}

/** The demo products whose title or number holds `text`, case-insensitively (SPEC.md 5). */
function substringMatches(text: string): string[] {
  const wanted = text.toLowerCase();
  return seedProducts
    .filter(
      (product) =>
        product.title.toLowerCase().includes(wanted) ||
        product.number.toLowerCase().includes(wanted),
    )
    .map((product) => product.number);
}

describe('the shop search', () => {
  it('finds every word in any order, over title and number', async () => {
    // Before: one literal substring, and "trimmer 12" found nothing.
    expect((await search('trimmer 12')).numbers).toContain('MT-12');
    expect((await search('12 trimmer')).numbers).toContain('MT-12');
    expect((await search('TRIMMER 12-inch')).numbers).toEqual(['MT-12']);
    const collector = await search('collector twin hepa');
    expect(collector.numbers).toEqual(['DC-200']);
    expect(collector.total).toBe(1);
  });

  it('searches quoted words without the quotes', async () => {
    const plain = await search('alloy');
    expect(plain.numbers).toContain('AG-210');
    expect((await search('"Alloy"')).numbers).toEqual(plain.numbers);
    expect((await search('“alloy”')).numbers).toEqual(plain.numbers);
    expect((await search('"alloy grinder" compact')).numbers).toEqual(['AG-150']);
  });

  it('matches plurals and stems: "belts" finds every belt', async () => {
    const belt = await search('belt');
    const belts = await search('belts');
    // Before: 'belt' found 5 and 'belts' 2.
    for (const number of ['BT-A18', 'BT-S80', 'BT-S120', 'BT-RV5', 'HP-20']) {
      expect(belt.numbers).toContain(number);
      expect(belts.numbers).toContain(number);
    }
    expect(belts.numbers.toSorted()).toEqual(belt.numbers.toSorted());
    expect((await search('grinders')).numbers).toContain('AG-210');
    expect((await search('lathes')).numbers).toContain('PL-20');
  });

  it('searches category names', async () => {
    // No title says "accessories" or "parts".
    const accessories = await search('accessories');
    expect(accessories.numbers.toSorted()).toEqual(
      ['AC-AP', 'AC-DM20', 'AC-LM', 'AC-SG', 'AC-TR6'].toSorted(),
    );
    const parts = await search('parts');
    expect(parts.numbers).toContain('RP-505');
    expect(parts.numbers.every((number) => number.startsWith('RP'))).toBe(true);
    // A category word and a title word together.
    expect((await search('parts trimmer')).numbers).toEqual(['RP-505']);
  });

  it('forgives a small typo when the words as typed find nothing', async () => {
    const trimmers = (await search('trimer')).numbers;
    for (const number of ['MT-10', 'MT-12', 'MT-7D']) expect(trimmers).toContain(number);
    expect((await search('trimer 12')).numbers).toContain('MT-12');
    expect((await search('grindr')).numbers).toContain('AG-210');
    expect((await search('sandblastr')).numbers).toContain('SB-1');
    // A word found as typed is not widened by similarity.
    expect((await search('grinder')).numbers).not.toContain('BW-AG8');
    // Nothing like it at all: nothing.
    expect((await search('xylophone')).numbers).toEqual([]);
  });

  it('finds a product by part of its number, and its exact number first', async () => {
    expect((await search('ag-2')).numbers.toSorted()).toEqual(['AG-210', 'AG-210-LH', 'AG-220']);
    expect((await search('s120')).numbers).toEqual(['BT-S120']);
    // A short word with another: a word of the title or number that starts with it.
    expect((await search('pad 12')).numbers).toEqual(['RP-203']);
    expect((await search('mt 12')).numbers[0]).toBe('MT-12');
    expect((await search('210')).numbers).toEqual(expect.arrayContaining(['AG-210', 'AG-210-LH']));
    // VB-12's number first, then the pad whose title names it.
    expect((await search('vb-12')).numbers).toEqual(['VB-12', 'RP-203']);
    expect((await search('dc-200')).numbers).toEqual(['DC-200', 'RP-412']);
    // A number and a word: the number's product first.
    expect((await search('hepa dc-200')).numbers[0]).toBe('DC-200');
  });

  it('matches a word of one or two characters as a whole word only', async () => {
    // "1 HP" holds the word 1; AG-150's number only starts with it. As a prefix, a short word
    // matches a tenth of a large catalogue and finds mostly noise (and reads it all).
    const grinders = (await search('grinder 1')).numbers;
    expect(grinders).toContain('AG-300X');
    expect(grinders).not.toContain('AG-150');
    // From three characters a word is a prefix again.
    expect((await search('grinder 150')).numbers).toContain('AG-150');
  });

  it('ranks title matches before matches through the category only', async () => {
    // PL-50 is in Polishing Lathes, but its title has no lathe.
    const lathes = (await search('lathes')).numbers;
    expect(lathes.at(-1)).toBe('PL-50');
    for (const number of ['PL-20', 'PL-30', 'PL-40', 'PL-10', 'RP-240', 'BT-RV5']) {
      expect(lathes.indexOf(number)).toBeLessThan(lathes.indexOf('PL-50'));
    }
    // A title holding the words as a phrase before one holding them apart.
    const trimmer = (await search('model trimmer')).numbers;
    expect(trimmer.slice(0, 3).toSorted()).toEqual(['MT-10', 'MT-12', 'MT-7D']);
  });

  it('still finds everything the case-insensitive substring of title or number finds', async () => {
    for (const text of [
      'grinder',
      'ALLOY GRINDER',
      'Model Trimmer, 12',
      '1/4 HP',
      '1 x 30',
      'x 30 inch, 80',
      'ag-2',
      'RP_',
      '50,000',
      'with',
      'for',
      'Pack of 10',
      'r, 1',
      't, 3',
      '-',
      '.',
    ]) {
      const found = (await search(text)).numbers;
      expect(found, text).toEqual(expect.arrayContaining(substringMatches(text)));
      expect(substringMatches(text).length, text).toBeGreaterThan(0);
    }
    // Stop words in a longer search are left out; LIKE's wildcards are plain characters.
    expect((await search('the trimmer with a dust port')).numbers).toEqual(['MT-7D']);
    expect((await search('%')).numbers).toEqual([]);
    expect((await search('_')).numbers).toEqual(['RP_SB12']);
  });

  it('pages a ranked search in its ranked order, with one total on every page', async () => {
    const all = await search('lathes');
    expect(all.total).toBe(all.numbers.length);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
      const response = await fetch(`${shop.origin}/api/products?q=lathes&limit=3&page=${page}`);
      expect(response.headers.get('x-total-count')).toBe(String(all.total));
      pages.push(...((await response.json()) as ProductDto[]).map((product) => product.number));
    }
    expect(pages).toEqual(all.numbers);
  });

  it('within a category, searches that category only', async () => {
    expect((await search('twin', '&category=Dust%20Collectors')).numbers).toEqual(['DC-200']);
    expect((await search('grinder', '&category=Vibrators')).numbers).toEqual([]);
  });

  it('follows a product or category change at once', async () => {
    const db = shop.database.db;
    await db
      .update(products)
      .set({ title: 'Heavy-Duty Model Trimmer, 12-Inch Wheel, Quartz Edition' })
      .where(eq(products.number, 'MT-12'));
    expect((await search('quartz')).numbers).toEqual(['MT-12']);
    await db
      .update(categories)
      .set({ name: 'Plaster Trimmers' })
      .where(eq(categories.name, 'Model Trimmers'));
    try {
      expect((await search('plaster')).numbers.toSorted()).toEqual(['MT-10', 'MT-12', 'MT-7D']);
    } finally {
      await db
        .update(categories)
        .set({ name: 'Model Trimmers' })
        .where(eq(categories.name, 'Plaster Trimmers'));
    }
    expect((await search('plaster')).numbers).toEqual([]);
    // A deleted product is found no more.
    await db.execute(sql`update products set deleted_at = now() where number = 'MT-12'`);
    expect((await search('quartz')).numbers).toEqual([]);
  });
});
