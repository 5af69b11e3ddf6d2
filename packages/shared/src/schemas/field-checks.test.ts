import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuditLogQuery } from './audit.ts';
import { CategoryInput, PRODUCT_MESSAGES, ProductInput } from './catalog.ts';
import {
  BillingInput,
  CheckCustomerRequest,
  CreateInvoiceRequest,
  CreateSalesOrderRequest,
  PaymentRequest,
  RecordPaymentRequest,
  VerifyCaptchaRequest,
} from './checkout.ts';
import {
  ContactDataInput,
  ContactMessageInput,
  EMAIL_PATTERN,
  GalleryInput,
  NotificationInput,
  TESTIMONIAL_MESSAGES,
  TestimonialInput,
  TextPageInput,
} from './content.ts';
import { isProtocolRelative } from './field-checks.ts';
import {
  AddSubscriberInput,
  NewsletterConfirmInput,
  NewsletterInput,
  NewsletterSignupInput,
  PublicUnsubscribeQuery,
  SubscribersQuery,
} from './newsletter.ts';
import { OrderHistoryQuery } from './orders.ts';

/**
 * Issue 31: the shared schemas on hostile input. Every pattern runs in linear time, and none
 * runs on text its length check already refused (zod runs every check of a field unless one
 * aborts). The e-mail pattern before this took 4-5 s on 40 KB and blocked the whole server.
 */

/** The e-mail pattern before issue 31: right answers, quadratic time. The reference here. */
const QUADRATIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'a@', a run of dots, and an '@' that fails the match at the very end. */
const hostile = (length: number) => `a@${'.'.repeat(length - 3)}@`;

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

describe('EMAIL_PATTERN', () => {
  it.each([
    ['lab@example.com', true],
    ['Maria.Delgado+news@lab.example.co.uk', true],
    ['a@b.c', true],
    ['a@b.c.', true],
    ['a@.b.c', true],
    ['a@b..c', true],
    ['a@..c', true],
    ['user@sub-domain.example', true],
    ['ü@exämple.de', true],
    ['', false],
    ['plain', false],
    ['@example.com', false],
    ['a@', false],
    ['a@b', false],
    ['a@b.', false],
    ['a@.b', false],
    ['a@.', false],
    ['a@b@c.d', false],
    ['a b@c.d', false],
    ['a@b .c', false],
    ['a@b.c ', false],
    ['a@b.c\n', false],
  ])('%j: %s, as before', (address, matches) => {
    expect(EMAIL_PATTERN.test(address)).toBe(matches);
    expect(QUADRATIC_EMAIL_PATTERN.test(address)).toBe(matches);
  });

  it('matches exactly what the old pattern matched, on every short string of a-z . @ space -', () => {
    const alphabet = ['a', '.', '@', ' ', '-'];
    const differ: string[] = [];
    const visit = (text: string) => {
      if (EMAIL_PATTERN.test(text) !== QUADRATIC_EMAIL_PATTERN.test(text)) differ.push(text);
      if (text.length < 7) for (const char of alphabet) visit(text + char);
    };
    visit('');
    expect(differ).toEqual([]);
  });

  it('takes linear time on the inputs that made the old one quadratic', () => {
    for (const text of [
      hostile(50_000),
      `a@${'.'.repeat(50_000)} `,
      `a@${'a.'.repeat(25_000)}@`,
      `${'a'.repeat(50_000)}@`,
      '@'.repeat(50_000),
    ]) {
      // The old pattern took about 4 s on the first of these (and minutes on 1 MB).
      expect(timed(() => EMAIL_PATTERN.test(text)).ms, text.slice(0, 8)).toBeLessThan(50);
      expect(timed(() => EMAIL_PATTERN.test(text.repeat(20))).ms).toBeLessThan(200);
    }
  });
});

