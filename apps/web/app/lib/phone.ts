/**
 * A phone number as a tel: address: its digits, with a leading + kept; null when it has no
 * digits ('n/a'), so the caller shows the text without a link.
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
