import { describe, expect, it } from 'vitest';
import {
  mergedLinesNote,
  parseQuickOrder,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MESSAGES,
} from './quick-order.ts';

/** The parsed lines as [line, number, quantity]. */
function parsed(text: string) {
  const result = parseQuickOrder(text);
  expect(result.error).toBeNull();
  return result.lines.map((line) => [line.line, line.number, line.quantity]);
}

describe('parseQuickOrder', () => {
  it('reads a number and a quantity separated by spaces, commas, semicolons or tabs', () => {
    expect(parsed('AG-210 2\nVB-12,3\nPL-30;4\nAG-150\t5\nAG-220 ,  6')).toEqual([
      [1, 'AG-210', 2],
      [2, 'VB-12', 3],
      [3, 'PL-30', 4],
      [4, 'AG-150', 5],
      [5, 'AG-220', 6],
    ]);
  });

  it('takes a missing quantity as 1 and keeps each line number, blank lines counted', () => {
    expect(parsed('\n  AG-210  \r\n\r\nVB-12 2\r')).toEqual([
      [2, 'AG-210', 1],
      [4, 'VB-12', 2],
    ]);
  });

  it('keeps the line as typed, trimmed', () => {
    const [line] = parseQuickOrder('  AG-210 , 2  ').lines;
    expect(line).toEqual({ line: 1, text: 'AG-210 , 2', number: 'AG-210', quantity: 2 });
  });

  it('skips a header line, and only as the first line with content', () => {
    expect(parsed('number,quantity\nAG-210,2')).toEqual([[2, 'AG-210', 2]]);
    expect(parsed('\nProduct number\tQty\nAG-210\t2')).toEqual([[3, 'AG-210', 2]]);
    expect(parsed('"Item","Quantity"\n"AG-210","2"')).toEqual([[2, 'AG-210', 2]]);
    // A first line with digits is a product, whatever it says.
    expect(parsed('PART-100 2')).toEqual([[1, 'PART-100', 2]]);
    // A header-like line later on is a line like any other (its quantity is wrong).
    expect(parsed('AG-210 1\nnumber quantity')).toEqual([
      [1, 'AG-210', 1],
      [2, 'number', null],
    ]);
  });

  it('reads CSV cells in quotes, with separators and doubled quotes inside', () => {
    expect(parsed('"AG-210","2"\n"VB 12";"3"\n"A""B",4\n"PL-30"')).toEqual([
      [1, 'AG-210', 2],
      [2, 'VB 12', 3],
      [3, 'A"B', 4],
      [4, 'PL-30', 1],
    ]);
  });

  it('ignores columns after the quantity, as a spreadsheet may have them', () => {
    expect(parsed('AG-210\t2\tSingle-Station Alloy Grinder')).toEqual([[1, 'AG-210', 2]]);
  });

  it('refuses a quantity that is not a whole number from 1 to 999', () => {
    for (const quantity of ['0', '1000', '-1', '1.5', 'two', '2x', '99999']) {
      const [line] = parseQuickOrder(`AG-210 ${quantity}`).lines;
      expect(line?.quantity, quantity).toBeNull();
    }
    expect(parsed('AG-210 999\nVB-12 007')).toEqual([
      [1, 'AG-210', 999],
      [2, 'VB-12', 7],
    ]);
    expect(QUICK_ORDER_MESSAGES.badQuantity).toBe('Quantity must be a whole number from 1 to 999.');
  });

  it(`takes ${QUICK_ORDER_MAX_LINES} lines and refuses more, saying how many there were`, () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, index) => `N-${index} 1`).join('\n');
    expect(parseQuickOrder(lines(QUICK_ORDER_MAX_LINES)).lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    // The header and blank lines do not count.
    expect(parseQuickOrder(`number,qty\n\n${lines(QUICK_ORDER_MAX_LINES)}\n\n`).error).toBeNull();
    expect(parseQuickOrder(lines(QUICK_ORDER_MAX_LINES + 1))).toEqual({
      lines: [],
      error: 'A quick order takes at most 500 lines; this one has 501. Please split it.',
    });
  });

  it('answers nothing for empty or blank text', () => {
    expect(parseQuickOrder('')).toEqual({ lines: [], error: null });
    expect(parseQuickOrder(' \n\t\n ,;')).toEqual({ lines: [], error: null });
  });
});

describe('mergedLinesNote', () => {
  it('names the merged lines', () => {
    expect(mergedLinesNote([2, 5])).toBe('Lines 2 and 5 merged.');
    expect(mergedLinesNote([2, 5, 9])).toBe('Lines 2, 5 and 9 merged.');
  });
});
