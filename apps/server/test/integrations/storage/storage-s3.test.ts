import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStorage } from '../../../src/integrations/storage/index.ts';
import { createS3Storage, type S3StorageConfig } from '../../../src/integrations/storage/s3.ts';
import { startFakeS3, type FakeS3 } from '../../fakes/s3.ts';

const BUCKET = 'labshop-uploads';
const ACCESS_KEY_ID = 'LABSHOPTESTKEY';
const SECRET = 'test-secret-0123456789';
const PUBLIC_URL = 'https://cdn.labshop.example/uploads';
/** Short, so the outage tests finish quickly; production uses 10 s. */
const TIMEOUT_MS = 400;

let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    region: 'eu-central-1',
    buckets: [BUCKET],
  });
});
afterAll(() => s3.close());
beforeEach(() => s3.setMode('ok'));

function s3Config(overrides: Partial<S3StorageConfig> = {}): S3StorageConfig {
  return {
    kind: 's3',
    bucket: BUCKET,
    endpoint: s3.endpoint,
    region: 'eu-central-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    publicUrl: PUBLIC_URL,
    forcePathStyle: true,
    ...overrides,
  };
}

function storage(overrides: Partial<S3StorageConfig> = {}) {
  return createS3Storage(s3Config(overrides), { timeoutMs: TIMEOUT_MS, maxAttempts: 2 });
}

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

