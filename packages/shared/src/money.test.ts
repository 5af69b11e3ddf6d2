import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, formatDollars } from './money.ts';

describe('money', () => {
  it('converts dollars to whole cents without floating-point drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('1116.95')).toBe(111695);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('3')).toBe(300);
  });

  it('refuses what is not an amount', () => {
    expect(() => dollarsToCents('')).toThrow(RangeError);
    expect(() => dollarsToCents('12,50')).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('answers cents as dollars with two decimals', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(300)).toBe(3);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });

  it('displays amounts with two decimals and a dollar sign', () => {
    expect(formatCents(300)).toBe('$3.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('displays API dollar amounts with two decimals', () => {
    expect(formatDollars(1295)).toBe('$1,295.00');
    expect(formatDollars(19.9)).toBe('$19.90');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(() => formatDollars(Number.NaN)).toThrow(RangeError);
  });
});
