/**
 * Money is integer cents on the server and in the database; the API shows dollars with two
 * decimals (SPEC.md section 9). These are the only conversions between the two.
 */

export type Cents = number;

/** Dollars (a number such as 19.99 or a string such as "19.99") to integer cents. */
export function dollarsToCents(dollars: number | string): Cents {
  const value = typeof dollars === 'string' ? Number(dollars.trim()) : dollars;
  if (typeof dollars === 'string' && dollars.trim() === '') {
    throw new RangeError('An amount is required');
  }
  if (!Number.isFinite(value)) {
    throw new RangeError(`Not an amount: ${String(dollars)}`);
  }
  // Rounding the scaled value (not the dollars) keeps 0.1 + 0.2 style errors out: 19.99 * 100
  // is 1998.9999999999998.
  return Math.round(value * 100);
}

/** Integer cents to a dollar number with at most two decimals, as the API answers. */
export function centsToDollars(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

/** '$1,234.50' style display with two decimals. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  return usd.format(cents / 100);
}

/** A dollar amount as the API answers it (19.9) shown as '$19.90'. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Cents must be a whole number: ${cents}`);
  }
}
