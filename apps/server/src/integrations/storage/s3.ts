import {
  DeleteObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config/index.ts';
import { assertSafeKey, storageKeyOf, type FileStorage } from './port.ts';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

export interface S3StorageOptions {
  /** Longest wait for a connection, and for an answer once connected, per attempt. */
  timeoutMs?: number;
  /** Attempts per call, the first included (the SDK retries 5xx, throttling and timeouts). */
  maxAttempts?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 2;

/** The server makes each key for one content and never rewrites it, so caches may keep it. */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2, …), read by browsers from
 * `publicUrl` (the bucket's public URL or a CDN in front of it).
 */
export function createS3Storage(
  config: S3StorageConfig,
  options: S3StorageOptions = {},
): FileStorage {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts,
    // Without throwOnRequestTimeout the SDK only logs a breached requestTimeout and waits on.
    requestHandler: {
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
    },
    // The SDK's default CRC32 checksums (since 3.729) are refused by several S3-compatible
    // stores; S3 itself needs them only for a few operations we do not use.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const baseUrl = `${config.publicUrl.replace(/\/+$/, '')}/`;
  // Bounds a whole call, retries and back-off included, whatever the socket does.
  const callDeadlineMs = timeoutMs * maxAttempts + 5_000;

  const run = async (
    action: string,
    key: string,
    send: (abortSignal: AbortSignal) => Promise<unknown>,
  ): Promise<void> => {
    try {
      await send(AbortSignal.timeout(callDeadlineMs));
    } catch (error) {
      throw new Error(
        `S3 storage: could not ${action} "${key}" in bucket "${config.bucket}": ${describe(error, timeoutMs, callDeadlineMs)}`,
        { cause: error },
      );
    }
  };

  const publicUrl = (key: string) => {
    assertSafeKey(key);
    return `${baseUrl}${key}`;
  };

  return {
    baseUrl,
    publicUrl,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await run('store', key, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
          { abortSignal },
        ),
      );
      return publicUrl(key);
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }), {
          abortSignal: AbortSignal.timeout(callDeadlineMs),
        });
        return true;
      } catch (error) {
        // HEAD answers have no body, so a missing key is only a 404 status.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return false;
        }
        throw new Error(
          `S3 storage: could not look up "${key}" in bucket "${config.bucket}": ${describe(error, timeoutMs, callDeadlineMs)}`,
          { cause: error },
        );
      }
    },
    async delete(url) {
      const key = storageKeyOf(url, baseUrl);
      if (key === null) return;
      await run('delete', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal }),
      );
    },
  };
}

/** A short reason for an SDK error, with a hint where the cause is usually configuration. */
function describe(error: unknown, timeoutMs: number, deadlineMs: number): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const reason = `${error.name}${status ? ` (HTTP ${status})` : ''}`;
    switch (error.name) {
      case 'SignatureDoesNotMatch':
      case 'InvalidAccessKeyId':
        return `${reason}; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
      case 'NoSuchBucket':
        return `${reason}; check S3_BUCKET and S3_ENDPOINT`;
      case 'AccessDenied':
        return `${reason}; the access key may not write to this bucket`;
      default:
        return status !== undefined && status >= 500
          ? `${reason}; the object store is unavailable`
          : reason;
    }
  }
  if (error instanceof Error) {
    // TimeoutError: one attempt's connection or answer; AbortError: the whole call's deadline.
    if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
    if (error.name === 'AbortError') return `no result within ${deadlineMs / 1000} s`;
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : `${error.name}: ${error.message}`;
  }
  return String(error);
}
