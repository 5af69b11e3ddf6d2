import { randomInt } from 'node:crypto';

/** Card-number arithmetic shared by the sandbox gateway, its tokenizer page and the test fakes. */

/** The Luhn check digit rule (ISO/IEC 7812): true for a plausible card number. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as the tokenizers accept it: 13 to 19 digits that pass the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return /^\d{13,19}$/.test(digits) && luhnValid(digits);
}

/**
 * The sandbox's token for a test card number: shaped like CardPointe's tokens (starts with 9,
 * same length, ends with the card's last four) by replacing the first digit with 9. It is NOT
 * secret: the rest of the card number is readable in it, which is why the sandbox must only
 * ever see test card numbers, never a real card.
 */
export function sandboxToken(cardNumber: string): string {
  return `9${cardNumber.slice(1)}`;
}

/** A well-formed sandbox token (what the sandbox tokenizer page can have produced). */
export function isSandboxToken(token: string): boolean {
  return /^9\d{12,18}$/.test(token);
}

/** A gateway reference number: 12 random digits, like CardPointe's retref. */
export function newRetref(): string {
  return String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Integer cents as the decimal-point string CardPointe is always sent ('12.34'). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * A gateway amount as cents: a decimal string ('12.34', '12.3', '12') means dollars. Null when
 * it is not a number at all.
 */
export function decimalToCents(amount: string): number | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
