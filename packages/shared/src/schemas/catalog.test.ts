import { describe, expect, it } from 'vitest';
import {
  CategoryInput,
  isUnavailable,
  mainImage,
  productCountText,
  readListTotal,
  PRODUCT_MESSAGES,
  ProductInput,
  savingDollars,
} from './catalog.ts';

const valid = {
  number: 'AG_210-b',
  title: 'Alloy Grinder',
  description: 'Grinds alloys.',
  category: 'Alloy Grinders',
  newPrice: '10',
  wholesalePrice: '8.5',
  partnerPricex3: '7.25',
};

function firstMessage(input: Record<string, unknown>): string | undefined {
  const result = ProductInput.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('ProductInput (SPEC.md section 5)', () => {
  it('accepts a complete product; old price and brochure are optional', () => {
    expect(ProductInput.safeParse(valid).success).toBe(true);
    expect(ProductInput.safeParse({ ...valid, oldPrice: '', brochure: '' }).success).toBe(true);
  });

  it('takes prices as digits with up to 2 decimals', () => {
    for (const price of ['0.01', '12', '12.5', '12.50']) {
      expect(firstMessage({ ...valid, newPrice: price })).toBeUndefined();
    }
    // A price of nothing is a typing slip, never a sale (issue 34).
    for (const price of ['0', '0.00', '00.0']) {
      expect(firstMessage({ ...valid, newPrice: price })).toBe(PRODUCT_MESSAGES.newPriceZero);
    }
    for (const price of ['', '12.', '.5', '12.505', '-1', '1e3', '$12', '12,50']) {
      expect(firstMessage({ ...valid, newPrice: price })).toBe(PRODUCT_MESSAGES.newPrice);
    }
  });

  it('gives each field its spec message', () => {
    expect(firstMessage({ ...valid, number: 'A B' })).toBe(PRODUCT_MESSAGES.number);
    expect(firstMessage({ ...valid, title: undefined })).toBe(PRODUCT_MESSAGES.title);
    expect(firstMessage({ ...valid, description: ' ' })).toBe(PRODUCT_MESSAGES.description);
    expect(firstMessage({ ...valid, category: '' })).toBe(PRODUCT_MESSAGES.category);
    expect(firstMessage({ ...valid, oldPrice: '1.234' })).toBe(PRODUCT_MESSAGES.oldPrice);
    expect(firstMessage({ ...valid, wholesalePrice: 'x' })).toBe(PRODUCT_MESSAGES.wholesalePrice);
    expect(firstMessage({ ...valid, partnerPricex3: '' })).toBe(PRODUCT_MESSAGES.partnerPricex3);
    expect(firstMessage({ ...valid, brochure: 'b'.repeat(401) })).toBe(PRODUCT_MESSAGES.brochure);
    expect(firstMessage({ ...valid, brochure: 'b'.repeat(400) })).toBeUndefined();
  });

  it('requires a non-blank category name', () => {
    expect(CategoryInput.safeParse({ name: '   ' }).success).toBe(false);
    expect(CategoryInput.safeParse({ name: 'Belts' }).success).toBe(true);
  });
});

describe('product display rules', () => {
  it('marks titles containing "not available" in any case', () => {
    expect(isUnavailable({ title: 'Old Lathe (NOT AVAILABLE)' })).toBe(true);
    expect(isUnavailable({ title: 'Lathe' })).toBe(false);
  });

  it('uses the last image as the main image', () => {
    expect(mainImage({ images: ['a.jpg', 'b.jpg'] })).toBe('b.jpg');
    expect(mainImage({ images: [] })).toBeNull();
  });

  it('computes the Save $ amount in cents, without float noise', () => {
    expect(savingDollars({ oldPrice: 19.99, newPrice: 17.49 })).toBe(2.5);
    expect(savingDollars({ oldPrice: null, newPrice: 5 })).toBeNull();
    expect(savingDollars({ oldPrice: 5, newPrice: 5 })).toBeNull();
  });
});

describe('list totals', () => {
  it('reads the total headers, and falls back to the page length', () => {
    const headers = new Headers({ 'x-total-count': '1000', 'x-total-count-capped': 'true' });
    expect(readListTotal(headers, 10)).toEqual({ total: 1000, totalCapped: true });
    expect(readListTotal(new Headers(), 7)).toEqual({ total: 7, totalCapped: false });
  });

  it('words the count, with + for a capped search', () => {
    expect(productCountText(1, false)).toBe('1 product');
    expect(productCountText(76, false)).toBe('76 products');
    expect(productCountText(1000, true)).toBe('1,000+ products');
  });
});
