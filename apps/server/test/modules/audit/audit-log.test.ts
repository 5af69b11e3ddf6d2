import {
  AUDIT_LOG_CSV_COLUMNS,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditLogAnswer,
} from '@labshop/shared/schemas/audit';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { PriceSyncResult } from '@labshop/shared/schemas/erp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProducts } from '../../../src/db/seed/catalog-data.ts';
import { seedDemoData } from '../../../src/db/seed/seed.ts';
import { createLocalDiskStorage } from '../../../src/integrations/storage/local-disk.ts';
import { ERP_RAISED_PRODUCTS, raisedPriceCents } from '../../../src/db/seed/erp-data.ts';
import { errorOf } from '../../support/checkout-fixtures.ts';
import { parseCsv } from '../../support/csv-parse.ts';
import { seedDemoCatalogue } from '../../support/erp-fixtures.ts';
import { TEST_ADMIN_EMAIL } from '../../fakes/oidc-issuer.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import { testJpeg } from '../../support/images.ts';

/**
 * The audit log (issue 10 point 7): every kind of admin change appends one entry with who,
 * when, what and the changed values before and after, in the change's transaction; refused
 * changes append nothing; the log is admin-only, filterable, paged and exportable, and the
 * database itself refuses to change or remove an entry.
 */

const SECOND_ADMIN = 'second-admin@lab.example';

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;
let secondAdminToken: string;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    ADMIN_EMAILS: `${TEST_ADMIN_EMAIL},${SECOND_ADMIN}`,
    OUTBOX_WORKER: 'false',
  });
  ({ adminToken, partnerToken } = shop);
  secondAdminToken = await shop.issuer.sign({
    sub: 'second-admin',
    email: SECOND_ADMIN,
    email_verified: true,
  });
  await seedDemoCatalogue(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
});

type Body = Record<string, unknown> | FormData;

function call(method: string, url: string, options: { token?: string; body?: Body } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: FormData | string | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(`${shop.origin}${url}`, { method, headers, body });
}

const asAdmin = (method: string, url: string, body?: Body) =>
  call(method, url, { token: adminToken, body });

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function auditLog(query = ''): Promise<AuditLogAnswer> {
  return ok<AuditLogAnswer>(await asAdmin('GET', `/api/admin/audit-log${query}`));
}

/** The id of the newest entry now (0 for none): what a test's change is counted from. */
async function mark(): Promise<number> {
  return (await auditLog('?limit=1')).entries[0]?.id ?? 0;
}

/** The entries written after `since`, oldest first. */
async function entriesAfter(since: number): Promise<AuditEntry[]> {
  const { entries } = await auditLog('?limit=100');
  return entries.filter((entry) => entry.id > since).reverse();
}

/** Runs `change` and answers the one entry it appended (failing if it appended none or more). */
async function oneEntryOf(change: () => Promise<unknown>): Promise<AuditEntry> {
  const since = await mark();
  await change();
  const entries = await entriesAfter(since);
  expect(entries.map((entry) => entry.action)).toHaveLength(1);
  return entries[0]!;
}

function productForm(fields: Record<string, string>, images: Buffer[], field = 'images') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const data of images) {
    form.append(field, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'picture.jpg');
  }
  return form;
}

const lathe = {
  number: 'AUD-1',
  title: 'Audit Lathe',
  description: 'A lathe made to be audited.',
  category: seedProducts[0]!.category,
  oldPrice: '',
  newPrice: '100.00',
  wholesalePrice: '90.00',
  partnerPricex3: '85.00',
  brochure: '',
};

const adminActor = { email: TEST_ADMIN_EMAIL, subject: 'a' };