describe('S3 storage', () => {
  it('stores the bytes with their content type and answers the public URL', async () => {
    const files = storage();
    expect(files.baseUrl).toBe(`${PUBLIC_URL}/`);
    expect(files.publicUrl('products/ab12-1.jpg')).toBe(`${PUBLIC_URL}/products/ab12-1.jpg`);

    const url = await files.put('products/ab12-1.jpg', jpeg, 'image/jpeg');

    expect(url).toBe(`${PUBLIC_URL}/products/ab12-1.jpg`);
    const stored = s3.object(BUCKET, 'products/ab12-1.jpg');
    expect(stored?.body.equals(jpeg)).toBe(true);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    // The body's hash is part of the signature, so the store can check what arrived.
    expect(s3.requests.at(-1)?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is read back by any signed S3 client, and refuses unsigned requests', async () => {
    await storage().put('brochures/AB12.pdf', Buffer.from('%PDF-1.7 demo'), 'application/pdf');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
    });
    try {
      const got = await client.send(
        new GetObjectCommand({ Bucket: BUCKET, Key: 'brochures/AB12.pdf' }),
      );
      expect(await got.Body?.transformToString()).toBe('%PDF-1.7 demo');
      expect(got.ContentType).toBe('application/pdf');
      const head = await client.send(
        new HeadObjectCommand({ Bucket: BUCKET, Key: 'brochures/AB12.pdf' }),
      );
      expect(head.ContentLength).toBe(13);
    } finally {
      client.destroy();
    }

    const anonymous = await fetch(`${s3.endpoint}/${BUCKET}/brochures/AB12.pdf`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('tells whether a key is stored (a typed brochure name must point at a file)', async () => {
    const files = storage();
    await files.put('brochures/EX-1.pdf', Buffer.from('%PDF-1.7 demo'), 'application/pdf');
    expect(await files.exists('brochures/EX-1.pdf')).toBe(true);
    expect(await files.exists('brochures/missing.pdf')).toBe(false);
  });

  it('deletes the object behind a URL it returned', async () => {
    const files = storage();
    const url = await files.put('gallery/7.jpg', jpeg, 'image/jpeg');
    expect(s3.object(BUCKET, 'gallery/7.jpg')).toBeDefined();

    await files.delete(url);

    expect(s3.object(BUCKET, 'gallery/7.jpg')).toBeUndefined();
    // Deleting again is not an error: the file is gone either way.
    await expect(files.delete(url)).resolves.toBeUndefined();
  });

  it('ignores URLs it did not make, without calling the store', async () => {
    const files = storage();
    await files.put('gallery/8.jpg', jpeg, 'image/jpeg');
    const before = s3.requests.length;

    await files.delete('/uploads/gallery/8.jpg');
    await files.delete('https://elsewhere.example/uploads/gallery/8.jpg');
    await files.delete('https://cdn.labshop.example/uploads-old/gallery/8.jpg');
    await files.delete(`${PUBLIC_URL}/../gallery/8.jpg`);
    await files.delete(`${PUBLIC_URL}/gallery//8.jpg`);

    expect(s3.requests.length).toBe(before);
    expect(s3.object(BUCKET, 'gallery/8.jpg')).toBeDefined();
  });

  it('refuses unsafe keys before calling the store', async () => {
    const files = storage();
    const before = s3.requests.length;
    for (const key of [
      '../secrets.txt',
      '/etc/passwd',
      'a//b.jpg',
      'products/../x.jpg',
      'a b.jpg',
      '',
    ]) {
      await expect(files.put(key, jpeg, 'image/jpeg')).rejects.toThrow('Unsafe storage key');
      expect(() => files.publicUrl(key)).toThrow('Unsafe storage key');
    }
    expect(s3.requests.length).toBe(before);
  });

  it('says which bucket and key failed, and why, when the secret is wrong', async () => {
    const wrongSecret = 'not-the-secret-987';
    const attempt = storage({ secretAccessKey: wrongSecret }).put(
      'products/x-1.jpg',
      jpeg,
      'image/jpeg',
    );

    const error: unknown = await attempt.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toBe(
      'S3 storage: could not store "products/x-1.jpg" in bucket "labshop-uploads": ' +
        'SignatureDoesNotMatch (HTTP 403); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(message).not.toContain(wrongSecret);
    expect(s3.object(BUCKET, 'products/x-1.jpg')).toBeUndefined();
  });

  it('names an unknown access key and an unknown bucket', async () => {
    await expect(
      storage({ accessKeyId: 'SOMEONEELSE' }).put('products/x-2.jpg', jpeg, 'image/jpeg'),
    ).rejects.toThrow(
      /bucket "labshop-uploads": InvalidAccessKeyId \(HTTP 403\); check S3_ACCESS_KEY_ID/,
    );
    await expect(
      storage({ bucket: 'no-such-bucket' }).delete(`${PUBLIC_URL}/products/x-2.jpg`),
    ).rejects.toThrow(
      'could not delete "products/x-2.jpg" in bucket "no-such-bucket": NoSuchBucket (HTTP 404)',
    );
  });

  it('retries an unavailable store once, then reports it', async () => {
    s3.setMode('unavailable');
    const before = s3.requests.length;

    await expect(storage().put('products/x-3.jpg', jpeg, 'image/jpeg')).rejects.toThrow(
      /could not store "products\/x-3.jpg" in bucket "labshop-uploads": .*\(HTTP 503\); the object store is unavailable/,
    );
    expect(s3.requests.length - before).toBe(2);
  });

  it('gives up on a store that does not answer', async () => {
    s3.setMode('hang');
    const before = s3.requests.length;
    const started = Date.now();

    await expect(storage().put('products/x-4.jpg', jpeg, 'image/jpeg')).rejects.toThrow(
      /could not store "products\/x-4.jpg" in bucket "labshop-uploads": no answer within 0.4 s/,
    );
    // Two attempts of 0.4 s each plus the SDK's back-off, far below the whole-call deadline.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(s3.requests.length - before).toBe(2);
  });
});

describe('the fake S3', () => {
  it('reads hashed, unsigned and aws-chunked uploads as the SDK sends them', async () => {
    for (const checksums of ['WHEN_REQUIRED', 'WHEN_SUPPORTED'] as const) {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'eu-central-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
        requestChecksumCalculation: checksums,
      });
      try {
        const key = `probe/${checksums.toLowerCase()}.txt`;
        await client.send(
          new PutObjectCommand({
            Bucket: BUCKET,
            Key: key,
            Body: Readable.from([Buffer.from('hello '), Buffer.from('stream')]),
            ContentLength: 12,
          }),
        );
        expect(s3.object(BUCKET, key)?.body.toString()).toBe('hello stream');
      } finally {
        client.destroy();
      }
    }
    const hashes = s3.requests.slice(-2).map((request) => request.payloadHash);
    expect(hashes).toEqual(['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER']);
  });
});

describe('createStorage', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'labshop-storage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps files on local disk in embedded mode', () => {
    expect(createStorage({ kind: 'local', dir }).baseUrl).toBe('/uploads/');
  });

  it('uses the bucket when S3 is configured', async () => {
    const files = createStorage(s3Config({ publicUrl: 'https://cdn.labshop.example' }));
    expect(files.baseUrl).toBe('https://cdn.labshop.example/');
    await files.put('categories/grinders.jpg', jpeg, 'image/jpeg');
    expect(s3.object(BUCKET, 'categories/grinders.jpg')?.contentType).toBe('image/jpeg');
  });
});
