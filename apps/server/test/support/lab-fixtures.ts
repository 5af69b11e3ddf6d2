import type { SignedInTestApp } from './helper.ts';

/**
 * The labs of the account tests (issue 36) as ERP customers: the partner token's user
 * (lab@partner.example) belongs to PARTNER_LAB, and OTHER_LAB has a user of its own.
 */
export const PARTNER_LAB = {
  number: 'C-LAB1',
  displayName: 'Partner Dental Lab',
  type: 'Company' as const,
  addressLine1: '1 Partner Way',
  addressLine2: 'Suite 4',
  city: 'Dayton',
  state: 'OH',
  postalCode: '45402',
  country: 'US',
  phoneNumber: '+1 (937) 555-0100',
  email: 'lab@partner.example',
};

export const OTHER_LAB = {
  ...PARTNER_LAB,
  number: 'C-OTHER',
  displayName: 'Other Lab',
  email: 'buyer@other-lab.example',
};

/** A signed-in user of OTHER_LAB, its e-mail verified. */
export function otherLabToken(shop: SignedInTestApp): Promise<string> {
  return shop.issuer.sign({ sub: 'other', email: OTHER_LAB.email, email_verified: true });
}