describe('each kind of admin change appends one entry', () => {
  it('products: create, a price change (only the changed fields), delete', async () => {
    const created = await oneEntryOf(async () =>
      ok(await asAdmin('POST', '/api/products', productForm(lathe, [await testJpeg()])), 201),
    );
    expect(created).toMatchObject({
      actor: adminActor,
      action: 'product.create',
      entityType: 'product',
      entityId: 'AUD-1',
      before: null,
      after: { number: 'AUD-1', title: 'Audit Lathe', newPrice: 100, wholesalePrice: 90 },
    });
    expect(created.ip).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000);

    const product = await ok<ProductDto>(await asAdmin('GET', '/api/products/AUD-1'));
    const updated = await oneEntryOf(async () =>
      ok(
        await asAdmin(
          'PUT',
          '/api/products/AUD-1',
          productForm(
            {
              ...lathe,
              newPrice: '119.50',
              // Ours (issue 37): recorded like any field.
              shippingWeight: '12.5',
              existingImages: JSON.stringify(product.images),
            },
            [],
          ),
        ),
      ),
    );
    expect(updated).toMatchObject({
      actor: adminActor,
      action: 'product.update',
      entityId: 'AUD-1',
      before: { newPrice: 100, shippingWeightLb: null },
      after: { newPrice: 119.5, shippingWeightLb: 12.5 },
    });
    // Only what changed: not the title, description or other prices.
    expect(Object.keys(updated.after!)).toEqual(['newPrice', 'shippingWeightLb']);

    const deleted = await oneEntryOf(async () =>
      ok(await asAdmin('DELETE', '/api/products/AUD-1'), 204),
    );
    expect(deleted).toMatchObject({
      action: 'product.delete',
      entityId: 'AUD-1',
      before: { number: 'AUD-1', title: 'Audit Lathe', newPrice: 119.5 },
      after: null,
    });
  });

  it('categories: create and delete', async () => {
    const form = new FormData();
    form.append('name', 'Audited Shelf');
    form.append('thumbnail', new Blob([new Uint8Array(await testJpeg())]), 'thumb.jpg');
    let id = '';
    const created = await oneEntryOf(async () => {
      id = (await ok<{ _id: string }>(await asAdmin('POST', '/api/categories', form), 201))._id;
    });
    expect(created).toMatchObject({
      action: 'category.create',
      entityType: 'category',
      entityId: id,
      after: { name: 'Audited Shelf' },
    });
    const deleted = await oneEntryOf(async () =>
      ok(await asAdmin('DELETE', `/api/categories/${id}`), 204),
    );
    expect(deleted).toMatchObject({
      action: 'category.delete',
      entityId: id,
      before: { name: 'Audited Shelf' },
    });
  });

  it('content: text page, testimonial, notification, gallery picture, contact data', async () => {
    const page = await oneEntryOf(async () =>
      ok(await asAdmin('PUT', '/api/text_pages/faq', { content: '<p>First answer</p>' })),
    );
    expect(page).toMatchObject({
      action: 'text-page.update',
      entityType: 'text-page',
      entityId: 'faq',
      after: { content: '<p>First answer</p>' },
    });
    const again = await oneEntryOf(async () =>
      ok(await asAdmin('PUT', '/api/text_pages/faq', { content: '<p>Second answer</p>' })),
    );
    expect(again).toMatchObject({
      before: { content: '<p>First answer</p>' },
      after: { content: '<p>Second answer</p>' },
    });

    const testimonial = { name: 'Dr. Audit', position: 'Lab owner', text: 'Logged.', imageUrl: '' };
    let testimonialId = '';
    const createdTestimonial = await oneEntryOf(async () => {
      testimonialId = (
        await ok<{ _id: string }>(await asAdmin('POST', '/api/testimonials', testimonial), 201)
      )._id;
    });
    expect(createdTestimonial).toMatchObject({
      action: 'testimonial.create',
      entityId: testimonialId,
      after: { name: 'Dr. Audit', text: 'Logged.' },
    });
    expect(
      await oneEntryOf(async () =>
        ok(await asAdmin('DELETE', `/api/testimonials/${testimonialId}`), 204),
      ),
    ).toMatchObject({ action: 'testimonial.delete', before: { name: 'Dr. Audit' } });

    let notificationId = '';
    const createdNotification = await oneEntryOf(async () => {
      notificationId = (
        await ok<{ _id: string }>(
          await asAdmin('POST', '/api/notifications', { title: 'Closed Friday', body: 'Holiday' }),
          201,
        )
      )._id;
    });
    expect(createdNotification).toMatchObject({
      action: 'notification.create',
      entityId: notificationId,
      after: { title: 'Closed Friday', body: 'Holiday' },
    });
    expect(
      await oneEntryOf(async () =>
        ok(await asAdmin('DELETE', `/api/notifications/${notificationId}`), 204),
      ),
    ).toMatchObject({ action: 'notification.delete', before: { title: 'Closed Friday' } });

    const picture = new FormData();
    picture.append('title', 'Audited bench');
    picture.append('description', 'The bench');
    picture.append('pictureFile', new Blob([new Uint8Array(await testJpeg())]), 'bench.jpg');
    let pictureId = '';
    expect(
      await oneEntryOf(async () => {
        pictureId = (await ok<{ _id: string }>(await asAdmin('POST', '/api/gallery', picture), 201))
          ._id;
      }),
    ).toMatchObject({ action: 'gallery-image.create', after: { title: 'Audited bench' } });
    expect(
      await oneEntryOf(async () => ok(await asAdmin('DELETE', `/api/gallery/${pictureId}`), 204)),
    ).toMatchObject({ action: 'gallery-image.delete', before: { title: 'Audited bench' } });

    const contact = {
      address: '1 Audit Way, Springfield',
      phone: '555-0100',
      email: 'a@b.example',
    };
    await ok(await asAdmin('PUT', '/api/contact-data', contact));
    const phone = await oneEntryOf(async () =>
      ok(await asAdmin('PUT', '/api/contact-data', { ...contact, phone: '555-0199' })),
    );
    expect(phone).toMatchObject({
      action: 'contact-data.update',
      before: { phone: '555-0100' },
      after: { phone: '555-0199' },
    });
    expect(Object.keys(phone.after!)).toEqual(['phone']);
  });

  it('subscribers: add, unsubscribe, subscribe; an unsubscribe that changes nothing is not logged', async () => {
    const email = 'reader@audit.example';
    expect(
      await oneEntryOf(async () =>
        ok(await asAdmin('POST', '/api/add-subscriber', { displayName: 'Reader', email }), 201),
      ),
    ).toMatchObject({
      action: 'subscriber.add',
      entityType: 'subscriber',
      entityId: email,
      after: { displayName: 'Reader', email, subscribed: true },
    });
    const unsubscribe = () => asAdmin('POST', '/api/unsubscribe', { email });
    expect(await oneEntryOf(async () => ok(await unsubscribe()))).toMatchObject({
      action: 'subscriber.unsubscribe',
      before: { subscribed: true },
      after: { subscribed: false },
    });
    const since = await mark();
    await ok(await unsubscribe());
    expect(await entriesAfter(since)).toEqual([]);
    expect(
      await oneEntryOf(async () => ok(await asAdmin('POST', '/api/subscribe', { email }))),
    ).toMatchObject({ action: 'subscriber.subscribe', after: { subscribed: true } });
  });

  it('a newsletter send', async () => {
    const entry = await oneEntryOf(async () =>
      ok(
        await asAdmin('POST', '/api/newsletter', { subject: 'Audit news', content: '<p>Hi</p>' }),
        202,
      ),
    );
    expect(entry).toMatchObject({
      action: 'newsletter.send',
      entityType: 'newsletter',
      after: { subject: 'Audit news', content: '<p>Hi</p>', recipients: 1 },
    });
  });

  it('a price sync: one entry per product whose prices changed, with before and after, and the totals', async () => {
    const since = await mark();
    const result = await ok<PriceSyncResult>(await asAdmin('POST', '/api/products/update-prices'));
    expect(result.updated).toBeGreaterThan(0);
    const entries = await entriesAfter(since);
    const changes = entries.filter((entry) => entry.action === 'product.price-sync');
    expect(changes).toHaveLength(result.updated);
    expect(new Set(changes.map((entry) => entry.entityId))).toEqual(new Set(ERP_RAISED_PRODUCTS));
    for (const change of changes) {
      const seeded = seedProducts.find((product) => product.number === change.entityId)!;
      expect(change.actor).toEqual(adminActor);
      expect(change.before!.newPrice).toBe(seeded.newPriceCents / 100);
      expect(change.after!.newPrice).toBe(raisedPriceCents(seeded.newPriceCents) / 100);
    }
    expect(entries.at(-1)).toMatchObject({
      action: 'prices.sync',
      entityType: 'prices',
      entityId: result.syncId,
      after: { updated: result.updated, failed: result.failed },
    });
    expect(entries).toHaveLength(result.updated + 1);
  });

  it('CSV exports of personal data: subscribers.csv, orders_history.csv, customers.csv; a customer refresh', async () => {
    for (const [url, action, file] of [
      ['/api/export-subscribers?search=audit', 'subscribers.export', 'subscribers.csv'],
      ['/api/order-history/export', 'orders.export', 'orders_history.csv'],
      ['/api/customers/export', 'customers.export', 'customers.csv'],
    ] as const) {
      const entry = await oneEntryOf(async () => {
        const response = await asAdmin('GET', url);
        expect(response.status).toBe(200);
        await response.text();
      });
      expect(entry).toMatchObject({ action, entityType: 'export', entityId: file });
      expect(entry.actor).toEqual(adminActor);
    }
    expect((await auditLog('?action=subscribers.export')).entries[0]!.after).toEqual({
      search: 'audit',
      rows: 1,
    });
    expect(
      await oneEntryOf(async () => ok(await asAdmin('POST', '/api/customers/refresh'))),
    ).toMatchObject({ action: 'customers.refresh', entityType: 'customers' });
  });
});

