import { dollarsToCents } from '@labshop/shared/money';
import { QUOTE_DEFAULT_VALID_DAYS, type Quote } from '@labshop/shared/schemas/quotes';
import { QuoteUpdateInput } from '@labshop/shared/schemas/quotes-dto';

/**
 * The quote editor's form without React: what the staff typed (text, as typed), the totals it
 * comes to, and the PUT body it makes, checked with the contract's own schema so the messages
 * are the server's.
 */

export interface DraftLine {
  number: string;
  /** The product's title; a line added here gets it from the server on save. */
  title: string | null;
  listPrice: number | null;
  quantity: string;
  unitPrice: string;
}

export interface QuoteDraft {
  lines: DraftLine[];
  /** Empty: no freight line. */
  freight: string;
  /** YYYY-MM-DD as a date input gives it; empty: not set. */
  validUntil: string;
  note: string;
}

/** An amount as a price field shows it: '1295.00'. */
function amountText(dollars: number): string {
  return dollars.toFixed(2);
}

/** A YYYY-MM-DD day `days` after `from`, in the browser's calendar. */
export function dayAfter(from: Date, days: number): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The draft of a quote as stored (an empty validity date when it has none). */
export function draftOf(quote: Quote): QuoteDraft {
  return {
    lines: quote.lines.map((line) => ({
      number: line.number,
      title: line.title,
      listPrice: line.listPrice,
      quantity: String(line.quantity),
      unitPrice: amountText(line.unitPrice),
    })),
    freight: quote.freight === null ? '' : amountText(quote.freight),
    validUntil: quote.validUntil ?? '',
    note: quote.note,
  };
}

/**
 * What the editor opens with: the stored draft, and for a quote without a validity date the
 * proposal of QUOTE_DEFAULT_VALID_DAYS from `today` (saved with the next Save or Send).
 */
export function proposedDraft(saved: QuoteDraft, today: Date = new Date()): QuoteDraft {
  if (saved.validUntil) return saved;
  return { ...saved, validUntil: dayAfter(today, QUOTE_DEFAULT_VALID_DAYS) };
}

/** Whether two drafts would save the same quote (typing '12.5' for '12.50' is no change). */
export function sameDraft(a: QuoteDraft, b: QuoteDraft): boolean {
  const body = (draft: QuoteDraft) => JSON.stringify(rawBody(draft));
  return body(a) === body(b);
}

/** A typed amount in dollars; NaN when it is not one (empty included). */
function typedNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Cents of a typed amount, or null when it is not a whole-cent amount. */
function typedCents(text: string): number | null {
  const value = typedNumber(text);
  if (!Number.isFinite(value) || value < 0) return null;
  const cents = dollarsToCents(value);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
}

export function typedQuantity(text: string): number | null {
  const value = typedNumber(text);
  return Number.isInteger(value) && value >= 1 && value <= 999 ? value : null;
}

/** The lines whose quantity is valid, as the freight table weighs them. */
export function weighedLines(draft: QuoteDraft): { number: string; quantity: number }[] {
  return draft.lines.flatMap((line) => {
    const quantity = typedQuantity(line.quantity);
    return quantity === null ? [] : [{ number: line.number, quantity }];
  });
}

/** A line's total in cents, or null while its quantity or price is not valid. */
export function lineCents(line: DraftLine): number | null {
  const quantity = typedQuantity(line.quantity);
  const price = typedCents(line.unitPrice);
  return quantity === null || price === null ? null : quantity * price;
}

export interface DraftTotals {
  subtotal: number;
  /** Null: no freight line (or not a valid amount yet). */
  freight: number | null;
  total: number;
  /** Some line or the freight is not a valid amount: the totals leave it out. */
  incomplete: boolean;
}

/** The draft's subtotal, freight and total in cents, as it is typed. */
export function draftTotals(draft: QuoteDraft): DraftTotals {
  let subtotal = 0;
  let incomplete = false;
  for (const line of draft.lines) {
    const cents = lineCents(line);
    if (cents === null) incomplete = true;
    else subtotal += cents;
  }
  const freight = draft.freight.trim() === '' ? null : typedCents(draft.freight);
  if (draft.freight.trim() !== '' && freight === null) incomplete = true;
  return { subtotal, freight, total: subtotal + (freight ?? 0), incomplete };
}

/** The PUT body before its check: typed text made numbers (NaN where it is not one). */
function rawBody(draft: QuoteDraft): QuoteUpdateInput {
  return {
    lines: draft.lines.map((line) => ({
      number: line.number,
      quantity: typedNumber(line.quantity),
      unitPrice: typedNumber(line.unitPrice),
    })),
    freight: draft.freight.trim() === '' ? null : typedNumber(draft.freight),
    validUntil: draft.validUntil.trim() === '' ? null : draft.validUntil.trim(),
    note: draft.note,
  };
}

/** Where a message belongs: a line's field, a field of the quote, or the lines as a whole. */
export type DraftErrors = Partial<
  Record<'lines' | 'freight' | 'validUntil' | 'note', string> &
    Record<`number:${number}` | `quantity:${number}` | `unitPrice:${number}`, string>
>;

export type DraftCheck = { ok: true; body: QuoteUpdateInput } | { ok: false; errors: DraftErrors };

/** The draft as the PUT body, or the contract's message for each field that is not right. */
export function checkDraft(draft: QuoteDraft): DraftCheck {
  const body = rawBody(draft);
  const result = QuoteUpdateInput.safeParse(body);
  if (result.success) return { ok: true, body };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const [field, index, lineField] = issue.path;
    let key: keyof DraftErrors | null = null;
    if (field === 'lines' && typeof index === 'number') {
      if (lineField === 'number' || lineField === 'quantity' || lineField === 'unitPrice') {
        key = `${lineField}:${index}`;
      }
    } else if (field === 'lines' || field === 'freight' || field === 'validUntil') {
      key = field;
    } else if (field === 'note') {
      key = 'note';
    }
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
