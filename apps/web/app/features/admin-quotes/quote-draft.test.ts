import { QUOTE_MESSAGES, type Quote } from '@labshop/shared/schemas/quotes';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  dayAfter,
  draftOf,
  draftTotals,
  proposedDraft,
  sameDraft,
} from './quote-draft.ts';

const quote = {
  validUntil: null,
  freight: 12.5,
  note: '',
  lines: [
    {
      number: 'AG-210',
      title: 'Grinder',
      quantity: 2,
      unitPrice: 10.1,
      lineTotal: 20.2,
      listPrice: 11,
    },
  ],
} as Partial<Quote> as Quote;

describe('quote draft', () => {
  it('proposes a validity date QUOTE_DEFAULT_VALID_DAYS ahead only when there is none', () => {
    const saved = draftOf(quote);
    expect(saved.validUntil).toBe('');
    expect(proposedDraft(saved, new Date(2026, 11, 20)).validUntil).toBe('2027-01-19');
    const dated = { ...saved, validUntil: '2026-12-01' };
    expect(proposedDraft(dated, new Date(2026, 11, 20))).toBe(dated);
    expect(dayAfter(new Date(2026, 1, 27), 2)).toBe('2026-03-01');
  });

  it('adds in cents, and leaves out what is not an amount yet', () => {
    const draft = { ...draftOf(quote), freight: '0.1' };
    draft.lines = [
      ...draft.lines,
      { ...draft.lines[0]!, number: 'X', unitPrice: '0.2', quantity: '3' },
    ];
    expect(draftTotals(draft)).toEqual({
      subtotal: 2080,
      freight: 10,
      total: 2090,
      incomplete: false,
    });
    draft.lines[1] = { ...draft.lines[1]!, unitPrice: 'abc' };
    expect(draftTotals(draft).incomplete).toBe(true);
    expect(draftTotals(draft).subtotal).toBe(2020);
  });

  it('treats 12.5 and 12.50 as the same, and checks with the contract messages', () => {
    const saved = draftOf(quote);
    expect(sameDraft(saved, { ...saved, freight: '12.5' })).toBe(true);
    const check = checkDraft({ ...saved, freight: '-1', lines: [] });
    expect(check).toEqual({
      ok: false,
      errors: { freight: QUOTE_MESSAGES.freight, lines: QUOTE_MESSAGES.noLines },
    });
    expect(checkDraft({ ...saved, freight: '' })).toEqual({
      ok: true,
      body: {
        lines: [{ number: 'AG-210', quantity: 2, unitPrice: 10.1 }],
        freight: null,
        validUntil: null,
        note: '',
      },
    });
  });
});
