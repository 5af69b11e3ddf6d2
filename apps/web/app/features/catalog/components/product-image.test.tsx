import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image.tsx';

const STORED = '/uploads/products/ag-210-3.jpg';
const SIZES = '(min-width: 1024px) 560px, 100vw';

describe('a stored picture', () => {
  it('offers WebP variants first and JPEG ones as the fallback, lazily by default', () => {
    const html = renderToString(
      <ProductImage url={STORED} storageBaseUrl="/uploads/" alt="A grinder" sizes={SIZES} />,
    );
    expect(html).toContain(
      '<source type="image/webp" srcSet="/uploads/products/ag-210-3-w240.webp 240w, /uploads/products/ag-210-3-w400.webp 400w, /uploads/products/ag-210-3-w800.webp 800w"',
    );
    expect(html).toMatch(
      /<img src="\/uploads\/products\/ag-210-3\.jpg" srcSet="[^"]*-w240\.jpg 240w/,
    );
    expect(html).toMatch(/loading="lazy"/);
    expect(html).not.toMatch(/rel="preload"/);
  });

  it('preloads the page’s main picture with the same WebP srcset and sizes', () => {
    const html = renderToString(
      <ProductImage
        url={STORED}
        storageBaseUrl="/uploads/"
        alt="A grinder"
        sizes={SIZES}
        priority
      />,
    );
    const preload = html.match(/<link rel="preload"[^>]*>/)?.[0] ?? '';
    expect(preload).toContain('as="image"');
    expect(preload).toContain('type="image/webp"');
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain(`imageSizes="${SIZES}"`);
    expect(preload).toContain('imageSrcSet="/uploads/products/ag-210-3-w240.webp 240w,');
    expect(html).toMatch(/<img [^>]*loading="eager" fetchPriority="high"/);
  });

  it('shows a picture from elsewhere as it is', () => {
    const html = renderToString(
      <ProductImage
        url="https://old.example/a.jpg"
        storageBaseUrl="/uploads/"
        alt=""
        sizes="80px"
      />,
    );
    expect(html).not.toContain('<picture');
    expect(html).not.toContain('srcSet');
    expect(html).toContain('src="https://old.example/a.jpg"');
  });
});
