import { MAX_LINE_QUANTITY } from './pricing.ts';

/**
 * Quick order (issue 36): lines of product number and quantity, typed, pasted (a spreadsheet's
 * columns) or read from a CSV file, resolved by POST /api/quick-order and put into the cart in
 * one action. The parser is here so the rules are written once; the server runs it.
 */

export type { QuickOrderAnswer, QuickOrderLine } from './schemas/quick-order-dto.ts';

/** The most lines one quick order resolves. */
export const QUICK_ORDER_MAX_LINES = 500;

/** The most characters of text one quick order takes (500 lines of 200 characters). */
export const QUICK_ORDER_MAX_TEXT_LENGTH = 100_000;

/** What POST /api/quick-order says of a text or a line (the page's own are in the web app). */
export const QUICK_ORDER_MESSAGES = {
  badQuantity: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  unknownNumber: 'Unknown product number.',
  notAvailable: 'Not available.',
  capped: `Quantities added up to more than ${MAX_LINE_QUANTITY}: ${MAX_LINE_QUANTITY} is the most one line holds.`,
  tooManyLines: (count: number) =>
    `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines; this one has ${count}. Please split it.`,
  textTooLong: `A quick order takes at most ${QUICK_ORDER_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters. Please split it.`,
} as const;

/** One line of the text that names a product: where it was, what it said, what it asks for. */
export interface QuickOrderInputLine {
  /** The line's number in the text, from 1 (blank and header lines count). */
  line: number;
  /** The line as typed, trimmed. */
  text: string;
  /** The first cell, as typed. */
  number: string;
  /** The second cell as a quantity (1 when there is none); null when it is not one. */
  quantity: number | null;
}

export type QuickOrderParse =
  { lines: QuickOrderInputLine[]; error: null } | { lines: []; error: string };

/** What separates a line's cells: spaces, tabs (a spreadsheet's columns), commas, semicolons. */
const SEPARATOR = /[\s,;]/;

/** A first line without digits that names its columns is a header, not a product. */
const HEADER_WORD = /number|product|item|part|sku|article|code|qty|quantity|amount/i;

/**
 * The text's lines that name products. Blank lines and a header line are skipped; a line's
 * first cell is the product number, its second the quantity (1 when missing), further cells
 * (a spreadsheet's other columns) are ignored. Cells may be in double quotes, as CSV writes
 * them. More than QUICK_ORDER_MAX_LINES lines is an error for the whole text.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  const lines: QuickOrderInputLine[] = [];
  let count = 0;
  let seenContent = false;
  const rows = text.split(/\r\n|\r|\n/);
  for (const [index, row] of rows.entries()) {
    const cells = cellsOf(row);
    const [number, quantity] = cells;
    if (number === undefined) continue;
    if (!seenContent) {
      seenContent = true;
      if (!/\d/.test(row) && HEADER_WORD.test(row)) continue;
    }
    count += 1;
    if (count > QUICK_ORDER_MAX_LINES) continue;
    lines.push({
      line: index + 1,
      text: row.trim(),
      number,
      quantity: quantity === undefined ? 1 : quantityOf(quantity),
    });
  }
  if (count > QUICK_ORDER_MAX_LINES) {
    return { lines: [], error: QUICK_ORDER_MESSAGES.tooManyLines(count) };
  }
  return { lines, error: null };
}

/** A whole number from 1 to MAX_LINE_QUANTITY, or null. */
function quantityOf(cell: string): number | null {
  if (!/^\d{1,4}$/.test(cell)) return null;
  const quantity = Number(cell);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

/** A line's non-empty cells; a quoted cell keeps its separators, and "" stands for ". */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at < row.length) {
    while (at < row.length && SEPARATOR.test(row[at]!)) at += 1;
    if (at >= row.length) break;
    let cell = '';
    if (row[at] === '"') {
      at += 1;
      while (at < row.length) {
        if (row[at] === '"') {
          if (row[at + 1] !== '"') {
            at += 1;
            break;
          }
          at += 1;
        }
        cell += row[at];
        at += 1;
      }
    }
    // Unquoted text, or what follows a closing quote up to the next separator.
    const start = at;
    while (at < row.length && !SEPARATOR.test(row[at]!)) at += 1;
    cell = (cell + row.slice(start, at)).trim();
    if (cell !== '') cells.push(cell);
  }
  return cells;
}

/** The note of a line that stands for several: 'Lines 2, 5 and 9 merged.' */
export function mergedLinesNote(lines: readonly number[]): string {
  const last = lines.at(-1);
  return `Lines ${lines.slice(0, -1).join(', ')} and ${last} merged.`;
}
