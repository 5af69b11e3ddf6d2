import { FREIGHT_MESSAGES } from '@labshop/shared/schemas/freight';
import type { FreightTable, FreightTableAnswer } from '@labshop/shared/schemas/freight-dto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../admin/components/format-time.ts';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { FREIGHT_SCREEN_MESSAGES, FreightScreen } from './freight-editor.tsx';

const STORED: FreightTableAnswer = {
  zones: [
    { name: 'East', states: ['NY', 'PA'], bands: [{ upToLb: null, price: 25 }] },
    {
      name: 'West',
      states: ['CA'],
      bands: [
        { upToLb: 10, price: 30 },
        { upToLb: 50, price: 60 },
      ],
    },
  ],
  updatedAt: '2026-11-20T15:00:00.000Z',
};
const SAVED_AT = '2026-11-21T10:00:00.000Z';

let fetchMock: ReturnType<typeof vi.fn>;
/** What the PUT answers; by default the table it was sent, saved now. */
let putAnswer: (table: FreightTable) => Response;

beforeEach(() => {
  putAnswer = (table) => Response.json({ ...table, updatedAt: SAVED_AT });
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path !== '/api/admin/freight') return new Response(null, { status: 404 });
    if (init?.method === 'PUT') return putAnswer(JSON.parse(String(init.body)) as FreightTable);
    return Response.json(STORED);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderScreen() {
  renderAdminRoutes([{ path: '/admin/freight', element: <FreightScreen /> }], '/admin/freight');
  await screen.findByRole('article', { name: 'East' });
}

const zone = (name: string) => screen.getByRole('article', { name });
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const sentTable = (call = 0) => JSON.parse(String(puts()[call]?.[1]?.body)) as FreightTable;

function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

describe('the Freight screen', () => {
  it('shows the zones as stored, when they were saved and the states in no zone', async () => {
    await renderScreen();
    expect(
      screen.getByText(FREIGHT_SCREEN_MESSAGES.lastSaved(formatTime(STORED.updatedAt!))),
    ).toBeTruthy();
    const east = zone('East');
    expect((within(east).getByLabelText('Zone name') as HTMLInputElement).value).toBe('East');
    expect(
      (within(east).getByRole('radio', { name: 'Flat rate' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(east).getByLabelText('Flat rate ($)') as HTMLInputElement).value).toBe('25.00');
    expect(
      (within(east).getByRole('checkbox', { name: 'NY, New York' }) as HTMLInputElement).checked,
    ).toBe(true);
    // California is West's: shaded here, and named so.
    expect(within(east).getByRole('checkbox', { name: 'CA, California, in West' })).toBeTruthy();

    const west = zone('West');
    expect(
      (within(west).getByRole('radio', { name: 'By weight' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(west).getByLabelText('Band 2 up to (lb)') as HTMLInputElement).value).toBe('50');
    expect(within(west).getByText(/Orders over 50 lb get no estimate/)).toBeTruthy();

    const noZone = screen.getByRole('heading', { name: /States in no zone/ }).parentElement!;
    expect(noZone.textContent).toContain('(56)');
    expect(noZone.textContent).toMatch(/AL, AK, AZ, AR, CO,/);
  });

  it('sends the edited table with Save and shows it saved', async () => {
    await renderScreen();
    const east = zone('East');
    type('Zone name', 'Northeast', east);
    fireEvent.click(within(east).getByRole('checkbox', { name: 'NJ, New Jersey' }));
    fireEvent.click(within(east).getByRole('radio', { name: 'By weight' }));
    type('Band 1 up to (lb)', '10', east);
    type('Band 1 rate ($)', '20', east);
    fireEvent.click(within(east).getByRole('button', { name: 'Add band' }));
    type('Band 2 rate ($)', '35.5', east);
    // West's last band becomes "and over".
    const west = zone('West');
    type('Band 2 up to (lb)', '', west);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(FREIGHT_SCREEN_MESSAGES.saved),
    );
    expect(puts()).toHaveLength(1);
    expect(sentTable()).toEqual({
      zones: [
        {
          name: 'Northeast',
          states: ['NJ', 'NY', 'PA'],
          bands: [
            { upToLb: 10, price: 20 },
            { upToLb: null, price: 35.5 },
          ],
        },
        {
          name: 'West',
          states: ['CA'],
          bands: [
            { upToLb: 10, price: 30 },
            { upToLb: null, price: 60 },
          ],
        },
      ],
    });
    expect(screen.getByText(FREIGHT_SCREEN_MESSAGES.lastSaved(formatTime(SAVED_AT)))).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('removes West and adds a zone with a flat rate for every state left', async () => {
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Remove zone West' }));
    expect(screen.queryByRole('article', { name: 'West' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const added = await screen.findByRole('article', { name: 'Zone 2' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(added).getByLabelText('Zone name')),
    );
    type('Zone name', 'Rest of US', added);
    fireEvent.click(within(added).getByRole('button', { name: /Add the \d+ states in no zone/ }));
    type('Flat rate ($)', '99', added);
    const noZone = screen.getByRole('heading', { name: /States in no zone/ }).parentElement!;
    expect(noZone.textContent).toContain(FREIGHT_SCREEN_MESSAGES.everyStateZoned);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [east, rest] = sentTable().zones;
    expect(east?.name).toBe('East');
    expect(rest).toMatchObject({ name: 'Rest of US', bands: [{ upToLb: null, price: 99 }] });
    expect(rest?.states).toHaveLength(57);
    expect(rest?.states).toContain('CA');
  });

  it('checks the table before saving: the first message, the field marked and focused', async () => {
    await renderScreen();
    const east = zone('East');
    type('Zone name', '', east);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(FREIGHT_MESSAGES.zoneName),
    );
    const name = screen.getByRole('article', { name: 'Zone 1' });
    const input = within(name).getByLabelText('Zone name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(puts()).toHaveLength(0);

    // A state in two zones is named with both.
    type('Zone name', 'East', name);
    fireEvent.click(within(zone('West')).getByRole('checkbox', { name: /^NY, New York/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        FREIGHT_MESSAGES.stateTwice('NY', 'East', 'West'),
      ),
    );

    // Bands that do not go up: the zone's first band takes the focus.
    const west = zone('West');
    fireEvent.click(within(west).getByRole('checkbox', { name: /^NY, New York/ }));
    type('Band 2 up to (lb)', '5', west);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(FREIGHT_MESSAGES.bandsUp('West')),
    );
    expect(within(west).getByText(FREIGHT_MESSAGES.bandsUp('West'))).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(west).getByLabelText('Band 1 up to (lb)')),
    );
    expect(puts()).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the table", async () => {
    await renderScreen();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    putAnswer = () => Response.json({ error: FREIGHT_MESSAGES.bandsUp('West') }, { status: 400 });
    type('Flat rate ($)', '27', zone('East'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(FREIGHT_MESSAGES.bandsUp('West')),
    );
    expect(screen.getByRole('alert').textContent).toContain(FREIGHT_SCREEN_MESSAGES.notSaved);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(
      screen.getByText(FREIGHT_SCREEN_MESSAGES.lastSaved(formatTime(STORED.updatedAt!))),
    ).toBeTruthy();
  });
});
