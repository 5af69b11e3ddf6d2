import type { FastifyReply } from 'fastify';

/**
 * CSV downloads (customers.csv, and the admin's other exports): RFC 4180 text with CRLF line
 * ends, and formula-safe cells, so a spreadsheet opening the file never runs what a customer
 * typed (OWASP "CSV injection").
 */

export type CsvValue = string | number | boolean | null | undefined;

/** A text cell starting with one of these is read as a formula by spreadsheets. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell with one of these is quoted (RFC 4180 section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: text starting with = + - @, a tab or a carriage return gets a leading apostrophe
 * (shown by spreadsheets as text, not run); a cell with a comma, a double quote or a line break
 * is quoted, its quotes doubled. Numbers and booleans are written as they are; null and
 * undefined as an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header line and one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Sends CSV text as a download named `filename` (a plain name such as customers.csv; anything
 * else in it is replaced). Not cached anywhere: exports hold customers' data.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  const safeName = filename.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