describe('every text field of every form on a long value', () => {
  const forms: [string, z.ZodType, Record<string, unknown>][] = [
    [
      'TestimonialInput',
      TestimonialInput,
      { name: 'Ada', position: 'Lab manager', text: 'Good.', imageUrl: '/uploads/t/1.jpg' },
    ],
    ['GalleryInput', GalleryInput, { title: 'Lab', description: 'The lab.' }],
    ['TextPageInput', TextPageInput, { content: '<p>Hello</p>' }],
    [
      'ContactDataInput',
      ContactDataInput,
      {
        address: '1 Main St',
        phone: '+1 419 555 0101',
        email: 'shop@lab.example',
        latitude: '41.6',
        longitude: '-83.5',
      },
    ],
    [
      'ContactMessageInput',
      ContactMessageInput,
      {
        name: 'Ada',
        email: 'ada@lab.example',
        phone: '+1 419 555 0101',
        inquiryType: 'general',
        message: 'Hello',
        companyFax: '',
        recaptcha_token2: 'token',
      },
    ],
    ['NotificationInput', NotificationInput, { title: 'News', body: 'A new lathe.' }],
    [
      'ProductInput',
      ProductInput,
      {
        number: 'AG-210',
        title: 'Grinder',
        description: 'Grinds.',
        category: 'Lab Machines',
        oldPrice: '15.00',
        newPrice: '12.50',
        wholesalePrice: '10',
        partnerPricex3: '9.99',
        brochure: 'grinder.pdf',
      },
    ],
    ['CategoryInput', CategoryInput, { name: 'Lab Machines' }],
    ['AddSubscriberInput', AddSubscriberInput, { displayName: 'Ada', email: 'ada@lab.example' }],
    ['NewsletterInput', NewsletterInput, { subject: 'News', content: '<p>News</p>' }],
    [
      'NewsletterSignupInput',
      NewsletterSignupInput,
      { displayName: 'Ada', email: 'ada@lab.example', companyFax: '' },
    ],
    [
      'NewsletterConfirmInput',
      NewsletterConfirmInput,
      { email: 'ada@lab.example', name: 'Ada', expires: '1900000000000', sig: 'abc' },
    ],
    ['PublicUnsubscribeQuery', PublicUnsubscribeQuery, { email: 'ada@lab.example', sig: 'abc' }],
    ['SubscribersQuery', SubscribersQuery, { search: 'ada' }],
    [
      'BillingInput',
      BillingInput,
      {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@lab.example',
        phone: '+1 419 555 0101',
        address: '12 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        companyFax: '',
      },
    ],
    ['VerifyCaptchaRequest', VerifyCaptchaRequest, { captchaToken: 'token' }],
    [
      'PaymentRequest',
      PaymentRequest,
      {
        amount: 1250,
        token: '9418594164541111',
        expiry: '1230',
        fullName: 'Dana Reyes',
        email: 'dana@lab.example',
        phone: '+1 419 555 0101',
        salesOrderId: 'WEB-100001',
        billing: {
          address: '12 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
          companyFax: '',
        },
        cart: [{ number: 'AG-210', quantity: 1, newPrice: 12.5, title: 'Grinder' }],
        couponCode: 'WELCOME2',
        behavioralScore: 0.9,
        recaptcha_token2: 'token',
      },
    ],
    [
      'CheckCustomerRequest',
      CheckCustomerRequest,
      { fullName: 'Dana Reyes', number: 'WEBABC', billing: { email: 'dana@lab.example' } },
    ],
    [
      'CreateSalesOrderRequest',
      CreateSalesOrderRequest,
      {
        customerType: 'Retail',
        newOrderNumber: 'WEB-100001',
        cart: [{ number: 'AG-210', title: 'Grinder', quantity: 1, newPrice: 12.5 }],
        customerEmail: 'dana@lab.example',
        billing: { fullName: 'Dana Reyes', addressLine1: '12 Main St' },
      },
    ],
    [
      'CreateInvoiceRequest',
      CreateInvoiceRequest,
      { salesOrderId: 'WEB-100001', customerNumber: 'WEBABC', paymentRetref: '123' },
    ],
    [
      'RecordPaymentRequest',
      RecordPaymentRequest,
      { invoiceId: 'INV-1', customerNumber: 'WEBABC', paymentRetref: '123' },
    ],
    [
      'AuditLogQuery',
      AuditLogQuery,
      {
        actor: 'admin',
        action: 'product.',
        entityType: 'product',
        entityId: 'AG-210',
        from: '2026-01-01',
        to: '2026-01-31',
      },
    ],
    ['OrderHistoryQuery', OrderHistoryQuery, { search: 'dana' }],
  ];

  /** Every string in a value, with its path. */
  const textPaths = (value: unknown, at: (string | number)[] = []): (string | number)[][] => {
    if (typeof value === 'string') return [at];
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, item]) =>
      textPaths(item, [...at, Array.isArray(value) ? Number(key) : key]),
    );
  };
  const withTextAt = (value: unknown, at: (string | number)[], text: string): unknown => {
    if (at.length === 0) return text;
    const [head, ...rest] = at as [string | number, ...(string | number)[]];
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
      string | number,
      unknown
    >;
    copy[head] = withTextAt(copy[head], rest, text);
    return copy;
  };

  it.each(forms)('%s: accepts its sample as it is', (_name, schema, sample) => {
    expect(schema.safeParse(sample).error?.issues).toBeUndefined();
  });

  it.each(forms)(
    '%s: refuses 300 KB in any text field with that field alone: no pattern runs after the length check',
    (_name, schema, sample) => {
      for (const at of textPaths(sample)) {
        // Over every limit (the longest is 200,000); plain letters, fast for any pattern.
        const result = schema.safeParse(withTextAt(sample, at, 'x'.repeat(300_000)));
        expect(result.success, at.join('.')).toBe(false);
        expect(
          result.error?.issues.map((issue) => issue.path.join('.')),
          at.join('.'),
        ).toEqual([at.join('.')]);
      }
    },
  );

  it.each(forms)(
    '%s: checks 50 KB made to make patterns backtrack in any text field within 50 ms',
    (_name, schema, sample) => {
      for (const at of textPaths(sample)) {
        const { ms } = timed(() => schema.safeParse(withTextAt(sample, at, hostile(50_000))));
        expect(ms, at.join('.')).toBeLessThan(50);
      }
    },
  );
});

