import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { TEXT_PAGES } from '@labshop/shared/constants';
import {
  GALLERY_LIMITS,
  GALLERY_MESSAGES,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  TESTIMONIAL_LIMITS,
  TESTIMONIAL_MESSAGES,
  TEXT_PAGE_MAX_CONTENT,
  TEXT_PAGE_MESSAGES,
  type GalleryImageDto,
  type NotificationDto,
  type TestimonialDto,
  type TextPageDto,
} from '@labshop/shared/schemas/content';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  galleryImages,
  notifications,
  testimonials,
  textPages,
} from '../../../src/db/schema/index.ts';
import { LOCAL_UPLOADS_URL_PREFIX } from '../../../src/integrations/storage/local-disk.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import { testJpeg as jpeg, testPng as png } from '../../support/images.ts';

/**
 * The content API (SPEC.md section 7: testimonials, gallery, text pages, notifications) with
 * its validation (section 5), messages (section 8) and uploads.
 */
let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Rows imported from the old system, whose pictures live on its staging host. */
const legacy = { testimonialId: '', galleryImageId: '' };

beforeAll(async () => {
  shop = await startSignedInTestApp({
    IMAGE_LEGACY_ORIGINS: 'http://staging.labshop.example:8080',
    IMAGE_ORIGIN: 'https://shop.labshop.example',
  });
  ({ adminToken, partnerToken } = shop);
  // Written around the API before anything is read, as an import would.
  const [testimonial] = await shop.database.db
    .insert(testimonials)
    .values({
      name: 'Legacy',
      position: 'p',
      text: 't',
      imageUrl: 'http://staging.labshop.example:8080/img/legacy.jpg',
      createdAt: new Date(Date.now() - 60_000),
    })
    .returning();
  const [picture] = await shop.database.db
    .insert(galleryImages)
    .values({
      title: 'Legacy',
      description: 'd',
      imageUrl: 'http://staging.labshop.example:8080/gallery/old.jpg',
      createdAt: new Date(Date.now() - 60_000),
    })
    .returning();
  legacy.testimonialId = testimonial!.id;
  legacy.galleryImageId = picture!.id;
});
afterAll(async () => {
  await shop.close();
});

type Fields = Record<string, string>;

function form(
  fields: Fields,
  files: { field: string; data: Buffer; name?: string; type?: string }[],
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) {
    body.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name ?? 'picture.jpg',
    );
  }
  return body;
}

