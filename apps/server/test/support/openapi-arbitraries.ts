import fc from 'fast-check';

/**
 * fast-check arbitraries made from the JSON schemas of the OpenAPI document (issue 10, hostile
 * input): values that follow a schema, and values beyond it (wrong types, huge strings, deep
 * nesting, awkward unicode, nulls, numbers JSON.stringify cannot write, prototype-pollution
 * keys). Bodies are written with `toJsonText`, which keeps what JSON.stringify would lose.
 */

/** The part of JSON Schema the shop's OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** JSON text put into a body as it is: a number token such as 1e309 or -0, or deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text for a value; RawJson is written as it is, and own keys such as `__proto__` (made
 * on objects without a prototype) are written like any other key.
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

/** An object without a prototype, so `__proto__` and `constructor` are plain own keys. */
export function bareObject(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const object = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

/** Keys that pollute prototypes when a server merges input carelessly. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** The property name a successful pollution would leave on Object.prototype. */
export const POLLUTION_MARKER = 'hostileInputPolluted';

export const pollution = (): Record<string, unknown> =>
  bareObject([
    [
      '__proto__',
      bareObject([
        [POLLUTION_MARKER, true],
        ['isAdmin', true],
      ]),
    ],
    ['constructor', bareObject([['prototype', bareObject([[POLLUTION_MARKER, true]])]])],
    ['prototype', bareObject([[POLLUTION_MARKER, true]])],
  ]);

/** Strings that have broken parsers, databases, mail headers and templates before. */
export const AWKWARD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'tail\ud83d',
  '\u202egnp.exe',
  '\u200b\u200d\ufeff',
  'שָׁלוֹם مرحبا',
  '👩‍👩‍👧‍👦🦷',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ',
  '\r\nBcc: victim@example.com',
  "' OR '1'='1' --",
  '"; drop table products; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
] as const;

/** Short strings: awkward ones and any UTF-16 code units (lone surrogates included). */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A string of 100 to 300 KB (under the 1 MB body limit even when escaped). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100_000, max: 300_000 }), fc.constantFrom('a', 'é', '🦷', '\u0000', '<'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Numbers at and beyond the edges, some as tokens JSON.stringify cannot write. */
export const awkwardNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('1e-400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.1e1'),
    -1,
    0,
    0.5,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    'NaN',
    '-0',
    '1e309',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Arrays or objects nested thousands of levels deep. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Any value that is wrong almost everywhere. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: awkwardString },
  { weight: 3, arbitrary: awkwardNumber },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]]) },
  { weight: 1, arbitrary: fc.constant(null).map(pollution) },
  { weight: 1, arbitrary: fc.array(awkwardString, { maxLength: 3 }) },
);

/** Extra keys a careless server might merge or store: pollution keys and privileged fields. */
export const extraKeys: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(
    fc.constantFrom(
      ...POLLUTION_KEYS,
      '_id',
      'id',
      'role',
      'isAdmin',
      'price',
      'paid',
      'status',
      'createdAt',
      'orderNumber',
    ),
    fc.oneof(fc.constant(null).map(pollution), hostileValue),
  ),
  { maxLength: 3 },
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Values that follow `schema` (as closely as the document says). */
export function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, depth + 1)));
  }
  switch (types[0]) {
    case 'string':
      return stringFrom(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1e6 - 1) + 1, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum !== undefined,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items && depth < 4 ? fromSchema(schema.items, depth + 1) : fc.nat(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFrom(schema, depth, (s) => fromSchema(s, depth + 1), fc.constant([]));
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 80, 80);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? 1e9));
  }
  return fc.string({ unit: 'grapheme-composite', minLength, maxLength });
}

/**
 * Values that mostly follow `schema` but break it: a hostile value instead of the whole, or an
 * object whose fields are sometimes hostile, missing, or joined by extra and pollution keys.
 */
export function beyondSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const field = (s: JsonSchema) =>
    fc.oneof(
      { weight: 2, arbitrary: fromSchema(s, depth + 1) },
      { weight: 1, arbitrary: beyondSchema(s, depth + 1) },
    );
  const body = typesOf(schema).includes('object')
    ? objectFrom(schema, depth, field, extraKeys)
    : fromSchema(schema, depth);
  return fc.oneof({ weight: 3, arbitrary: body }, { weight: 1, arbitrary: hostileValue });
}

function objectFrom(
  schema: JsonSchema,
  depth: number,
  field: (schema: JsonSchema) => fc.Arbitrary<unknown>,
  extra: fc.Arbitrary<[string, unknown][]>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  if (depth > 4) return fc.constant(bareObject([]));
  return fc
    .tuple(
      fc.tuple(
        ...properties.map(([key, s]) =>
          fc.tuple(
            fc.constant(key),
            required.has(key) ? fc.constant(true) : fc.boolean(),
            field(s),
          ),
        ),
      ),
      extra,
    )
    .map(([fields, extras]) =>
      bareObject([
        ...fields.filter(([, present]) => present).map(([key, , value]) => [key, value] as const),
        ...extras,
      ]),
    );
}

/**
 * A query or path value's text, percent-encoded; a lone surrogate becomes the bytes of its
 * (invalid) UTF-8 form, as a careless client would send it.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%ED%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
        : encodeURIComponent(char);
  }
  return out;
}

/** Percent sequences that are broken or smuggle something, put into a URL as they are. */
export const rawUrlPieces = [
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '%2e%2e',
  '%252e',
  '%FF%FE',
  'a%0D%0ASet-Cookie:%20x=1',
] as const;

/** A value for one query or path parameter as URL text: from its schema or beyond it. */
export function urlValue(schema: JsonSchema, maxLength: number): fc.Arbitrary<string> {
  const text = (value: unknown) =>
    encodeLoosely(
      typeof value === 'string' ? value : value instanceof RawJson ? value.text : toJsonText(value),
    );
  return fc.oneof(
    { weight: 3, arbitrary: fromSchema(schema).map(text) },
    { weight: 2, arbitrary: awkwardString.map(text) },
    { weight: 1, arbitrary: awkwardNumber.map(text) },
    { weight: 1, arbitrary: fc.constantFrom(...rawUrlPieces) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: maxLength, max: maxLength * 3 })
        .map((length) => 'x'.repeat(length)),
    },
  );
}
