import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions, isCountryCode } from '../countries.ts';
import { US_STATE_CODES, usStateOptions } from '../us-states.ts';
import {
  BillingInput,
  CHECKOUT_MESSAGES,
  generatedCustomerNumber,
  nextOrderNumber,
  parseTokenizerMessage,
  PaymentBillingInput,
  PaymentRequest,
  QUANTITY_MESSAGE,
} from './checkout.ts';

const billing = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@brightsmile-lab.example',
  phone: '',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  companyFax: '',
};

function firstMessage(input: unknown): string | undefined {
  const result = BillingInput.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('BillingInput (SPEC.md section 5, Checkout)', () => {
  it('accepts a complete form; the phone is optional', () => {
    expect(BillingInput.safeParse(billing).success).toBe(true);
    const { phone: _phone, ...withoutPhone } = billing;
    expect(BillingInput.safeParse(withoutPhone).success).toBe(true);
  });

  it.each([
    ['firstName', CHECKOUT_MESSAGES.firstName],
    ['lastName', CHECKOUT_MESSAGES.lastName],
    ['email', CHECKOUT_MESSAGES.email],
    ['address', CHECKOUT_MESSAGES.address],
    ['city', CHECKOUT_MESSAGES.city],
    ['state', CHECKOUT_MESSAGES.state],
    ['zip', CHECKOUT_MESSAGES.zip],
    ['country', CHECKOUT_MESSAGES.country],
  ])('requires %s', (field, message) => {
    expect(firstMessage({ ...billing, [field]: '   ' })).toBe(message);
    const { [field as keyof typeof billing]: _dropped, ...missing } = billing;
    expect(firstMessage(missing)).toBe(message);
  });

  it('checks the e-mail format and the optional phone format', () => {
    expect(firstMessage({ ...billing, email: 'dana@' })).toBe(CHECKOUT_MESSAGES.emailFormat);
    expect(firstMessage({ ...billing, phone: '12ab' })).toBe(CHECKOUT_MESSAGES.phoneFormat);
    expect(firstMessage({ ...billing, phone: '+1 (217) 555-0100' })).toBeUndefined();
  });

  it('takes the country as an ISO 3166 code, in any case', () => {
    expect(BillingInput.parse({ ...billing, country: 'de' }).country).toBe('DE');
    expect(firstMessage({ ...billing, country: 'XX' })).toBe(CHECKOUT_MESSAGES.country);
    expect(firstMessage({ ...billing, country: 'USA' })).toBe(CHECKOUT_MESSAGES.country);
  });
});

describe('BillingInput: state and ZIP by country (issue 34)', () => {
  const messageOf = (field: 'state' | 'zip', input: unknown) => {
    const result = BillingInput.safeParse(input);
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };

  it('takes a US state from the list and a ZIP or ZIP+4', () => {
    for (const zip of ['62701', '62701-1234', ' 02134 ']) {
      expect(BillingInput.safeParse({ ...billing, zip }).success, zip).toBe(true);
    }
    for (const state of ['IL', 'DC', 'PR', 'AE']) {
      expect(BillingInput.safeParse({ ...billing, state }).success, state).toBe(true);
    }
    for (const zip of ['abc!!', '6270', '627011', '62701-12', '62701 1234', '627011234']) {
      expect(messageOf('zip', { ...billing, zip }), zip).toBe(CHECKOUT_MESSAGES.usZip);
    }
    for (const state of ['X', 'Illinois', 'il', 'ZZ', 'abc!!']) {
      expect(messageOf('state', { ...billing, state }), state).toBe(CHECKOUT_MESSAGES.usState);
    }
  });

  it('takes free text elsewhere, in any script, and refuses symbols and overlong values', () => {
    const elsewhere = [
      { country: 'CA', state: 'Ontario', zip: 'K1A 0B6' },
      { country: 'GB', state: 'Greater London', zip: 'SW1A 1AA' },
      { country: 'BR', state: 'São Paulo', zip: '01310-100' },
      { country: 'IE', state: 'Co. Kilkenny', zip: 'R95 A39F' },
      { country: 'JP', state: '東京都', zip: '100-0001' },
      { country: 'fr', state: '75', zip: '75008' },
    ];
    for (const place of elsewhere) {
      expect(BillingInput.safeParse({ ...billing, ...place }).success, place.state).toBe(true);
    }
    const abroad = { ...billing, country: 'DE' };
    for (const state of ['abc!!', '<script>', '-Bayern', 'Bayern;']) {
      expect(messageOf('state', { ...abroad, state }), state).toBe(CHECKOUT_MESSAGES.region);
    }
    for (const zip of ['abc!!', '1011-', '10 115#', 'Ö1234']) {
      expect(messageOf('zip', { ...abroad, zip }), zip).toBe(CHECKOUT_MESSAGES.postalCode);
    }
    expect(messageOf('state', { ...abroad, state: 'B'.repeat(61) })).toBe(
      CHECKOUT_MESSAGES.tooLong('State', 60),
    );
    expect(messageOf('zip', { ...abroad, zip: '1'.repeat(13) })).toBe(
      CHECKOUT_MESSAGES.tooLong('ZIP code', 12),
    );
  });

  it('says only "required" for an empty state or ZIP, and nothing more for an unknown country', () => {
    expect(messageOf('state', { ...billing, state: '' })).toBe(CHECKOUT_MESSAGES.state);
    expect(messageOf('zip', { ...billing, zip: ' ' })).toBe(CHECKOUT_MESSAGES.zip);
    expect(messageOf('zip', { ...billing, country: 'XX', zip: 'abc!!' })).toBeUndefined();
  });

  it('checks the payment request by the same rules', () => {
    const { firstName: _f, lastName: _l, companyFax: _c, ...rest } = billing;
    expect(PaymentBillingInput.safeParse(rest).success).toBe(true);
    const result = PaymentBillingInput.safeParse({ ...rest, state: 'X' });
    expect(result.error?.issues[0]?.message).toBe(CHECKOUT_MESSAGES.usState);
  });

  it('lists the states, DC, the territories and the armed forces once each, with names', () => {
    expect(new Set(US_STATE_CODES).size).toBe(US_STATE_CODES.length);
    expect(US_STATE_CODES).toHaveLength(59);
    const options = usStateOptions();
    expect(options.find((option) => option.code === 'OH')?.name).toBe('Ohio');
    expect(options.every((option) => option.name.length > 0)).toBe(true);
  });
});

describe('countries', () => {
  it('has every assigned ISO 3166-1 code once, with English names sorted', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode('US') && isCountryCode('AX') && isCountryCode('SS')).toBe(true);
    const options = countryOptions();
    expect(options.find((option) => option.code === 'US')?.name).toBe('United States');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('order and customer numbers', () => {
  it('computes the next order number from the last, keeping prefix and width', () => {
    expect(nextOrderNumber('WEB-100234')).toBe('WEB-100235');
    expect(nextOrderNumber('SO-0099')).toBe('SO-0100');
    expect(nextOrderNumber('nonsense')).toBe('WEB-100001');
  });

  it("makes 'WEB' plus 3 random uppercase letters", () => {
    expect(generatedCustomerNumber(() => 0)).toBe('WEBAAA');
    expect(generatedCustomerNumber(() => 0.999)).toBe('WEBZZZ');
    for (let index = 0; index < 50; index += 1) {
      expect(generatedCustomerNumber()).toMatch(/^WEB[A-Z]{3}$/);
    }
  });
});

describe('parseTokenizerMessage (the card frame posts JSON strings)', () => {
  it('reads the token and expiry', () => {
    expect(parseTokenizerMessage('{"message":"9418594164541111","expiry":"1230"}')).toEqual({
      message: '9418594164541111',
      expiry: '1230',
    });
  });

  it('reads a validation error', () => {
    expect(parseTokenizerMessage({ validationError: 'Invalid card number' })).toEqual({
      validationError: 'Invalid card number',
    });
  });

  it('ignores anything else', () => {
    for (const data of ['not json', '42', 'null', { other: 1 }, null, 7, '{"message":5}']) {
      expect(parseTokenizerMessage(data)).toBeNull();
    }
  });
});

describe('PaymentRequest', () => {
  it('fills defaults for the optional parts of the spec payload', () => {
    const parsed = PaymentRequest.parse({
      amount: 1000,
      billing: {},
      cart: [{ number: 'AG-1', quantity: 1, newPrice: 10 }],
      behavioralScore: 0.9,
    });
    expect(parsed).toMatchObject({
      token: '',
      couponCode: '',
      discountAmount: 0,
      behavioralData: {},
    });
    expect(parsed.billing.companyFax).toBe('');
  });

  it('refuses quantities outside 1..999 with a clear message, and more than 200 lines', () => {
    for (const quantity of [1.5, 0, 1000, 1e20]) {
      const line = { number: 'AG-1', quantity, newPrice: 10 };
      const refused = PaymentRequest.safeParse({
        amount: 1,
        billing: {},
        cart: [line],
        behavioralScore: 1,
      });
      expect(refused.success ? null : refused.error.issues[0]?.message).toBe(QUANTITY_MESSAGE);
    }
    const many = Array.from({ length: 201 }, (_, index) => ({
      number: `P${index}`,
      quantity: 1,
      newPrice: 1,
    }));
    const result = PaymentRequest.safeParse({
      amount: 1,
      billing: {},
      cart: many,
      behavioralScore: 1,
    });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(
      CHECKOUT_MESSAGES.cartTooLarge,
    );
  });
});
