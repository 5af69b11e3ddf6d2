import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductBuyBox } from './product-buy-box.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductPricing } from './product-pricing.tsx';

afterEach(cleanup);

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }]);
  render(<RouterProvider router={router} />);
}

const prices = { newPrice: 1295, oldPrice: 1395, wholesalePrice: 1125, partnerPricex3: 1079 };

describe('the product page pricing', () => {
  it('shows anonymous visitors the old price struck, the new price and the Save badge', () => {
    render(<ProductPricing product={{ ...prices, wholesalePrice: null }} signedIn={false} />);
    expect(screen.getByText('$1,395.00').closest('s')).toBeTruthy();
    expect(screen.getByText('$1,295.00')).toBeTruthy();
    expect(screen.getByText('Save $100.00')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows partners retail, wholesale and the partner price for 3 or more', () => {
    render(<ProductPricing product={prices} signedIn />);
    expect(
      within(screen.getByRole('row', { name: /Wholesale/ })).getByText('$1,125.00'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /Partner price \(3 or more\)/ })).getByText(
        '$1,079.00',
      ),
    ).toBeTruthy();
  });

  it('leaves out the partner row when that price is not set', () => {
    render(<ProductPricing product={{ ...prices, partnerPricex3: null }} signedIn />);
    expect(screen.getByRole('row', { name: /Wholesale/ })).toBeTruthy();
    expect(screen.queryByText(/Partner price/)).toBeNull();
  });
});

describe('the product page buy box', () => {
  const product = { number: 'AG-210', title: 'Single-Station Alloy Grinder' };

  it('adds to the cart', () => {
    const onAddToCart = vi.fn();
    renderInRouter(<ProductBuyBox product={product} inCart={false} onAddToCart={onAddToCart} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledOnce();
  });

  it("shows 'In Cart' and View Cart once the cart holds the product", () => {
    renderInRouter(<ProductBuyBox product={product} inCart onAddToCart={vi.fn()} />);
    expect(screen.getByText('In Cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('says an unavailable product is not available, with no Add to Cart', () => {
    renderInRouter(
      <ProductBuyBox
        product={{ ...product, title: 'Grinder - Not Available' }}
        inCart={false}
        onAddToCart={vi.fn()}
      />,
    );
    expect(screen.getByText('Product is currently not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});

describe('the product gallery', () => {
  const images = ['/uploads/a-1.jpg', '/uploads/a-2.jpg', '/uploads/a-3.jpg'];

  it('shows the last image first and another one when its thumbnail is clicked', () => {
    render(<ProductGallery images={images} title="Lathe" storageBaseUrl="/uploads/" />);
    const main = () =>
      screen.getByRole('link', { name: /^Enlarge the picture: Lathe/ }).querySelector('img')!;
    expect(main().getAttribute('src')).toBe('/uploads/a-3.jpg');
    expect(
      screen.getByRole('button', { name: 'Show image 3 of 3' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));
    expect(main().getAttribute('src')).toBe('/uploads/a-1.jpg');
    // The enlarged view follows the shown picture, at its stored size.
    const zoom = screen.getByRole('dialog', { name: 'Enlarged picture: Lathe, image 1 of 3' });
    expect(zoom.querySelector('img')?.getAttribute('src')).toBe('/uploads/a-1.jpg');
  });

  it('scrolls the thumbnails by 100 px a click', () => {
    render(<ProductGallery images={images} title="Lathe" storageBaseUrl="/uploads/" />);
    const strip = screen.getByTestId('thumbnail-strip');
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Scroll thumbnails right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Scroll thumbnails left' }));
    expect(scrollBy).toHaveBeenNthCalledWith(1, { left: 100, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenNthCalledWith(2, { left: -100, behavior: 'smooth' });
  });
});