function call(
  method: string,
  url: string,
  options: { token?: string; body?: FormData; json?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${shop.origin}${url}`, {
    method,
    headers,
    ...(options.body ? { body: options.body } : {}),
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
  });
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function storedPath(url: string): string {
  expect(url.startsWith(LOCAL_UPLOADS_URL_PREFIX)).toBe(true);
  return path.join(shop.config.uploadsDir, url.slice(LOCAL_UPLOADS_URL_PREFIX.length));
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The files in the gallery's storage folder. */
async function galleryFiles(): Promise<string[]> {
  return readdir(path.join(shop.config.uploadsDir, 'gallery')).catch(() => []);
}

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

function validTestimonial(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dr. Ada Brenner',
    position: 'Lab manager, Brenner Dental Lab',
    text: 'The grinder has run every day for three years.',
    imageUrl: 'https://cdn.example/ada.jpg',
    ...overrides,
  };
}

function createTestimonial(body: unknown, token = adminToken) {
  return call('POST', '/api/testimonials', { token, json: body });
}

describe('testimonials', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a blank name', { name: '   ' }, TESTIMONIAL_MESSAGES.name],
    ['a name that is not text', { name: 42 }, TESTIMONIAL_MESSAGES.name],
    [
      'a name over the limit',
      { name: 'n'.repeat(TESTIMONIAL_LIMITS.name + 1) },
      TESTIMONIAL_MESSAGES.nameTooLong,
    ],
    ['an empty position', { position: '' }, TESTIMONIAL_MESSAGES.position],
    [
      'a position over the limit',
      { position: 'p'.repeat(TESTIMONIAL_LIMITS.position + 1) },
      TESTIMONIAL_MESSAGES.positionTooLong,
    ],
    ['an empty text', { text: '' }, TESTIMONIAL_MESSAGES.text],
    [
      'a text over the limit',
      { text: 't'.repeat(TESTIMONIAL_LIMITS.text + 1) },
      TESTIMONIAL_MESSAGES.textTooLong,
    ],
    ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, TESTIMONIAL_MESSAGES.imageUrl],
    [
      'a data: image URL',
      { imageUrl: 'data:image/png;base64,AAAA' },
      TESTIMONIAL_MESSAGES.imageUrl,
    ],
    [
      'a relative image URL without a slash',
      { imageUrl: 'ada.jpg' },
      TESTIMONIAL_MESSAGES.imageUrl,
    ],
    ['an image URL that is not text', { imageUrl: 7 }, TESTIMONIAL_MESSAGES.imageUrl],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name} with its message`, async () => {
      const response = await createTestimonial(validTestimonial(overrides));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    });
  }

  it('reports a field left out entirely, and only the first failing field in form order', async () => {
    const { position: _omitted, ...withoutPosition } = validTestimonial();
    expect(await json(await createTestimonial(withoutPosition))).toEqual({
      error: TESTIMONIAL_MESSAGES.position,
    });
    const several = await createTestimonial(
      validTestimonial({ text: '', position: '', imageUrl: 'ftp://x' }),
    );
    expect(await json(several)).toEqual({ error: TESTIMONIAL_MESSAGES.position });
    const notAnObject = await createTestimonial([]);
    expect(notAnObject.status).toBe(400);
  });

  it('refuses a protocol-relative image URL (//host, /\\host) as the HTML sanitiser does, storing nothing', async () => {
    const before = await shop.database.db.select().from(testimonials);
    for (const imageUrl of [
      '//evil.example/x.jpg',
      '  //evil.example/x.jpg',
      '/\\evil.example/x.jpg',
      '\\\\evil.example/x.jpg',
    ]) {
      const response = await createTestimonial(validTestimonial({ imageUrl }));
      expect(response.status, imageUrl).toBe(400);
      expect(await response.json()).toEqual({ error: TESTIMONIAL_MESSAGES.imageUrl });
    }
    expect(await shop.database.db.select().from(testimonials)).toEqual(before);
  });

  it('adds testimonials, trims them, ignores unknown fields and lists them newest first', async () => {
    const first = await createTestimonial(
      validTestimonial({ name: '  Ola Nordmann  ', _id: 'forged', rating: 1 }),
    );
    expect(first.status).toBe(201);
    const created = await json<TestimonialDto>(first);
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ola Nordmann',
      position: 'Lab manager, Brenner Dental Lab',
      text: 'The grinder has run every day for three years.',
      imageUrl: 'https://cdn.example/ada.jpg',
    });
    const withoutPicture = await json<TestimonialDto>(
      await createTestimonial(validTestimonial({ name: 'No Picture', imageUrl: '' })),
    );
    expect(withoutPicture.imageUrl).toBeNull();
    const { imageUrl: _none, ...omitted } = validTestimonial({ name: 'Omitted Picture' });
    const withPath = await json<TestimonialDto>(await createTestimonial(omitted));
    expect(withPath.imageUrl).toBeNull();
    const onSite = await json<TestimonialDto>(
      await createTestimonial(validTestimonial({ name: 'On Site', imageUrl: '/uploads/t/1.jpg' })),
    );
    expect(onSite.imageUrl).toBe('/uploads/t/1.jpg');

    const list = await json<TestimonialDto[]>(await call('GET', '/api/testimonials'));
    const names = list.map((testimonial) => testimonial.name);
    expect(names).toEqual(['On Site', 'Omitted Picture', 'No Picture', 'Ola Nordmann', 'Legacy']);
  });

  it('rewrites a picture on a legacy host to the production host', async () => {
    const list = await json<TestimonialDto[]>(await call('GET', '/api/testimonials'));
    expect(list.find((testimonial) => testimonial._id === legacy.testimonialId)?.imageUrl).toBe(
      'https://shop.labshop.example/img/legacy.jpg',
    );
  });

  it('deletes a testimonial; an unknown or malformed id is 404', async () => {
    const created = await json<TestimonialDto>(
      await createTestimonial(validTestimonial({ name: 'To Delete' })),
    );
    const deleted = await call('DELETE', `/api/testimonials/${created._id}`, { token: adminToken });
    expect(deleted.status).toBe(204);
    const list = await json<TestimonialDto[]>(await call('GET', '/api/testimonials'));
    expect(list.map((testimonial) => testimonial._id)).not.toContain(created._id);
    for (const id of [created._id, UNKNOWN_ID, 'not-a-uuid', 'x'.repeat(300), "1'%20or%201=1"]) {
      const again = await call('DELETE', `/api/testimonials/${id}`, { token: adminToken });
      expect(again.status, id).toBe(404);
      expect(await again.json()).toEqual({ error: 'Testimonial not found.' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

function validPicture(overrides: Fields = {}): Fields {
  return { title: 'Milling room', description: 'Five-axis mills in the new wing.', ...overrides };
}

async function addPicture(
  fields: Fields,
  picture: { data: Buffer; name?: string; type?: string } | null,
  token = adminToken,
) {
  return call('POST', '/api/gallery', {
    token,
    body: form(fields, picture ? [{ field: 'pictureFile', ...picture }] : []),
  });
}

describe('gallery', () => {
  it('asks for the picture first, then title and description, with their messages', async () => {
    const noPicture = await addPicture(validPicture({ title: '' }), null);
    expect(noPicture.status).toBe(400);
    expect(await noPicture.json()).toEqual({ error: GALLERY_MESSAGES.pictureRequired });
    const cases: [Fields, string][] = [
      [{ title: '  ' }, GALLERY_MESSAGES.title],
      [{ title: 't'.repeat(GALLERY_LIMITS.title + 1) }, GALLERY_MESSAGES.titleTooLong],
      [{ description: '' }, GALLERY_MESSAGES.description],
      [
        { description: 'd'.repeat(GALLERY_LIMITS.description + 1) },
        GALLERY_MESSAGES.descriptionTooLong,
      ],
      [{ title: '', description: '' }, GALLERY_MESSAGES.title],
    ];
    for (const [overrides, message] of cases) {
      const response = await addPicture(validPicture(overrides), { data: await jpeg() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
    const { description: _omitted, ...withoutDescription } = validPicture();
    expect(await json(await addPicture(withoutDescription, { data: await jpeg() }))).toEqual({
      error: GALLERY_MESSAGES.description,
    });
    // Nothing was stored for any refused form.
    expect(await galleryFiles()).toEqual([]);
  });

  it('refuses a PNG named .jpg and sent as image/jpeg, and a JPEG that does not decode', async () => {
    const renamed = await addPicture(validPicture(), {
      data: await png(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toEqual({ error: 'Only JPG images are allowed' });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const undecodable = await addPicture(validPicture(), { data: broken });
    expect(undecodable.status).toBe(415);
    expect(await undecodable.json()).toEqual({ error: GALLERY_MESSAGES.jpegOnly });
    const list = await json<GalleryImageDto[]>(await call('GET', '/api/gallery'));
    expect(list.map((picture) => picture.title)).toEqual(['Legacy']);
    expect(await galleryFiles()).toEqual([]);
  });

  it('refuses a picture over 10 MB with 413, and a JSON body with 415', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await addPicture(validPicture(), { data: big });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      error: '"picture.jpg" was refused: Each file must be at most 10 MB.',
    });
    const asJson = await call('POST', '/api/gallery', { token: adminToken, json: validPicture() });
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toEqual({ error: 'Send this form as multipart/form-data.' });
  });

  it('stores a JPEG (by content) without metadata, with WebP variants, newest first', async () => {
    const withExif = await sharp(await jpeg(2400, 1200))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-location'))).toBe(true);
    const response = await addPicture(validPicture({ title: '  Older  ', _id: 'forged' }), {
      data: withExif,
    });
    expect(response.status).toBe(201);
    const older = await json<GalleryImageDto>(response);
    expect(older).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      imageUrl: expect.stringMatching(/^\/uploads\/gallery\/[0-9a-f-]{36}\.jpg$/),
      title: 'Older',
      description: 'Five-axis mills in the new wing.',
    });
    const main = await readFile(storedPath(older.imageUrl));
    expect(main.includes(Buffer.from('secret-location'))).toBe(false);
    const meta = await sharp(main).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(1600);
    for (const width of [400, 800]) {
      const variant = storedPath(older.imageUrl.replace(/\.jpg$/, `-w${width}.webp`));
      expect((await sharp(await readFile(variant)).metadata()).width).toBe(width);
    }

    // Judged by content: a JPEG sent with another type and name is accepted.
    const newer = await json<GalleryImageDto>(
      await addPicture(validPicture({ title: 'Newer' }), {
        data: await jpeg(),
        name: 'scan.bin',
        type: 'application/octet-stream',
      }),
    );
    const list = await json<GalleryImageDto[]>(await call('GET', '/api/gallery'));
    expect(list.map((picture) => picture.title)).toEqual(['Newer', 'Older', 'Legacy']);
    expect(list[0]).toEqual(newer);
  });

  it('removes the stored picture when the database refuses the row', async () => {
    const before = await galleryFiles();
    const response = await addPicture(validPicture({ title: 'Lathe\u0000' }), {
      data: await jpeg(),
    });
    expect(response.status).toBe(400);
    expect(await galleryFiles()).toEqual(before);
  });

  it('rewrites a picture on a legacy host to the production host', async () => {
    const list = await json<GalleryImageDto[]>(await call('GET', '/api/gallery'));
    expect(list.find((picture) => picture._id === legacy.galleryImageId)?.imageUrl).toBe(
      'https://shop.labshop.example/gallery/old.jpg',
    );
  });

  it('deletes a picture with its stored files; an unknown or malformed id is 404', async () => {
    const created = await json<GalleryImageDto>(
      await addPicture(validPicture({ title: 'To Delete' }), { data: await jpeg() }),
    );
    const files = [
      storedPath(created.imageUrl),
      storedPath(created.imageUrl.replace(/\.jpg$/, '-w400.webp')),
      storedPath(created.imageUrl.replace(/\.jpg$/, '-w800.webp')),
    ];
    for (const file of files) expect(await exists(file)).toBe(true);
    const deleted = await call('DELETE', `/api/gallery/${created._id}`, { token: adminToken });
    expect(deleted.status).toBe(204);
    for (const file of files) expect(await exists(file), file).toBe(false);
    const list = await json<GalleryImageDto[]>(await call('GET', '/api/gallery'));
    expect(list.map((picture) => picture._id)).not.toContain(created._id);
    for (const id of [created._id, UNKNOWN_ID, 'not-a-uuid', 'x'.repeat(300)]) {
      const again = await call('DELETE', `/api/gallery/${id}`, { token: adminToken });
      expect(again.status, id).toBe(404);
      expect(await again.json()).toEqual({ error: 'Picture not found.' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Text pages
// ---------------------------------------------------------------------------------------------

const pageUrl = (name: string) => `/api/text_pages/${encodeURIComponent(name)}`;

function savePage(name: string, body: unknown, token = adminToken) {
  return call('PUT', pageUrl(name), { token, json: body });
}

describe('text pages', () => {
  it('answers every one of the eight pages, empty until written', async () => {
    for (const { name } of TEXT_PAGES) {
      const response = await call('GET', pageUrl(name));
      expect(response.status, name).toBe(200);
      expect(await response.json()).toEqual({ name, content: '', updatedAt: null });
    }
  });

  it('matches the page name case-insensitively and answers the canonical name', async () => {
    for (const [asked, canonical] of [
      ['privacy policy', 'Privacy Policy'],
      ['FAQ', 'faq'],
      ['TERMS OF use', 'Terms of Use'],
    ] as const) {
      const page = await json<TextPageDto>(await call('GET', pageUrl(asked)));
      expect(page.name).toBe(canonical);
    }
    // The spec's clients send the name URL-encoded with %20.
    expect(
      (await json<TextPageDto>(await call('GET', '/api/text_pages/Cookies%20Policy'))).name,
    ).toBe('Cookies Policy');
  });

  it('answers an unknown page with 404, for reading and writing', async () => {
    for (const name of [
      'Blog',
      'About Us',
      'x'.repeat(300),
      '..%2FAbout',
      'About%00',
      'About%20',
    ]) {
      const read = await call('GET', `/api/text_pages/${name}`);
      expect(read.status, name).toBe(404);
      expect(await read.json()).toEqual({ error: TEXT_PAGE_MESSAGES.unknownPage });
    }
    const write = await savePage('Blog', { content: '<p>x</p>' });
    expect(write.status).toBe(404);
    expect(await write.json()).toEqual({ error: TEXT_PAGE_MESSAGES.unknownPage });
  });

  it('requires content, also after sanitising, and bounds its length', async () => {
    const cases: [unknown, string][] = [
      [{}, TEXT_PAGE_MESSAGES.content],
      [{ content: '' }, TEXT_PAGE_MESSAGES.content],
      [{ content: '   ' }, TEXT_PAGE_MESSAGES.content],
      [{ content: 12 }, TEXT_PAGE_MESSAGES.content],
      [{ content: '<p></p>' }, TEXT_PAGE_MESSAGES.content],
      [{ content: '<p>&nbsp;</p><p><br></p>' }, TEXT_PAGE_MESSAGES.content],
      [
        { content: '<script>alert(1)</script><iframe src="https://x"></iframe>' },
        TEXT_PAGE_MESSAGES.content,
      ],
      [{ content: 'x'.repeat(TEXT_PAGE_MAX_CONTENT + 1) }, TEXT_PAGE_MESSAGES.contentTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await savePage('Support', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
    expect((await json<TextPageDto>(await call('GET', pageUrl('Support')))).content).toBe('');
  });

  it('saves sanitised HTML: scripts, handlers and unsafe URLs go, formatting stays', async () => {
    const hostile =
      '<h2>Our story</h2><script>alert(1)</script>' +
      '<p onclick="alert(2)">Since <strong>1944</strong> in <em>Toledo</em>.</p>' +
      '<img src=x onerror=alert(3)><img src="/uploads/about/lab.jpg" alt="Lab">' +
      '<a href="javascript:alert(4)">bad</a> <a href="JaVaScRiPt:alert(5)">bad</a> ' +
      '<a href="jav&#x61;script:alert(6)">bad</a> ' +
      '<a href="https://example.com" target="_blank">good</a> <a href="mailto:sales@labshop.example">mail</a>' +
      '<svg><script>alert(7)</script></svg><svg onload=alert(8)></svg><iframe src="https://evil.example"></iframe>' +
      '<style>body{display:none}</style><math><mi>x</mi></math>' +
      '<img src="data:image/png;base64,AAAA">' +
      '<noscript><p title="</noscript><img src=x onerror=alert(9)>"></noscript>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>';
    const response = await savePage('about', { content: hostile, name: 'Privacy Policy' });
    expect(response.status).toBe(200);
    const saved = await json<TextPageDto>(response);
    expect(saved.name).toBe('About');
    expect(saved.content).toBe(
      '<h2>Our story</h2>' +
        '<p>Since <strong>1944</strong> in <em>Toledo</em>.</p>' +
        '<img src="x" /><img src="/uploads/about/lab.jpg" alt="Lab" />' +
        '<a>bad</a> <a>bad</a> <a>bad</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a> <a href="mailto:sales@labshop.example">mail</a>' +
        '<ul><li>One</li></ul><ol><li>Two</li></ol>' +
        '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>',
    );
    expect(saved.content).not.toMatch(/script|onerror|onload|javascript|iframe|svg|math|data:/i);
    expect(Date.parse(saved.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // What was stored is what the page shows; the other page in the body was ignored.
    expect(await json(await call('GET', pageUrl('About')))).toEqual(saved);
    expect((await json<TextPageDto>(await call('GET', pageUrl('Privacy Policy')))).content).toBe(
      '',
    );
    const [row] = await shop.database.db
      .select()
      .from(textPages)
      .where(eq(textPages.name, 'About'));
    expect(row?.content).toBe(saved.content);
  });

  it('replaces a page on the next save', async () => {
    await savePage('Partners', { content: '<p>First</p>' });
    const second = await json<TextPageDto>(
      await savePage('PARTNERS', { content: '<p>Second</p>' }),
    );
    expect(second).toMatchObject({ name: 'Partners', content: '<p>Second</p>' });
    expect((await json<TextPageDto>(await call('GET', pageUrl('Partners')))).content).toBe(
      '<p>Second</p>',
    );
    const rows = await shop.database.db
      .select()
      .from(textPages)
      .where(eq(textPages.name, 'Partners'));
    expect(rows).toHaveLength(1);
  });

  it('sanitises a page written around the API before showing it', async () => {
    await shop.database.db.insert(textPages).values({
      name: 'Terms of Purchase',
      content: '<p>Terms</p><img src=x onerror=alert(1)><script>x</script>',
    });
    const page = await json<TextPageDto>(await call('GET', pageUrl('Terms of Purchase')));
    expect(page.content).toBe('<p>Terms</p><img src="x" />');
  });
});

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

function createNotification(body: unknown, token = adminToken) {
  return call('POST', '/api/notifications', { token, json: body });
}

describe('notifications', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ title: '' }, NOTIFICATION_MESSAGES.title],
    [{ title: '   ' }, NOTIFICATION_MESSAGES.title],
    [{ title: 'x'.repeat(NOTIFICATION_LIMITS.title + 1) }, NOTIFICATION_MESSAGES.titleTooLong],
    [{ body: '\n\t' }, NOTIFICATION_MESSAGES.body],
    [{ body: 'x'.repeat(NOTIFICATION_LIMITS.body + 1) }, NOTIFICATION_MESSAGES.bodyTooLong],
    [{ title: '', body: '' }, NOTIFICATION_MESSAGES.title],
    [{ title: undefined }, NOTIFICATION_MESSAGES.title],
  ];
  for (const [overrides, message] of cases) {
    it(`refuses ${JSON.stringify(overrides).slice(0, 40)} with "${message}"`, async () => {
      const response = await createNotification({ title: 'T', body: 'B', ...overrides });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    });
  }

  it('dates a new notification itself and never marks it read, whatever the client sends', async () => {
    const response = await createNotification({
      title: '  Holiday hours  ',
      body: 'Closed on July 4.',
      dateTime: '2001-01-01T00:00:00.000Z',
      read: true,
      _id: 'forged',
    });
    expect(response.status).toBe(201);
    const created = await json<NotificationDto>(response);
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Holiday hours',
      body: 'Closed on July 4.',
      dateTime: expect.any(String),
      read: false,
    });
    expect(Math.abs(Date.parse(created.dateTime) - Date.now())).toBeLessThan(60_000);
    const [row] = await shop.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, created._id));
    expect(row?.read).toBe(false);
  });

  it('lists newest first by date, up to the limit, always unread', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await shop.database.db.insert(notifications).values([
      { title: 'Two days old', body: 'b', dateTime: new Date(now - 2 * day) },
      { title: 'In the future', body: 'b', dateTime: new Date(now + day), read: true },
      { title: 'Ten days old', body: 'b', dateTime: new Date(now - 10 * day) },
    ]);
    const list = await json<NotificationDto[]>(await call('GET', '/api/notifications'));
    expect(list.map((notification) => notification.title)).toEqual([
      'In the future',
      'Holiday hours',
      'Two days old',
      'Ten days old',
    ]);
    expect(list.every((notification) => notification.read === false)).toBe(true);
    const dates = list.map((notification) => Date.parse(notification.dateTime));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const two = await json<NotificationDto[]>(await call('GET', '/api/notifications?limit=2'));
    expect(two.map((notification) => notification.title)).toEqual([
      'In the future',
      'Holiday hours',
    ]);
  });

  it('answers a bad limit with 400 and a message', async () => {
    for (const limit of ['0', '201', 'ten', '1.5', '-1']) {
      const response = await call('GET', `/api/notifications?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect(await response.json()).toEqual({
        error: 'limit must be a whole number from 1 to 200.',
      });
    }
  });

  it('shows a new notification at once, though answers are cached', async () => {
    await call('GET', '/api/notifications');
    const created = await json<NotificationDto>(
      await createNotification({ title: 'Fresh', body: 'b' }),
    );
    const list = await json<NotificationDto[]>(await call('GET', '/api/notifications'));
    expect(list.map((notification) => notification._id)).toContain(created._id);
  });

  it('deletes a notification; an unknown or malformed id is 404', async () => {
    const created = await json<NotificationDto>(
      await createNotification({ title: 'To delete', body: 'b' }),
    );
    const deleted = await call('DELETE', `/api/notifications/${created._id}`, {
      token: adminToken,
    });
    expect(deleted.status).toBe(204);
    const list = await json<NotificationDto[]>(await call('GET', '/api/notifications'));
    expect(list.map((notification) => notification._id)).not.toContain(created._id);
    for (const id of [
      created._id,
      created._id.toUpperCase(),
      UNKNOWN_ID,
      'nope',
      'x'.repeat(300),
    ]) {
      const again = await call('DELETE', `/api/notifications/${id}`, { token: adminToken });
      expect(again.status, id).toBe(404);
      expect(await again.json()).toEqual({ error: 'Notification not found.' });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

describe('who may write', () => {
  const writes: [string, string, 'json' | 'form'][] = [
    ['POST', '/api/testimonials', 'json'],
    ['DELETE', `/api/testimonials/${UNKNOWN_ID}`, 'json'],
    ['POST', '/api/gallery', 'form'],
    ['DELETE', `/api/gallery/${UNKNOWN_ID}`, 'json'],
    ['PUT', '/api/text_pages/About', 'json'],
    ['POST', '/api/notifications', 'json'],
    ['DELETE', `/api/notifications/${UNKNOWN_ID}`, 'json'],
  ];
  for (const [method, url, kind] of writes) {
    it(`${method} ${url}: 401 anonymous, 403 for a partner, and nothing changes`, async () => {
      const body = async () =>
        kind === 'form'
          ? { body: form(validPicture(), [{ field: 'pictureFile', data: await jpeg() }]) }
          : { json: { ...validTestimonial(), title: 'T', body: 'B', content: '<p>Hacked</p>' } };
      const anonymous = await call(method, url, await body());
      expect(anonymous.status).toBe(401);
      const partner = await call(method, url, { token: partnerToken, ...(await body()) });
      expect(partner.status).toBe(403);
      expect(await partner.json()).toEqual({ error: 'Only administrators may do this.' });
    });
  }

  it('left the content as it was', async () => {
    const about = await json<TextPageDto>(await call('GET', pageUrl('About')));
    expect(about.content).not.toContain('Hacked');
    const notificationsList = await json<NotificationDto[]>(
      await call('GET', '/api/notifications'),
    );
    expect(notificationsList.map((notification) => notification.title)).not.toContain('T');
  });
});
