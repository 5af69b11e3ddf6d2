import { describe, expect, it } from 'vitest';
import {
  IMAGE_VARIANTS,
  imageSources,
  imageVariantPath,
  isImageVariantPath,
  rewriteLegacyOrigin,
} from './images.ts';

describe('image helpers', () => {
  it('names the WebP and JPEG variants beside a stored JPEG', () => {
    expect(imageVariantPath('products/ab-1.jpg', 400)).toBe('products/ab-1-w400.webp');
    expect(imageVariantPath('products/ab-1.jpg', 240, 'jpg')).toBe('products/ab-1-w240.jpg');
    expect(IMAGE_VARIANTS.map((v) => imageVariantPath('a.jpg', v.width, v.format))).toEqual([
      'a-w240.webp',
      'a-w240.jpg',
      'a-w400.webp',
      'a-w400.jpg',
      'a-w800.webp',
      'a-w800.jpg',
    ]);
  });

  it('tells variants from main images', () => {
    expect(isImageVariantPath('products/ab-1-w800.jpg')).toBe(true);
    expect(isImageVariantPath('products/ab-1-w240.webp')).toBe(true);
    expect(isImageVariantPath('products/ab-1.jpg')).toBe(false);
    expect(isImageVariantPath('products/ab-w1.jpg')).toBe(false);
  });

  it('offers WebP and JPEG srcsets only for JPEGs in the shop’s own storage', () => {
    expect(imageSources('/uploads/products/a.jpg', '/uploads/')).toEqual({
      src: '/uploads/products/a.jpg',
      webpSrcSet:
        '/uploads/products/a-w240.webp 240w, /uploads/products/a-w400.webp 400w, /uploads/products/a-w800.webp 800w',
      jpegSrcSet:
        '/uploads/products/a-w240.jpg 240w, /uploads/products/a-w400.jpg 400w, /uploads/products/a-w800.jpg 800w',
    });
    expect(imageSources('https://old.example/a.jpg', '/uploads/')).toEqual({
      src: 'https://old.example/a.jpg',
    });
    expect(imageSources('/uploads/products/a.png', '/uploads/')).toEqual({
      src: '/uploads/products/a.png',
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
