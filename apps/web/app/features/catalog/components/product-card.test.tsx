import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard, type ProductCardProps } from './product-card.tsx';

afterEach(cleanup);

const grinder: ProductDto = {
  _id: 'p-ag-210',
  number: 'AG-210',
  title: 'Single-Station Alloy Grinder',
  description: 'A bench grinder.',
  category: 'Alloy Grinders',
  images: ['/uploads/products/ag-210-1.jpg', '/uploads/products/ag-210-3.jpg'],
  newPrice: 1295,
  oldPrice: 1395,
  wholesalePrice: 1125,
  partnerPricex3: 1079,
  brochure: null,
  shippingWeightLb: null,
  brochureUrl: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  guid: 'g-ag-210',
};

function renderCard(overrides: Partial<ProductCardProps> = {}) {
  const props: ProductCardProps = {
    product: grinder,
    storageBaseUrl: '/uploads/',
    signedIn: false,
    inCart: false,
    onAddToCart: vi.fn(),
    ...overrides,
  };
  const router = createMemoryRouter([{ path: '*', element: <ProductCard {...props} /> }]);
  render(<RouterProvider router={router} />);
  return props;
}

describe('the shop product card', () => {
  it('links to the product page and shows the number in brackets, prices and the Save badge', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Single-Station Alloy Grinder' });
    expect(link.getAttribute('href')).toBe('/product-details/AG-210');
    expect(screen.getByText('[AG-210]')).toBeTruthy();
    expect(screen.getByText('Save $100.00')).toBeTruthy();
    expect(screen.getByText('$1,395.00').closest('s')).toBeTruthy();
    expect(screen.getByText('$1,295.00')).toBeTruthy();
  });

  it('shows the main (last) image with its resized WebP and JPEG variants', () => {
    renderCard();
    const webp = document.querySelector('picture source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toContain('ag-210-3-w400.webp 400w');
    const image = document.querySelector('picture img');
    expect(image?.getAttribute('src')).toBe('/uploads/products/ag-210-3.jpg');
    expect(image?.getAttribute('srcset')).toContain('ag-210-3-w400.jpg 400w');
    expect(image?.getAttribute('width')).toBe('800');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('has no Save badge without an old price', () => {
    renderCard({ product: { ...grinder, oldPrice: null } });
    expect(screen.queryByText(/^Save /)).toBeNull();
    expect(document.querySelector('s')).toBeNull();
  });

  it('cuts titles longer than 39 characters to 33 plus ... and keeps the full title for readers', () => {
    const title = 'Heavy-Duty Alloy Grinder, 1 HP, Three-Phase Ready';
    renderCard({ product: { ...grinder, title } });
    expect(screen.getByText('Heavy-Duty Alloy Grinder, 1 HP, T...')).toBeTruthy();
    expect(screen.getByRole('link', { name: title })).toBeTruthy();
  });

  it('shows the wholesale price to signed-in users only', () => {
    renderCard({ signedIn: false });
    expect(screen.queryByText(/Wholesale:/)).toBeNull();
    cleanup();
    renderCard({ signedIn: true });
    expect(screen.getByText('Wholesale: $1,125.00')).toBeTruthy();
  });

  it("offers 'Add to Cart', which adds the product", () => {
    const props = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(props.onAddToCart).toHaveBeenCalledWith(grinder);
  });

  it("shows 'In Cart / View', a link to the cart, when the cart holds the product", () => {
    renderCard({ inCart: true });
    expect(screen.getByRole('link', { name: 'In Cart / View' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it("shows a disabled 'Not Available' for unavailable products", () => {
    renderCard({ product: { ...grinder, title: 'Left-Hand Alloy Grinder - NOT available' } });
    const button = screen.getByRole('button', { name: 'Not Available' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});