describe('protocol-relative addresses (issue 31 section 4)', () => {
  it.each(['//evil.example/x.jpg', '/\\evil.example/x.jpg', '\\\\evil.example', '\\/evil'])(
    '%s is protocol-relative',
    (address) => {
      expect(isProtocolRelative(address)).toBe(true);
    },
  );

  it.each(['/uploads/x.jpg', '/', 'x.pdf', 'https://cdn.example/x.jpg', 'a//b'])(
    '%s is not',
    (address) => {
      expect(isProtocolRelative(address)).toBe(false);
    },
  );

  const testimonial = (imageUrl: string) =>
    TestimonialInput.safeParse({ name: 'Ada', position: 'Lab', text: 'Good.', imageUrl });

  it.each([
    '//evil.example/x.jpg',
    ' //evil.example/x.jpg',
    '/\\evil.example/x.jpg',
    '/\\/evil.example/x.jpg',
    '\\\\evil.example/x.jpg',
    '///evil.example/x.jpg',
  ])("refuses the testimonial image %j with the field's message", (imageUrl) => {
    expect(testimonial(imageUrl).error?.issues.map((issue) => issue.message)).toEqual([
      TESTIMONIAL_MESSAGES.imageUrl,
    ]);
  });

  it.each(['', '/uploads/t/1.jpg', '/', 'https://cdn.example/a.jpg', 'HTTP://cdn.example/a'])(
    'still takes the testimonial image %j',
    (imageUrl) => {
      expect(testimonial(imageUrl).success).toBe(true);
    },
  );

  const product = (brochure: string) =>
    ProductInput.safeParse({
      number: 'AG-210',
      title: 'Grinder',
      description: 'Grinds.',
      category: 'Lab Machines',
      newPrice: '12.50',
      wholesalePrice: '10',
      partnerPricex3: '9.99',
      brochure,
    });

  it.each([
    '//evil.example/x.pdf',
    ' //evil.example/x.pdf',
    '/\\evil.example/x.pdf',
    '\\\\evil\\x.pdf',
  ])("refuses the brochure %j with the field's message", (brochure) => {
    expect(product(brochure).error?.issues.map((issue) => issue.message)).toEqual([
      PRODUCT_MESSAGES.brochure,
    ]);
  });

  it.each([
    '',
    'lathe.pdf',
    'brochures/lathe.pdf',
    '/uploads/brochures/x.pdf',
    'https://cdn.example/x.pdf',
  ])('still takes the brochure %j', (brochure) => {
    expect(product(brochure).success).toBe(true);
  });
});
