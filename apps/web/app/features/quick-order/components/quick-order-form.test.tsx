import { QUICK_ORDER_MESSAGES, type QuickOrderAnswer } from '@labshop/shared/quick-order';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUICK_ORDER_PAGE_MESSAGES } from '../quick-order-form-fields.ts';
import { QuickOrderForm } from './quick-order-form.tsx';

const ANSWER: QuickOrderAnswer = {
  tier: 'retail',
  lines: [
    {
      lines: [1, 3],
      text: 'AG-210 2',
      number: 'AG-210',
      title: 'Single-Station Alloy Grinder',
      quantity: 3,
      unitPriceCents: 129_500,
      lineTotalCents: 388_500,
      error: null,
      note: 'Lines 1 and 3 merged.',
    },
    {
      lines: [2],
      text: 'NOPE-1',
      number: 'NOPE-1',
      title: null,
      quantity: 1,
      unitPriceCents: null,
      lineTotalCents: null,
      error: 'Unknown product number.',
      note: null,
    },
  ],
  readyCount: 1,
  totalCents: 388_500,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => Response.json(ANSWER));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const textArea = () => screen.getByLabelText('Product numbers and quantities');

describe('QuickOrderForm', () => {
  it('checks the lines once typing pauses and shows each with its product or error', async () => {
    render(<QuickOrderForm posted={null} />);
    expect(screen.getByRole('button', { name: 'Add products to cart' })).toBeTruthy();
    fireEvent.change(textArea(), { target: { value: 'AG-210' } });
    fireEvent.change(textArea(), { target: { value: 'AG-210 2\nNOPE-1\nAG-210' } });

    expect(await screen.findByRole('button', { name: 'Add 1 product to cart' })).toBeTruthy();
    // One request for the pause, with the whole text.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/quick-order');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ text: 'AG-210 2\nNOPE-1\nAG-210' });

    const rows = screen.getAllByTestId('quick-order-line');
    // Each cell's text; on a phone the title and the price are shown in the next column.
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      [
        '1, 3',
        'AG-210Single-Station Alloy Grinder',
        'Single-Station Alloy Grinder',
        '3',
        '$3,885.003 × $1,295.00',
        'Ready$3,885.003 × $1,295.00Lines 1 and 3 merged.',
      ],
      ['2', 'NOPE-1', '—', '1', '—', 'Unknown product number.'],
    ]);
    expect(screen.getByTestId('quick-order-total').textContent).toBe('$3,885.00');
  });

  it("shows the action's answer and error until the text changes", async () => {
    render(
      <QuickOrderForm
        posted={{ text: 'NOPE-1', answer: ANSWER, error: QUICK_ORDER_PAGE_MESSAGES.nothingToAdd }}
      />,
    );
    expect((textArea() as HTMLTextAreaElement).value).toBe('NOPE-1');
    expect(
      within(screen.getByRole('alert')).getByText(QUICK_ORDER_PAGE_MESSAGES.nothingToAdd),
    ).toBeTruthy();
    expect(screen.getAllByTestId('quick-order-line')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(textArea(), { target: { value: 'AG-210 3' } });
    await waitFor(() =>
      expect(screen.queryByText(QUICK_ORDER_PAGE_MESSAGES.nothingToAdd)).toBeNull(),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says the API's refusal", async () => {
    const message = QUICK_ORDER_MESSAGES.tooManyLines(501);
    fetchMock.mockImplementation(async () => Response.json({ error: message }, { status: 400 }));
    render(<QuickOrderForm posted={null} />);
    fireEvent.change(textArea(), { target: { value: 'AG-210' } });
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