describe('changes that are refused append nothing', () => {
  it('bad input, conflicts, unknown ids, partners and anonymous callers', async () => {
    const since = await mark();
    const number = seedProducts[0]!.number;
    const attempts: [Response, number][] = [
      [
        await asAdmin(
          'PUT',
          `/api/products/${number}`,
          productForm({ ...lathe, number, newPrice: 'x' }, []),
        ),
        400,
      ],
      [
        await asAdmin(
          'POST',
          '/api/products',
          productForm({ ...lathe, number }, [await testJpeg()]),
        ),
        409,
      ],
      [await asAdmin('DELETE', '/api/products/NO-SUCH-PRODUCT'), 404],
      [await asAdmin('DELETE', '/api/testimonials/00000000-0000-4000-8000-000000000000'), 404],
      [await asAdmin('PUT', '/api/text_pages/faq', { content: '<p> </p>' }), 400],
      [
        await asAdmin('POST', '/api/add-subscriber', {
          displayName: 'Reader',
          email: 'reader@audit.example',
        }),
        409,
      ],
      [await asAdmin('POST', '/api/unsubscribe', { email: 'nobody@audit.example' }), 404],
      [await asAdmin('POST', '/api/admin/orders/WEB-999999/retry-sync'), 404],
      [await call('DELETE', `/api/products/${number}`, { token: partnerToken }), 403],
      [await call('DELETE', `/api/products/${number}`), 401],
      [
        await call('PUT', '/api/contact-data', {
          token: partnerToken,
          body: { address: 'x', phone: '5550100', email: 'a@b.example' },
        }),
        403,
      ],
    ];
    for (const [response, status] of attempts) {
      expect(response.status, await response.text()).toBe(status);
    }
    expect(await entriesAfter(since)).toEqual([]);
  });

  it('a change whose entry cannot be written does not land either (one transaction)', async () => {
    const db = shop.database.db;
    await db.execute(
      sql`alter table audit_log add constraint audit_test_refuse check (action <> 'notification.create') not valid`,
    );
    try {
      const before = await ok<unknown[]>(await call('GET', '/api/notifications'));
      const response = await asAdmin('POST', '/api/notifications', { title: 'Lost', body: 'x' });
      expect(response.status).toBe(500);
      expect(await ok<unknown[]>(await call('GET', '/api/notifications'))).toEqual(before);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint audit_test_refuse`);
    }
  });
});

describe('who may read the log', () => {
  it('partners get 403 and anonymous callers 401, on the list and the export', async () => {
    for (const url of ['/api/admin/audit-log', '/api/admin/audit-log/export']) {
      expect((await call('GET', url, { token: partnerToken })).status).toBe(403);
      expect((await call('GET', url)).status).toBe(401);
    }
  });

  it('no route changes or removes an entry', async () => {
    const writes = shop.app.accessTable.filter(
      (route) =>
        route.url.startsWith('/api/admin/audit-log') && !['GET', 'HEAD'].includes(route.method),
    );
    expect(writes).toEqual([]);
    const { entries } = await auditLog('?limit=1');
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await asAdmin(method, `/api/admin/audit-log/${entries[0]!.id}`, {});
      expect(response.status).toBe(404);
    }
    expect((await auditLog('?limit=1')).entries[0]).toEqual(entries[0]);
  });
});

describe('filters, paging and the export', () => {
  it('filters by actor, action (exact or by prefix), entity and dates; newest first; paged with a total', async () => {
    const subscriber = await oneEntryOf(async () =>
      ok(
        await call('POST', '/api/add-subscriber', {
          token: secondAdminToken,
          body: { displayName: 'Second', email: 'second@audit.example' },
        }),
        201,
      ),
    );
    expect(subscriber.actor).toEqual({ email: SECOND_ADMIN, subject: 'second-admin' });

    const bySecond = await auditLog('?actor=SECOND-admin');
    expect(bySecond.total).toBe(1);
    expect(bySecond.entries.map((entry) => entry.id)).toEqual([subscriber.id]);

    const all = await auditLog('?limit=100');
    expect(all.total).toBeGreaterThan(20);
    const ids = all.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const productChanges = await auditLog('?action=product.&limit=100');
    expect(productChanges.entries.length).toBeGreaterThan(3);
    expect(productChanges.entries.every((entry) => entry.action.startsWith('product.'))).toBe(true);
    const updates = await auditLog('?action=product.update');
    expect(updates.entries.map((entry) => entry.action)).toEqual(['product.update']);

    const lathe = await auditLog('?entityType=product&entityId=AUD-1');
    expect(lathe.entries.map((entry) => entry.action)).toEqual([
      'product.delete',
      'product.update',
      'product.create',
    ]);
    expect((await auditLog('?entityType=subscriber')).total).toBe(4);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditLog(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await auditLog('?to=2020-01-01')).total).toBe(0);
    expect((await auditLog(`?from=${new Date(Date.now() + 3_600_000).toISOString()}`)).total).toBe(
      0,
    );

    const first = await auditLog('?limit=5&page=1');
    const second = await auditLog('?limit=5&page=2');
    expect(first.total).toBe(all.total);
    expect(first.entries.map((entry) => entry.id)).toEqual(ids.slice(0, 5));
    expect(second.entries.map((entry) => entry.id)).toEqual(ids.slice(5, 10));
  });

  it('answers bad filters with 400 and a message', async () => {
    for (const [query, message] of [
      ['?from=yesterday', AUDIT_MESSAGES.badDate],
      ['?from=0000-01-01', AUDIT_MESSAGES.badDate],
      ['?to=2026-13-40', AUDIT_MESSAGES.badDate],
      ['?to=9999-12-31T23:59:59.999-05:00', AUDIT_MESSAGES.badDate],
      ['?from=2026-02-01&to=2026-01-01', AUDIT_MESSAGES.badRange],
      ['?limit=1000', 'limit must be a whole number from 1 to 100.'],
      ['?page=0', 'page must be a whole number from 1.'],
    ]) {
      const response = await asAdmin('GET', `/api/admin/audit-log${query!}`);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toContain(message);
    }
  });

  it('exports the matching entries as CSV, and logs the export itself', async () => {
    const since = await mark();
    const response = await asAdmin(
      'GET',
      '/api/admin/audit-log/export?entityType=product&entityId=AUD-1',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="audit_log.csv"',
    );
    expect(response.headers.get('cache-control')).toContain('no-store');
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([...AUDIT_LOG_CSV_COLUMNS]);
    expect(rows.map((row) => row[4])).toEqual([
      'product.delete',
      'product.update',
      'product.create',
    ]);
    const update = rows[1]!;
    expect(update[2]).toBe(TEST_ADMIN_EMAIL);
    expect(JSON.parse(update[7]!)).toEqual({ newPrice: 100, shippingWeightLb: null });
    expect(JSON.parse(update[8]!)).toEqual({ newPrice: 119.5, shippingWeightLb: 12.5 });

    const [exportEntry] = await entriesAfter(since);
    expect(exportEntry).toMatchObject({
      action: 'audit-log.export',
      entityType: 'export',
      entityId: 'audit_log.csv',
      after: { filter: { entityType: 'product', entityId: 'AUD-1' }, rows: 3 },
    });
  });
});

describe('append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of the audit log', async () => {
    const db = shop.database.db;
    const count = async () =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from audit_log`)) as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set action = 'forged', after = null`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refusal = await db.execute(statement).then(
        () => 'carried out',
        // Drizzle wraps the database's error; the trigger's message is in its cause.
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(refusal).toMatch(
        /^the audit log is append-only: (UPDATE|DELETE|TRUNCATE) is not allowed$/,
      );
    }
    expect(await count()).toBe(rows);
    const forged = await db.execute(
      sql`select count(*)::int as n from audit_log where action = 'forged'`,
    );
    expect((forged as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  // The reset draws and encodes every demo picture again (2 minutes: slow on a busy machine).
  it('survives a demo reset (npm run seed -- --reset), which empties every other table', async () => {
    await ok(await asAdmin('PUT', '/api/text_pages/Support', { content: '<p>Before reset</p>' }));
    const before = await auditLog('?limit=1');
    expect(before.entries[0]).toMatchObject({ action: 'text-page.update', entityId: 'Support' });
    const summary = await seedDemoData(
      shop.database.db,
      createLocalDiskStorage(shop.config.uploadsDir),
      { reset: true },
    );
    expect(summary.products).toBeGreaterThan(0);
    const after = await auditLog('?limit=1');
    expect(after.total).toBe(before.total);
    expect(after.entries[0]).toEqual(before.entries[0]);
  }, 120_000);
});
