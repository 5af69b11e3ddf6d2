import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COOKIES, TEXT_PAGES } from '@labshop/shared/constants';
import { PRODUCT_FIELDS } from '@labshop/shared/schemas/catalog';
import { CAPTCHA_NONCE_HEADER } from '@labshop/shared/schemas/checkout';
import { GALLERY_PICTURE_FIELD } from '@labshop/shared/schemas/content-rules';
import { GENERIC_SERVER_ERROR } from '../../src/http/errors.ts';
import { tableFingerprints, type TableFingerprint } from '../../src/db/backup.ts';
import {
  categories,
  contactMessages,
  newsletterSubscribers,
  orderLines,
  orders,
  payments,
  products,
} from '../../src/db/schema/index.ts';
import { SANDBOX_TEST_TOKENS } from '../../src/integrations/payments/sandbox.ts';
import { paymentBody, PRODUCTS, seedCheckoutData } from '../support/checkout-fixtures.ts';
import { startSignedInTestApp, startTestApp, type SignedInTestApp } from '../support/helper.ts';
import { testJpeg, testPng } from '../support/images.ts';
import {
  AWKWARD_STRINGS,
  awkwardString,
  beyondSchema,
  encodeLoosely,
  fromSchema,
  hugeString,
  bareObject,
  pollution,
  POLLUTION_MARKER,
  toJsonText,
  urlValue,
  type JsonSchema,
} from '../support/openapi-arbitraries.ts';

/**
 * Issue 10, hostile input (HARDENING.md "property-based requests for every route from the
 * OpenAPI document (fast-check)"): every operation of the OpenAPI document is called with path
 * parameters, query strings and bodies made from its schema and beyond it, as the administrator
 * (so admin routes get past the guard) and anonymously. No answer may be a 5xx, leak a stack,
 * a path, SQL or a version, or break the shop's error shape; 2xx answers match their documented
 * schema; a refused request changes no stored data; Object.prototype stays clean.
 *
 * HARDENING_RUNS raises the requests per route and caller (long suite); HARDENING_SEED replays
 * a run. The seed is printed.
 */
const RUNS = Number(process.env.HARDENING_RUNS ?? 3);
const SEED = Number(process.env.HARDENING_SEED ?? 20261121);

let shop: SignedInTestApp;
let document: OpenApiDocument;
/** Values of rows that exist, so some generated paths hit a real product, category or coupon. */
let existing: string[] = [];

interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * A multipart route's form as the document describes it: its text fields, and its file fields
 * (format binary, alone or in an array).
 */
function multipartFormOf(spec: OpenApiOperation): { text: string[]; files: string[] } | undefined {
  const properties = spec.requestBody?.content['multipart/form-data']?.schema.properties;
  if (!properties) return undefined;
  const isFile = (schema: JsonSchema) =>
    schema.format === 'binary' || schema.items?.format === 'binary';
  const fields = Object.entries(properties);
  return {
    text: fields.filter(([, schema]) => !isFile(schema)).map(([name]) => name),
    files: fields.filter(([, schema]) => isFile(schema)).map(([name]) => name),
  };
}

/** Tables a refused request may change: the rate limiter counts refused requests too. */
const COUNTERS = new Set(['public.rate_limit_counters']);

