import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../admin/components/confirm-dialog.tsx';
import { installDialogStubs } from '../../admin/components/dialog-test-support.ts';
import { GalleryManagement } from './gallery-management.tsx';

const existing: GalleryImageDto = {
  _id: 'g1',
  imageUrl: '/uploads/gallery/1.jpg',
  title: 'Assembly floor',
  description: 'x'.repeat(150),
};
const added: GalleryImageDto = {
  _id: 'g2',
  imageUrl: '/uploads/gallery/2.jpg',
  title: 'Lab bench',
  description: 'A bench.',
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  // A tiny stand-in for the server: newest first, as GET /api/gallery answers.
  let stored = [existing];
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      stored = [added, ...stored];
      return Response.json(added, { status: 201 });
    }
    if (path === '/api/gallery') return Response.json(stored);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  restoreDialogs = installDialogStubs();
});

let restoreDialogs: () => void;

afterEach(() => {
  cleanup();
  restoreDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <GalleryManagement />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [file] } });
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('GalleryManagement', () => {
  it('lists the pictures with the description cut to 100 characters', async () => {
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Pictures' });
    expect(within(list).getByText(`${'x'.repeat(100)}...`)).toBeTruthy();
  });

  it('refuses a file that is not a JPEG before sending anything', async () => {
    renderScreen();
    await screen.findByRole('list', { name: 'Pictures' });
    choose(new File(['png'], 'bench.png', { type: 'image/png' }));
    expect(screen.getByText('Only JPG images are allowed')).toBeTruthy();
    expect(screen.queryByAltText('Preview of the chosen picture')).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lab bench' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A bench.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Picture' }));
    await waitFor(() => expect(screen.getByText('Only JPG images are allowed')).toBeTruthy());
    expect(posts()).toEqual([]);
  });

  it('sends the picture as pictureFile with its title and description, then lists it first', async () => {
    renderScreen();
    await screen.findByRole('list', { name: 'Pictures' });
    choose(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bench.jpg', { type: 'image/jpeg' }));
    expect(screen.getByAltText('Preview of the chosen picture')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lab bench' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A bench.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Picture' }));

    expect(await screen.findByText('Picture added successfully!')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    const [path, init] = posts()[0]!;
    expect(path).toBe('/api/gallery');
    const body = init.body as FormData;
    expect(body.get('title')).toBe('Lab bench');
    expect(body.get('description')).toBe('A bench.');
    expect((body.get('pictureFile') as File).name).toBe('bench.jpg');
    const titles = within(screen.getByRole('list', { name: 'Pictures' }))
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles[0]).toBe('Lab bench');
  });

  it('deletes a picture after the confirm and says when the server refused', async () => {
    renderScreen();
    await screen.findByRole('list', { name: 'Pictures' });
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ error: 'Not allowed' }, { status: 403 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Assembly floor' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to delete this image?',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText('Error deleting picture');
    expect(alert.parentElement?.textContent).toContain('Not allowed');
    expect(screen.getByRole('heading', { name: 'Assembly floor' })).toBeTruthy();
  });
});
