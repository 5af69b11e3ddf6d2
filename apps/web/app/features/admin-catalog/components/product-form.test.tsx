import {
  PRODUCT_MESSAGES,
  type CategoryDto,
  type ProductDto,
} from '@labshop/shared/schemas/catalog';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FREIGHT_MESSAGES } from '@labshop/shared/schemas/freight';
import { ApiError } from '../../admin/api/http.ts';
import { createProductBody, updateProductBody } from '../api/product-body.ts';
import { ProductForm, type ProductSubmission } from './product-form.tsx';

const categories: CategoryDto[] = [
  { _id: 'c1', name: 'Alloy Grinders', thumbnail: null },
  { _id: 'c2', name: 'Polishing Lathes', thumbnail: null },
];

const product: ProductDto = {
  _id: 'p1',
  number: 'AG-100',
  title: 'Alloy grinder',
  description: 'Grinds alloys.',
  category: 'Alloy Grinders',
  images: ['/uploads/products/a.jpg', '/uploads/products/b.jpg'],
  newPrice: 1250,
  oldPrice: null,
  wholesalePrice: 1000.5,
  partnerPricex3: 950,
  brochure: null,
  shippingWeightLb: null,
  brochureUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  guid: 'g1',
};

const jpeg = (name = 'photo.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

beforeEach(() => {
  // jsdom has no object URLs; previews only need a distinct string per file.
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++next}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSave = vi.fn<(submission: ProductSubmission) => Promise<ProductDto>>(async () => product);
  render(<ProductForm mode="create" categories={categories} onSave={onSave} {...props} />);
  return { onSave };
}

const submitButton = () => screen.getByRole('button', { name: /Create Product|Update Product/ });

function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function chooseFiles(files: File[]) {
  fireEvent.change(screen.getByLabelText('Images'), { target: { files } });
}

describe('the product form', () => {
  it("shows the spec's messages for every empty required field, and no image, on submit", async () => {
    const { onSave } = renderForm();
    fireEvent.click(submitButton());

    for (const message of [
      PRODUCT_MESSAGES.number,
      PRODUCT_MESSAGES.title,
      PRODUCT_MESSAGES.description,
      PRODUCT_MESSAGES.category,
      PRODUCT_MESSAGES.newPrice,
      PRODUCT_MESSAGES.wholesalePrice,
      PRODUCT_MESSAGES.partnerPricex3,
      PRODUCT_MESSAGES.imagesRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    // The optional fields stay quiet.
    expect(screen.queryByText(PRODUCT_MESSAGES.oldPrice)).toBeNull();
    expect(screen.queryByText(PRODUCT_MESSAGES.brochure)).toBeNull();
    expect(screen.queryByText(FREIGHT_MESSAGES.productWeight)).toBeNull();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a field error only once the field was left', async () => {
    renderForm();
    const title = screen.getByLabelText('Title');
    fireEvent.focus(title);
    expect(screen.queryByText(PRODUCT_MESSAGES.title)).toBeNull();
    fireEvent.blur(title);
    expect(await screen.findByText(PRODUCT_MESSAGES.title)).toBeTruthy();
    expect(screen.queryByText(PRODUCT_MESSAGES.number)).toBeNull();
  });

  it('refuses a bad price and a bad product number', async () => {
    renderForm();
    fill('New Price', '12.345');
    fill('Old Price', 'ten');
    fill('Wholesale Price', '$10');
    fill('Product Number', 'AG 100');
    expect(await screen.findByText(PRODUCT_MESSAGES.newPrice)).toBeTruthy();
    expect(await screen.findByText(PRODUCT_MESSAGES.oldPrice)).toBeTruthy();
    expect(await screen.findByText(PRODUCT_MESSAGES.wholesalePrice)).toBeTruthy();
    expect(await screen.findByText(PRODUCT_MESSAGES.number)).toBeTruthy();

    fill('New Price', '12.34');
    await waitFor(() => expect(screen.queryByText(PRODUCT_MESSAGES.newPrice)).toBeNull());
  });

  it('names a refused file and its reason, keeps the good ones, and saves nothing until dismissed', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    chooseFiles([new File(['png'], 'drawing.png', { type: 'image/png' }), jpeg('good.jpg')]);
    const refusal = await screen.findByText(
      `"drawing.png" was refused: ${PRODUCT_MESSAGES.jpegOnly}`,
    );
    const previews = screen.getByRole('list', { name: 'Images to save' });
    expect(
      within(previews)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Image 1', 'Image 2', 'New image good.jpg']);
    expect(screen.getByLabelText('Images').getAttribute('accept')).toBe('image/jpeg');

    fireEvent.click(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(refusal.closest('[role="alert"]')));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByText(PRODUCT_MESSAGES.updated)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(PRODUCT_MESSAGES.updated),
    );
    expect(onSave.mock.calls[0]![0].newImages.map((file) => file.name)).toEqual(['good.jpg']);
  });

  it('on create, still asks for an image when the only one chosen was refused', async () => {
    const { onSave } = renderForm();
    chooseFiles([new File(['png'], 'drawing.png', { type: 'image/png' })]);
    expect(await screen.findByText(/"drawing.png" was refused/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Images to save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(submitButton());
    expect(await screen.findByText(PRODUCT_MESSAGES.imagesRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('reorders images with the arrow buttons and "make main", and sends that order', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    chooseFiles([jpeg('new.jpg')]);
    await screen.findByRole('button', { name: 'Move New image new.jpg earlier' });
    // Image 1 becomes the main (last) image; the new file moves to the front.
    fireEvent.click(screen.getByRole('button', { name: 'Make Image 1 the main image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move New image new.jpg earlier' }));
    const previews = screen.getByRole('list', { name: 'Images to save' });
    await waitFor(() =>
      expect(
        within(previews)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual(['blob:preview-1', '/uploads/products/b.jpg', '/uploads/products/a.jpg']),
    );
    expect(
      (screen.getByRole('button', { name: 'Make Image 3 the main image' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const [submission] = onSave.mock.calls[0]!;
    expect(submission.existingImages).toEqual([
      '/uploads/products/b.jpg',
      '/uploads/products/a.jpg',
    ]);
    expect(submission.imageOrder).toEqual([
      0,
      '/uploads/products/b.jpg',
      '/uploads/products/a.jpg',
    ]);
  });

  it('sends a chosen brochure PDF, and names a file that is not one', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    const upload = screen.getByLabelText(/Upload a brochure PDF/);
    fireEvent.change(upload, {
      target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    expect(
      await screen.findByText(`"notes.docx" was refused: ${PRODUCT_MESSAGES.pdfOnly}`),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Upload a brochure PDF/), {
      target: { files: [new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('manual.pdf')).toBeTruthy();
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0].brochureFile?.name).toBe('manual.pdf');
  });

  it('sends a valid product with its images and then starts over', async () => {
    const { onSave } = renderForm();
    fill('Product Number', 'AG-200');
    fill('Title', 'Alloy grinder, large');
    fill('Description', 'Grinds more alloys.');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Polishing Lathes' } });
    fill('New Price', '99.5');
    fill('Wholesale Price', '80');
    fill('Partner Price QTY x3', '75.25');
    chooseFiles([jpeg('one.jpg'), jpeg('two.jpg')]);
    const previews = await screen.findByRole('list', { name: 'Images to save' });
    expect(within(previews).getAllByRole('img')).toHaveLength(2);

    fireEvent.click(submitButton());
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe(PRODUCT_MESSAGES.created));
    expect(onSave).toHaveBeenCalledOnce();
    const [submission] = onSave.mock.calls[0]!;
    expect(submission.values).toMatchObject({
      number: 'AG-200',
      category: 'Polishing Lathes',
      newPrice: '99.5',
      partnerPricex3: '75.25',
    });
    expect(submission.newImages.map((file) => file.name)).toEqual(['one.jpg', 'two.jpg']);
    expect((screen.getByLabelText('Product Number') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Images to save' })).toBeNull();
  });

  it('on edit, keeps only the current images not removed, and says so on success', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    expect((screen.getByLabelText('Wholesale Price') as HTMLInputElement).value).toBe('1000.50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Image 1' }));
    chooseFiles([jpeg('new.jpg')]);

    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(PRODUCT_MESSAGES.updated),
    );
    const [submission] = onSave.mock.calls[0]!;
    expect(submission.existingImages).toEqual(['/uploads/products/b.jpg']);
    expect(submission.newImages.map((file) => file.name)).toEqual(['new.jpg']);
  });

  it('shows the shipping weight, refuses a bad one and sends a good one', async () => {
    const { onSave } = renderForm({
      mode: 'edit',
      product: { ...product, shippingWeightLb: 42.5 },
    });
    const weight = screen.getByLabelText('Shipping weight (lb)') as HTMLInputElement;
    expect(weight.value).toBe('42.5');
    expect(weight.getAttribute('inputmode')).toBe('decimal');

    fill('Shipping weight (lb)', '0');
    expect(await screen.findByText(FREIGHT_MESSAGES.productWeight)).toBeTruthy();
    expect(weight.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(submitButton());
    await screen.findByText(FREIGHT_MESSAGES.productWeight);
    expect(onSave).not.toHaveBeenCalled();

    fill('Shipping weight (lb)', '12.25');
    await waitFor(() => expect(screen.queryByText(FREIGHT_MESSAGES.productWeight)).toBeNull());
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const [submission] = onSave.mock.calls[0]!;
    expect(submission.values.shippingWeight).toBe('12.25');
    const body = updateProductBody(submission.values, submission.existingImages, [], {
      confirmPrices: false,
    });
    expect(body.get('shippingWeight')).toBe('12.25');
  });

  it('sends an emptied shipping weight as none', async () => {
    const { onSave } = renderForm({ mode: 'edit', product: { ...product, shippingWeightLb: 3 } });
    fill('Shipping weight (lb)', '');
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const { values } = onSave.mock.calls[0]![0];
    expect(createProductBody(values, [], { confirmPrices: false }).get('shippingWeight')).toBe('');
  });

  it("shows the server's reason when a save fails, else the spec's message", async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onSave.mockRejectedValueOnce(new ApiError('Product number AG-300 is taken.', 409));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Product number AG-300 is taken.'),
    );

    onSave.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(PRODUCT_MESSAGES.notUpdated),
    );
    expect(logged).toHaveBeenCalledTimes(2);
  });
  it('refuses a price of $0.00 with a message of its own', async () => {
    const { onSave } = renderForm();
    fill('New Price', '0.00');
    expect(await screen.findByText(PRODUCT_MESSAGES.newPriceZero)).toBeTruthy();
    fill('Wholesale Price', '0');
    expect(await screen.findByText(PRODUCT_MESSAGES.wholesalePriceZero)).toBeTruthy();
    fireEvent.click(submitButton());
    await screen.findByText(PRODUCT_MESSAGES.title);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('warns about partner prices above retail and saves them only once confirmed', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    // The product's own prices are in order: no warning.
    expect(screen.queryByRole('group', { name: 'Price warning' })).toBeNull();
    fill('Wholesale Price', '1300');
    const warning = await screen.findByRole('group', { name: 'Price warning' });
    expect(warning.textContent).toContain(
      'Wholesale Price ($1,300.00) is above the New Price ($1,250.00).',
    );

    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Correct the prices, or tick the box to save them as they are.'),
    ).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('These prices are right: save them as they are.'));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      values: { wholesalePrice: '1300' },
      confirmPrices: true,
    });
  });

  it('asks again when the prices change after a confirmation, and not for prices in order', async () => {
    const { onSave } = renderForm({ mode: 'edit', product });
    fill('Partner Price QTY x3', '1260');
    fireEvent.click(await screen.findByLabelText('These prices are right: save them as they are.'));
    fill('Partner Price QTY x3', '1270');
    const box = (await screen.findByLabelText(
      'These prices are right: save them as they are.',
    )) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fill('Partner Price QTY x3', '900');
    expect(screen.queryByRole('group', { name: 'Price warning' })).toBeNull();
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0].confirmPrices).toBe(false);
  });

  it('after a create, offers the links the editor gives for the new product', async () => {
    renderForm({
      createdLinks: (created) => <a href={`/product-details/${created.number}`}>View in shop</a>,
    });
    fill('Product Number', 'AG-200');
    fill('Title', 'Alloy grinder, large');
    fill('Description', 'Grinds more alloys.');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Polishing Lathes' } });
    fill('New Price', '99.5');
    fill('Wholesale Price', '80');
    fill('Partner Price QTY x3', '75.25');
    chooseFiles([jpeg('one.jpg')]);
    fireEvent.click(submitButton());
    const link = await screen.findByRole('link', { name: 'View in shop' });
    expect(link.getAttribute('href')).toBe('/product-details/AG-100');
  });
});