beforeAll(async () => {
  // No outbox worker: stored data changes only by the requests the test sends.
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
    LOG_LEVEL: process.env.HOSTILE_LOG_LEVEL ?? 'silent',
  });
  await seedCheckoutData(shop);
  const [category] = await shop.database.db.select().from(categories);
  existing = [
    PRODUCTS.grinder.number,
    PRODUCTS.deleted.number,
    'WELCOME2',
    category!.id,
    ...TEXT_PAGES.map((page) => page.name),
  ];
  document = (await (await fetch(`${shop.origin}/api/docs/json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  await shop?.close();
});

/** One request as sent, described well enough to replay by hand. */
interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** What the body was, for the failure report. */
  summary: string;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  spec: OpenApiOperation;
}

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      spec,
    })),
  );
}

const cut = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function pathArbitrary(operation: Operation): fc.Arbitrary<string> {
  const params = (operation.spec.parameters ?? []).filter((p) => p.in === 'path');
  const values = params.map((param) =>
    fc.oneof(
      { weight: 4, arbitrary: urlValue(param.schema ?? { type: 'string' }, 500) },
      { weight: 1, arbitrary: fc.constantFrom(...existing.map(encodeLoosely)) },
    ),
  );
  return fc
    .tuple(...values)
    .map((chosen) =>
      params.reduce(
        (path, param, index) => path.replace(`{${param.name}}`, chosen[index] || 'x'),
        operation.path,
      ),
    );
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const params = (operation.spec.parameters ?? []).filter((p) => p.in === 'query');
  const pairs = params.map((param) =>
    fc.option(
      fc.array(urlValue(param.schema ?? { type: 'string' }, 4_000), { minLength: 1, maxLength: 2 }),
      { freq: 3 },
    ),
  );
  // Keys the route does not know, repeated keys, bracket syntax and pollution keys.
  const strays = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b]', 'role', '', '%'),
      awkwardString.map(encodeLoosely),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...pairs), strays).map(([chosen, extra]) => {
    const parts = params.flatMap((param, index) =>
      (chosen[index] ?? []).map((value) => `${encodeURIComponent(param.name)}=${value}`),
    );
    parts.push(...extra.map(([key, value]) => `${key}=${value}`));
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
] as const;

function jsonBodyArbitrary(
  schema: JsonSchema,
): fc.Arbitrary<Pick<HostileRequest, 'body' | 'headers' | 'summary'>> {
  return fc
    .tuple(
      fc.oneof(
        { weight: 1, arbitrary: fromSchema(schema) },
        { weight: 3, arbitrary: beyondSchema(schema) },
      ),
      fc.constantFrom(...CONTENT_TYPES),
      fc.boolean(),
    )
    .map(([value, contentType, broken]) => {
      let body = toJsonText(value);
      // Now and then JSON that ends too early.
      if (broken && body.length > 2 && contentType === 'application/xml') body = body.slice(0, -1);
      return { body, headers: { 'content-type': contentType }, summary: cut(body) };
    });
}

let jpeg: Buffer | undefined;
let png: Buffer | undefined;

/** A value each form field accepts, so a form can get past its checks but for one field. */
const VALID_FORM_TEXT: Record<string, fc.Arbitrary<string>> = {
  number: fc.nat(99_999).map((n) => `HX-${n}`),
  title: fc.constantFrom('Pressure Pot', 'Model Trimmer 2'),
  description: fc.constantFrom('For the lab.', '<p>Rich <b>text</b></p>'),
  category: fc.constant('Lab Machines'),
  newPrice: fc.constantFrom('12.50', '1099'),
  wholesalePrice: fc.constant('10.00'),
  partnerPricex3: fc.constant('9.99'),
  oldPrice: fc.constantFrom('', '15.00'),
  brochure: fc.constantFrom('', 'https://docs.labshop.example/brochure.pdf'),
  name: fc.nat(99_999).map((n) => `Category ${n}`),
};

function multipartArbitrary(form: {
  text: string[];
  files: string[];
}): fc.Arbitrary<Pick<HostileRequest, 'body' | 'headers' | 'summary'>> {
  const hostileText = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('Lab Machines', 'NEW-1', '12.50', '[]', 'Title') },
    { weight: 3, arbitrary: awkwardString },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: fc.constantFrom('["/uploads/../../etc/passwd"]', '{"a":1}', '[1,2]') },
  );
  const fileValue = fc.record({
    kind: fc.constantFrom('jpeg', 'jpeg', 'png', 'garbage', 'empty', 'html'),
    name: fc.oneof(fc.constantFrom('a.jpg', '../../x.jpg', 'x.svg', ''), awkwardString),
  });
  // Every field valid but now and then one, or any fields with any values.
  const nearlyValid = fc
    .tuple(
      fc.tuple(
        ...form.text.map((name) =>
          fc.tuple(
            fc.constant(name),
            fc.oneof(
              { weight: 10, arbitrary: VALID_FORM_TEXT[name] ?? fc.constant('Words') },
              { weight: 1, arbitrary: hostileText },
            ),
          ),
        ),
      ),
      extraFormFields,
    )
    .map(([fields, extra]) => [...fields, ...extra]);
  const anyFields = fc.array(
    fc.tuple(fc.constantFrom(...form.text, '__proto__', 'role', '_id'), hostileText),
    { maxLength: form.text.length + 2 },
  );
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: nearlyValid }, { weight: 1, arbitrary: anyFields }),
      fc.oneof(
        {
          weight: 2,
          arbitrary: fc.constant([
            [form.files[0]!, { kind: 'jpeg', name: 'picture.jpg' }] as const,
          ]),
        },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(fc.constantFrom(...form.files, 'other'), fileValue), {
            maxLength: 3,
          }),
        },
      ),
    )
    .map(([fields, files]) => {
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      for (const [name, file] of files) {
        const bytes =
          file.kind === 'jpeg' && jpeg
            ? jpeg
            : file.kind === 'png' && png
              ? png
              : file.kind === 'html'
                ? Buffer.from('<html><script>alert(1)</script></html>')
                : file.kind === 'empty'
                  ? Buffer.alloc(0)
                  : Buffer.from(AWKWARD_STRINGS.join('|'));
        body.append(name, new Blob([new Uint8Array(bytes)]), file.name);
      }
      const summary = `multipart ${fields.map(([n, v]) => `${n}=${cut(JSON.stringify(v), 40)}`).join(' ')} files ${files.map(([n, f]) => `${n}:${f.kind}`).join(' ')}`;
      return { body, headers: {}, summary };
    });
}

/** Fields no form has, some of them privileged. */
const extraFormFields = fc.array(
  fc.tuple(
    fc.constantFrom('__proto__', 'constructor', 'role', 'isAdmin', '_id', 'createdAt', 'price'),
    awkwardString,
  ),
  { maxLength: 2 },
);

function requestArbitrary(operation: Operation): fc.Arbitrary<HostileRequest> {
  const jsonSchema = operation.spec.requestBody?.content['application/json']?.schema;
  const form = multipartFormOf(operation.spec);
  const body: fc.Arbitrary<Pick<HostileRequest, 'body' | 'headers' | 'summary'>> = form
    ? fc.oneof(
        { weight: 4, arbitrary: multipartArbitrary(form) },
        // A multipart route sent JSON.
        { weight: 1, arbitrary: jsonBodyArbitrary({ type: 'object' }) },
      )
    : jsonSchema
      ? jsonBodyArbitrary(jsonSchema)
      : operation.method === 'GET'
        ? fc.constant({ headers: {}, summary: '' })
        : fc.oneof(
            fc.constant({ headers: {}, summary: '' }),
            jsonBodyArbitrary({ type: 'object' }),
          );
  // The cart cookie and the captcha nonce are read by checkout routes: hostile too.
  const extraHeaders = fc.record(
    {
      cookie: awkwardString.map((value) => `${COOKIES.cart}=${encodeLoosely(value)}`),
      [CAPTCHA_NONCE_HEADER]: awkwardString.map(encodeLoosely),
    },
    { requiredKeys: [] },
  );
  return fc
    .tuple(pathArbitrary(operation), queryArbitrary(operation), body, extraHeaders)
    .map(([path, query, chosen, headers]) => ({
      method: operation.method,
      url: `${path}${query}`,
      headers: { ...headers, ...chosen.headers },
      ...(chosen.body !== undefined ? { body: chosen.body } : {}),
      summary: chosen.summary,
    }));
}

/** What no answer may contain: internals an attacker could use. */
const LEAKS: [RegExp, string][] = [
  // Raw, or escaped inside JSON text.
  [/(?:\n|\\n)\s+at \S/, 'a stack trace'],
  [/node_modules/, 'a node_modules path'],
  [/(?:\/work\/|\/home\/|\/usr\/(?:lib|local)|\/tmp\/labshop|file:\/\/)/, 'a file path'],
  [/\.(?:ts|js|mjs|cjs):\d+/, 'a source location'],
  [
    /syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|duplicate key value|invalid input syntax for|Failed query|relation "[^"]+" does not exist|column "[^"]+"/i,
    'database error text',
  ],
  [/\b(?:node|fastify|postgres(?:ql)?|pglite|drizzle|zod)[\s/@v]*\d+\.\d+/i, 'a version'],
];

/** In error answers also: any SQL statement. */
const SQL_TEXT =
  /\b(?:select\s[\s\S]{1,200}\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

/** The API's JSON answers for a status of an operation, if it documents one. */
function documentedSchema(operation: Operation, status: number): JsonSchema | undefined {
  return operation.spec.responses[String(status)]?.content?.['application/json']?.schema;
}

const validators = new Map<JsonSchema, z.ZodType>();
function validatorFor(schema: JsonSchema): z.ZodType {
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], {
      defaultTarget: 'draft-2020-12',
    });
    validators.set(schema, validator);
  }
  return validator;
}

/** What is wrong with one answer, as sentences (empty: nothing). */
function problemsWith(operation: Operation, response: Response, text: string): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500) problems.push(`answered ${status}`);
  for (const header of ['x-powered-by', 'server']) {
    if (response.headers.has(header)) problems.push(`sent a ${header} header`);
  }
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(text)) problems.push(`answer contains ${what}: ${cut(text)}`);
  }
  const json = /^application\/json/.test(response.headers.get('content-type') ?? '');
  let parsed: unknown;
  if (json && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`answer is not JSON though it says so: ${cut(text)}`);
      return problems;
    }
  }
  if (status >= 400) {
    if (SQL_TEXT.test(text)) problems.push(`error answer contains SQL: ${cut(text)}`);
    if (json) {
      const shape = z.strictObject({ error: z.string().trim().min(1).max(500) }).safeParse(parsed);
      if (!shape.success) problems.push(`error answer is not { error: message }: ${cut(text)}`);
    } else if (operation.path.startsWith('/api/') && text !== '') {
      problems.push(`error answer is not JSON: ${cut(text)}`);
    } else if (text.length > 2_000) {
      // A page a browser navigated to (/auth/...) may answer in words: a short message.
      problems.push(`error answer is a long page: ${cut(text)}`);
    }
  }
  if (status >= 200 && status < 300 && json) {
    const schema = documentedSchema(operation, status);
    if (schema) {
      const result = validatorFor(schema).safeParse(parsed);
      if (!result.success) {
        problems.push(
          `answer does not match its documented schema (${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}): ${cut(text)}`,
        );
      }
    }
  }
  return problems;
}

async function fingerprint(): Promise<Record<string, TableFingerprint>> {
  const all = await tableFingerprints(execute);
  return Object.fromEntries(Object.entries(all).filter(([table]) => !COUNTERS.has(table)));
}

const execute = async (text: string) => {
  const result = await shop.database.db.execute(sql.raw(text));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
};

/**
 * A statement trigger on every table (but the counters) notes committed writes in a schema of
 * the test's own, which the fingerprints leave out: the cheap signal for taking one.
 */
async function watchWrites(): Promise<void> {
  await execute(`create schema if not exists hostile_watch`);
  await execute(`create table if not exists hostile_watch.writes (name text not null)`);
  await execute(`create or replace function hostile_watch.note() returns trigger
    language plpgsql as $$ begin
      insert into hostile_watch.writes values (tg_table_schema || '.' || tg_table_name);
      return null;
    end $$`);
  const tables = await execute(
    `select schemaname || '.' || tablename as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of tables) {
    if (COUNTERS.has(String(name))) continue;
    const [schema, table] = String(name).split('.');
    await execute(`create or replace trigger hostile_watch_note
      after insert or update or delete or truncate on "${schema}"."${table}"
      for each statement execute function hostile_watch.note()`);
  }
}

/** Tables written to since the last call. */
async function writtenTables(): Promise<string[]> {
  const rows = await execute(`delete from hostile_watch.writes returning name`);
  return [...new Set(rows.map((row) => String(row.name)))];
}

function changedTables(
  before: Record<string, TableFingerprint>,
  after: Record<string, TableFingerprint>,
): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
  );
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('finds every multipart form in the document, with the fields the services read', () => {
    const forms = Object.fromEntries(
      operations().flatMap((operation) => {
        const form = multipartFormOf(operation.spec);
        return form ? [[operation.key, form]] : [];
      }),
    );
    expect(forms).toEqual({
      'POST /api/products': {
        text: [...PRODUCT_FIELDS, 'confirmPrices'],
        files: ['images', 'brochureFile'],
      },
      'PUT /api/products/{id}': {
        text: [...PRODUCT_FIELDS, 'confirmPrices', 'existingImages', 'imageOrder'],
        files: ['newImages', 'brochureFile'],
      },
      'POST /api/categories': { text: ['name'], files: ['thumbnail'] },
      'POST /api/gallery': { text: ['title', 'description'], files: [GALLERY_PICTURE_FIELD] },
    });
  });

  it(
    'never answers 5xx or leaks internals, keeps the error shape and documented schemas, and a refused request changes no stored data',
    // About 134 requests per run; the long suite (HARDENING_RUNS=200) takes minutes.
    { timeout: 120_000 + RUNS * 6_000 },
    async () => {
      jpeg = await testJpeg();
      png = await testPng();
      console.log(`hostile input: seed ${SEED}, ${RUNS} runs per route and caller`);
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
      const callers = {
        administrator: { authorization: `Bearer ${shop.adminToken}` },
        anonymous: {} as Record<string, string>,
      };
      const problems: string[] = [];
      const timing = { request: 0, fingerprint: 0 };
      let sent = 0;
      let refused = 0;
      let fingerprints = 0;
      /** Operations that answered the administrator with a success at least once. */
      const reached = new Set<string>();
      await watchWrites();
      let baseline = await fingerprint();
      const all = operations();
      expect(all.length).toBeGreaterThan(50);
      for (const [index, operation] of all.entries()) {
        const samples = fc.sample(requestArbitrary(operation), {
          seed: SEED + index,
          numRuns: RUNS,
        });
        for (const [caller, auth] of Object.entries(callers)) {
          for (const request of samples) {
            const started = performance.now();
            const response = await fetch(`${shop.origin}${request.url}`, {
              method: request.method,
              headers: { ...request.headers, ...auth },
              ...(request.body !== undefined ? { body: request.body } : {}),
              redirect: 'manual',
            });
            const text = await response.text();
            sent += 1;
            if (caller === 'administrator' && response.status < 300) reached.add(operation.key);
            const where = `${operation.key} as ${caller}: ${request.method} ${cut(request.url, 200)} ${request.summary} -> ${response.status}`;
            for (const problem of problemsWith(operation, response, text)) {
              problems.push(`${where}: ${problem}`);
            }
            timing.request += performance.now() - started;
            const isRefused = response.status >= 400 && response.status < 500;
            if (isRefused) refused += 1;
            // Fingerprints are taken when a write was committed (the whole run would take
            // minutes with one per request); a refused request's must equal the one before.
            if ((await writtenTables()).length === 0) continue;
            fingerprints += 1;
            const fpStart = performance.now();
            const after = await fingerprint();
            timing.fingerprint += performance.now() - fpStart;
            const changed = changedTables(baseline, after);
            if (isRefused && changed.length > 0) {
              problems.push(`${where}: refused, yet changed ${changed.join(', ')}`);
            }
            baseline = after;
          }
        }
      }
      const unreached = all.filter((operation) => !reached.has(operation.key));
      console.log(
        `hostile input: ${all.length - unreached.length} of ${all.length} operations succeeded at least once; never: ${unreached.map((operation) => operation.key).join(', ')}`,
      );
      console.log(
        `hostile input: ${sent} requests, ${refused} refused, ${fingerprints} fingerprints; ` +
          `${Math.round(timing.request)} ms in requests, ${Math.round(timing.fingerprint)} ms in fingerprints`,
      );
      expect(problems).toEqual([]);
      // Enough of the requests must have been refused, and writes seen, for the data check to
      // mean something.
      expect(fingerprints).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(sent / 2);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
      expect(({} as Record<string, unknown>)[POLLUTION_MARKER]).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );
});

