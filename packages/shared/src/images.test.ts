import { describe, expect, it } from 'vitest';
import { imageSources, imageVariantPath, rewriteLegacyOrigin } from './images.ts';

describe('image helpers', () => {
  it('names the WebP variants beside a stored JPEG', () => {
    expect(imageVariantPath('products/ab-1.jpg', 400)).toBe('products/ab-1-w400.webp');
  });

  it('offers a srcset only for JPEGs in the shop’s own storage', () => {
    expect(imageSources('/uploads/products/a.jpg', '/uploads/')).toEqual({
      src: '/uploads/products/a.jpg',
      srcSet: '/uploads/products/a-w400.webp 400w, /uploads/products/a-w800.webp 800w',
    });
    expect(imageSources('https://old.example/a.jpg', '/uploads/')).toEqual({
      src: 'https://old.example/a.jpg',
    });
  });

  it('moves URLs on a legacy host to the production host, and nothing else', () => {
    const legacy = ['http://localhost:4200', 'https://staging.shop.example'];
    const origin = 'https://shop.example';
    expect(rewriteLegacyOrigin('https://staging.shop.example/img/a.jpg?v=2', legacy, origin)).toBe(
      'https://shop.example/img/a.jpg?v=2',
    );
    expect(rewriteLegacyOrigin('http://localhost:4200/a.jpg', legacy, origin)).toBe(
      'https://shop.example/a.jpg',
    );
    expect(rewriteLegacyOrigin('https://cdn.example/a.jpg', legacy, origin)).toBe(
      'https://cdn.example/a.jpg',
    );
    expect(rewriteLegacyOrigin('/uploads/a.jpg', legacy, origin)).toBe('/uploads/a.jpg');
  });
});
