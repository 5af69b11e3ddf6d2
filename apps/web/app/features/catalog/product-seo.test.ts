import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { describe, expect, it } from 'vitest';
import { metaDescription, productCanonicalUrl, productJsonLd } from './product-seo.ts';

const product: ProductDto = {
  _id: 'p1',
  number: 'AG-210',
  title: 'Single-Station Alloy Grinder',
  description: 'Line one.\nLine two.',
  category: 'Alloy Grinders',
  images: ['/uploads/a.jpg', 'https://cdn.example.com/main.jpg'],
  newPrice: 1295,
  oldPrice: 1395,
  wholesalePrice: null,
  partnerPricex3: null,
  brochure: null,
  shippingWeightLb: null,
  brochureUrl: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  guid: 'g1',
};

describe('product SEO', () => {
  it('keeps short descriptions on one line and cuts long ones at a word', () => {
    expect(metaDescription('Line one.\nLine two.')).toBe('Line one. Line two.');
    const long = `${'word '.repeat(60)}end`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut).toMatch(/word\.\.\.$/);
  });

  it('builds the canonical address from the public URL and the number', () => {
    expect(productCanonicalUrl('AG 1', 'https://shop.example.com/')).toBe(
      'https://shop.example.com/product-details/AG%201',
    );
  });

  it('describes the product for schema.org with absolute images, main image first', () => {
    const data = productJsonLd(product, 'https://shop.example.com', 'labshop');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Single-Station Alloy Grinder',
      sku: 'AG-210',
      image: ['https://cdn.example.com/main.jpg', 'https://shop.example.com/uploads/a.jpg'],
      brand: { name: 'labshop' },
      offers: {
        price: 1295,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example.com/product-details/AG-210',
      },
    });
    const unavailable = productJsonLd(
      { ...product, title: 'Old Grinder - Not Available' },
      'https://shop.example.com',
      'labshop',
    );
    expect(unavailable.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('gives the shipping weight in pounds where the product has one', () => {
    const weighed = productJsonLd(
      { ...product, shippingWeightLb: 38.5 },
      'https://shop.example.com',
      'labshop',
    );
    expect(weighed.weight).toEqual({ '@type': 'QuantitativeValue', value: 38.5, unitCode: 'LBR' });
    expect(
      productJsonLd({ ...product, shippingWeightLb: null }, 'https://x.example', 'l'),
    ).not.toHaveProperty('weight');
  });
});