describe('prototype pollution', () => {
  it('no JSON body, query string or form with __proto__, constructor or prototype keys reaches Object.prototype', async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const wrong: string[] = [];
    const send = async (key: string, url: string, init: RequestInit) => {
      const response = await fetch(`${shop.origin}${url}`, { ...init, redirect: 'manual' });
      await response.text();
      if (response.status >= 500) wrong.push(`${key} ${url}: ${response.status}`);
    };
    await forgetRateLimits();
    for (const operation of operations()) {
      const path = operation.path.replace(
        /\{[^}]+\}/g,
        encodeURIComponent(PRODUCTS.grinder.number),
      );
      const headers = { authorization: `Bearer ${shop.adminToken}` };
      const query =
        '?__proto__[hostileInputPolluted]=1&constructor[prototype][hostileInputPolluted]=1';
      await send(operation.key, `${path}${query}`, { method: operation.method, headers });
      const schema = operation.spec.requestBody?.content['application/json']?.schema;
      if (schema) {
        const [valid] = fc.sample(fromSchema(schema), { seed: SEED, numRuns: 1 });
        const body =
          valid !== null && typeof valid === 'object' && !Array.isArray(valid)
            ? bareObject([...Object.entries(valid), ...Object.entries(pollution())])
            : pollution();
        await send(operation.key, path, {
          method: operation.method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: toJsonText(body),
        });
      }
      const form = multipartFormOf(operation.spec);
      if (form) {
        const body = new FormData();
        for (const key of ['__proto__', 'constructor', 'prototype', '__proto__.isAdmin']) {
          body.append(key, '{"hostileInputPolluted":true}');
        }
        await send(operation.key, path, { method: operation.method, headers, body });
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>)[POLLUTION_MARKER]).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('the answer checks themselves', () => {
  it('refuse an answer that breaks its documented schema, leaks a stack or breaks the error shape', async () => {
    const list = operations().find((operation) => operation.key === 'GET /api/products')!;
    const answer = (status: number, body: unknown) =>
      problemsWith(
        list,
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
        JSON.stringify(body),
      );
    const product = JSON.parse(
      await (await fetch(`${shop.origin}/api/products?limit=1`)).text(),
    ) as Record<string, unknown>[];
    expect(product).toHaveLength(1);
    expect(answer(200, product)).toEqual([]);
    expect(answer(200, [{ ...product[0], _id: 7 }])).toHaveLength(1);
    expect(answer(200, [{ ...product[0], secret: 'x' }])).toHaveLength(1);
    expect(answer(400, { error: 'Bad.', stack: 'Error\n    at f (/work/x.ts:1:1)' })).toHaveLength(
      4,
    );
    expect(answer(500, { error: GENERIC_SERVER_ERROR })).toEqual(['answered 500']);
  });
});

describe('the stored-data check itself', () => {
  it('sees a committed write in its watch and in the backup fingerprint, and nothing when nothing was written', async () => {
    await watchWrites();
    await writtenTables();
    const before = await fingerprint();
    expect(await writtenTables()).toEqual([]);
    await execute(`insert into coupons (code, percent) values ('WATCHED${Date.now()}', 3)`);
    expect(await writtenTables()).toEqual(['public.coupons']);
    expect(changedTables(before, await fingerprint())).toEqual(['public.coupons']);
  });
});

/** Fields a caller must never set: who they are, what things cost, whether they paid, ids. */
const PRIVILEGED = {
  role: 'admin',
  roles: ['admin'],
  isAdmin: true,
  price: 0.01,
  paid: true,
  status: 'paid',
  _id: '00000000-0000-4000-8000-00000000beef',
  id: '00000000-0000-4000-8000-00000000beef',
  createdAt: '2001-01-01T00:00:00.000Z',
  updatedAt: '2001-01-01T00:00:00.000Z',
  orderNumber: 'HACK-1',
  guid: 'hacked-guid',
  subscribed: true,
  source: 'seed',
  deletedAt: '2001-01-01T00:00:00.000Z',
} as const;
const FORGED_ID = PRIVILEGED._id;
const FORGED_YEAR = '2001';

const asAdmin = () => ({ authorization: `Bearer ${shop.adminToken}` });

function json(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${shop.origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function form(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, bytes] of Object.entries(files)) {
    body.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'picture.jpg');
  }
  return body;
}

/** The privileged fields as form text, as a multipart request carries them. */
const privilegedFields = Object.fromEntries(
  Object.entries(PRIVILEGED).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]),
);

