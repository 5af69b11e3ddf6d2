/** A quote's sums in cents, one way for its pages, its mails and the checkout that pays it. */

interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export const lineTotalCents = (line: PricedLine): number => line.unitPriceCents * line.quantity;

/** The goods: every line's total, freight not included. */
export const subtotalCents = (lines: readonly PricedLine[]): number =>
  lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
