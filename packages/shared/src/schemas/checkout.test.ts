import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions, isCountryCode } from '../countries.ts';
import {
  BillingInput,
  CHECKOUT_MESSAGES,
  generatedCustomerNumber,
  nextOrderNumber,
  parseTokenizerMessage,
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