/** The hostile run above used up the contact and sign-up limits of 127.0.0.1. */
const forgetRateLimits = () => execute('delete from rate_limit_counters');

describe('mass assignment: writes carrying role, price, paid, _id and other fields nobody may set', () => {
  beforeEach(forgetRateLimits);
  it('an admin product create and update ignore them: ids, dates, guid and prices are the server’s', async () => {
    jpeg ??= await testJpeg();
    const fields = {
      number: 'MA-100',
      title: 'Mass Assignment Furnace',
      description: 'A furnace.',
      category: 'Lab Machines',
      newPrice: '500.00',
      wholesalePrice: '400.00',
      partnerPricex3: '350.00',
    };
    const created = await fetch(`${shop.origin}/api/products`, {
      method: 'POST',
      headers: asAdmin(),
      body: form({ ...privilegedFields, ...fields, images: '/uploads/evil.jpg' }, { images: jpeg }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const product = (await created.json()) as Record<string, unknown>;
    expect(product._id).not.toBe(FORGED_ID);
    expect(product.guid).not.toBe(PRIVILEGED.guid);
    expect(String(product.createdAt)).not.toContain(FORGED_YEAR);
    expect(product.newPrice).toBe(500);
    expect(product.images).toEqual([expect.not.stringContaining('evil')]);

    // Updating it with another product's _id in the form changes this product only.
    const [other] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.number, PRODUCTS.vibrator.number));
    const updated = await fetch(`${shop.origin}/api/products/MA-100`, {
      method: 'PUT',
      headers: asAdmin(),
      body: form({
        ...privilegedFields,
        _id: other!.id,
        id: other!.id,
        ...fields,
        title: 'Renamed',
      }),
    });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const after = (await updated.json()) as Record<string, unknown>;
    expect(after._id).toBe(product._id);
    expect(after.createdAt).toBe(product.createdAt);
    expect(after.title).toBe('Renamed');
    const [otherAfter] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, other!.id));
    expect(otherAfter).toEqual(other);
    const [stored] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.number, 'MA-100'));
    expect(stored!.deletedAt).toBeNull();
    expect(stored!.newPriceCents).toBe(50_000);
  });

  it('an admin category, testimonial, notification, contact data and text page keep their own ids and dates', async () => {
    jpeg ??= await testJpeg();
    const category = await fetch(`${shop.origin}/api/categories`, {
      method: 'POST',
      headers: asAdmin(),
      body: form(
        { ...privilegedFields, name: 'Mass Category', thumbnail: '/uploads/evil.jpg' },
        { thumbnail: jpeg },
      ),
    });
    expect(category.status, await category.clone().text()).toBe(201);
    const categoryAnswer = (await category.json()) as Record<string, unknown>;
    expect(categoryAnswer._id).not.toBe(FORGED_ID);
    expect(categoryAnswer.thumbnail).not.toContain('evil');

    for (const [path, body] of [
      ['/api/testimonials', { name: 'Ann', position: 'Lab owner', text: 'Great.' }],
      ['/api/notifications', { title: 'Closed Friday', body: 'We are closed.' }],
    ] as const) {
      const response = await json('POST', path, { ...PRIVILEGED, ...body }, asAdmin());
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      const answer = (await response.json()) as Record<string, unknown>;
      expect(answer._id, path).not.toBe(FORGED_ID);
      expect(JSON.stringify(answer), path).not.toContain(FORGED_YEAR);
      expect(answer, path).not.toHaveProperty('role');
      expect(answer, path).not.toHaveProperty('isAdmin');
    }

    const contactData = await json(
      'PUT',
      '/api/contact-data',
      {
        ...PRIVILEGED,
        address: '1 Main St, Toledo, OH',
        phone: '+1 419 555 0100',
        email: 'shop@labshop.example',
      },
      asAdmin(),
    );
    expect(contactData.status, await contactData.clone().text()).toBe(200);
    expect(JSON.stringify(await contactData.json())).not.toContain(FORGED_YEAR);

    // The page is the one in the path, whatever the body says.
    const before = await (await fetch(`${shop.origin}/api/text_pages/Support`)).text();
    const page = await json(
      'PUT',
      '/api/text_pages/faq',
      { ...PRIVILEGED, name: 'Support', content: '<p>Questions</p>' },
      asAdmin(),
    );
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await (await fetch(`${shop.origin}/api/text_pages/Support`)).text()).toBe(before);
    const faq = await (await fetch(`${shop.origin}/api/text_pages/faq`)).text();
    expect(faq).toContain('Questions');
    expect(faq).not.toContain(FORGED_YEAR);
  });

  it('a newsletter sign-up cannot subscribe itself, pick its source or its id', async () => {
    const email = 'mass-assignment@example.com';
    const response = await json('POST', '/api/newsletter/signup', {
      ...PRIVILEGED,
      email,
      displayName: 'Mass',
      confirmed: true,
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const rows = await shop.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    // Nobody is on the list before they confirm from their mailbox.
    expect(rows).toEqual([]);
  });

  it('a contact message keeps the server’s id and date', async () => {
    const response = await json('POST', '/api/contact', {
      ...PRIVILEGED,
      name: 'Mass Assigner',
      email: 'mass@example.com',
      phone: '+1 419 555 0101',
      inquiryType: 'general',
      message: 'Hello',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const [row] = await shop.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'mass@example.com'));
    expect(row).toBeDefined();
    expect(row!.id).not.toBe(FORGED_ID);
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2001);
  });

  it('a payment cannot name its order number, price, status or paid flag: the server prices and the gateway decides', async () => {
    const grinder = PRODUCTS.grinder;
    await shop.database.db
      .update(products)
      .set({ deletedAt: null })
      .where(eq(products.number, grinder.number));
    const lines = [{ number: grinder.number, quantity: 1, ...PRIVILEGED, unitPriceCents: 1 }];
    // A declined card stays unpaid whatever the body claims.
    const declined = await fetch(`${shop.origin}/api/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: await nonce() },
      body: JSON.stringify({
        ...paymentBody(lines, grinder.newPriceCents, { token: SANDBOX_TEST_TOKENS.declines }),
        ...PRIVILEGED,
      }),
    });
    expect(declined.status).toBeLessThan(500);
    const declinedAnswer = (await declined.json()) as { ok?: boolean; orderNumber?: string };
    expect(declinedAnswer.ok).not.toBe(true);
    expect(declinedAnswer.orderNumber).not.toBe(PRIVILEGED.orderNumber);

    const approved = await fetch(`${shop.origin}/api/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: await nonce() },
      body: JSON.stringify({ ...paymentBody(lines, grinder.newPriceCents), ...PRIVILEGED }),
    });
    const answer = (await approved.json()) as { ok: boolean; orderNumber: string; amount: number };
    expect(approved.status, JSON.stringify(answer)).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.orderNumber).not.toBe(PRIVILEGED.orderNumber);
    expect(answer.amount).toBe(grinder.newPriceCents);

    const stored = await shop.database.db.select().from(orders);
    expect(stored.map((order) => order.number)).not.toContain(PRIVILEGED.orderNumber);
    expect(stored.map((order) => order.id)).not.toContain(FORGED_ID);
    const paid = stored.filter((order) => order.status === 'paid');
    expect(paid.map((order) => order.number)).toEqual([answer.orderNumber]);
    expect(paid[0]!.amountCents).toBe(grinder.newPriceCents);
    const [line] = await shop.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, paid[0]!.id));
    expect(line!.unitPriceCents).toBe(grinder.newPriceCents);
    const charged = await shop.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, paid[0]!.id));
    expect(charged.map((payment) => payment.amountCents)).toEqual([grinder.newPriceCents]);

    // The follow-up call cannot make the buyer a wholesale customer or an administrator.
    const customer = await fetch(`${shop.origin}/api/checkCustomer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: lastNonce },
      body: JSON.stringify({
        ...PRIVILEGED,
        customerType: 'Wholesale',
        tier: 'wholesale',
        fullName: 'Maria Delgado',
        number: '',
        paymentSuccessful: true,
      }),
    });
    expect(customer.status, await customer.clone().text()).toBe(200);
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, answer.orderNumber));
    expect(order!.customerType).toBe('Retail');
    expect(order!.status).toBe('paid');
    const me = (await (await fetch(`${shop.origin}/api/me`)).json()) as { user: unknown };
    expect(me.user).toBeNull();
  });

  it('a partner sending role or isAdmin is still no administrator', async () => {
    const response = await json(
      'POST',
      '/api/testimonials',
      { ...PRIVILEGED, name: 'Eve', position: 'Partner', text: 'Let me in.' },
      { authorization: `Bearer ${shop.partnerToken}` },
    );
    expect(response.status).toBe(403);
    const me = (await (
      await fetch(`${shop.origin}/api/me`, {
        headers: { authorization: `Bearer ${shop.partnerToken}` },
      })
    ).json()) as { user: { isAdmin?: boolean } | null };
    expect(me.user?.isAdmin).not.toBe(true);
  });
});

let lastNonce = '';
/** A fresh checkout nonce (captcha off in tests). */
async function nonce(): Promise<string> {
  const response = await json('POST', '/api/checkout/verify-captcha', { captchaToken: '' });
  expect(response.status).toBe(200);
  lastNonce = ((await response.json()) as { nonce: string }).nonce;
  return lastNonce;
}

/** Sends raw bytes and answers the raw HTTP answer (for what fetch cannot send). */
function rawHttp(origin: string, request: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Nothing in an error answer that tells an attacker what runs behind it. */
function expectNoInternals(text: string) {
  for (const [pattern, what] of LEAKS) expect(text, what).not.toMatch(pattern);
  expect(text).not.toMatch(SQL_TEXT);
}

describe('error answers: database down, bad JSON, 413, thrown error -> generic message, no stack, SQL or versions', () => {
  beforeEach(forgetRateLimits);
  it('answers an address or headers too long for the server with 431 in the shop’s error shape', async () => {
    const response = await fetch(`${shop.origin}/api/products?q=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: 'The address or the headers are too long.' });
  });

  it('answers a request the HTTP parser cannot read with 400 in the shop’s error shape', async () => {
    const answer = await rawHttp(
      shop.origin,
      'GET /api/products HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ error: 'The request could not be read.' }),
    );
    expectNoInternals(answer);
  });

  it('answers broken JSON, a body over 1 MB and JSON nested 400 000 levels deep on real routes with 4xx', async () => {
    const contact = (body: string) =>
      fetch(`${shop.origin}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const broken = await contact('{"name": "A",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'The request body is not valid JSON.' });

    const large = await contact(JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: 'The request is too large.' });

    const deep = await contact(`{"message":${'['.repeat(400_000)}${']'.repeat(400_000)}}`);
    expect(deep.status).toBeGreaterThanOrEqual(400);
    expect(deep.status).toBeLessThan(500);
    const text = await deep.text();
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
    expectNoInternals(text);
  });

  it('answers a failing query with the generic message: no SQL, table or column names', async () => {
    await shop.database.db.execute(sql`alter table products rename to products_away`);
    try {
      const response = await fetch(`${shop.origin}/api/products?q=failing-query-${Date.now()}`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: GENERIC_SERVER_ERROR });
      expect(text).not.toMatch(/products|relation|select|from/i);
      expectNoInternals(text);
      expect(response.headers.has('x-powered-by')).toBe(false);
      expect(response.headers.has('server')).toBe(false);
    } finally {
      await shop.database.db.execute(sql`alter table products_away rename to products`);
    }
  });

  it('answers with a generic message, no internals, when the database is closed', async () => {
    const lonely = await startTestApp({ OUTBOX_WORKER: 'false' });
    await lonely.database.close();
    try {
      const calls: [string, string, unknown?][] = [
        ['GET', `/api/products?q=closed-${Date.now()}`],
        ['GET', '/api/text_pages/faq'],
        ['GET', '/api/coupons/WELCOME2'],
        ['POST', '/api/newsletter/signup', { email: 'closed@example.com' }],
        [
          'POST',
          '/api/contact',
          {
            name: 'A',
            email: 'a@example.com',
            phone: '+1 419 555 0101',
            inquiryType: 'general',
            message: 'Hello',
          },
        ],
      ];
      for (const [method, path, body] of calls) {
        const response = await fetch(`${lonely.origin}${path}`, {
          method,
          ...(body
            ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
            : {}),
        });
        const text = await response.text();
        expect([500, 503], `${method} ${path}: ${text}`).toContain(response.status);
        const { error } = JSON.parse(text) as { error: string };
        expect(error, `${method} ${path}`).toMatch(/^[A-Z].{10,200}$/);
        expect(text).not.toMatch(/pglite|closed|terminat|connect|ECONN/i);
        expectNoInternals(text);
      }
    } finally {
      await lonely.app.close();
    }
  });
});
