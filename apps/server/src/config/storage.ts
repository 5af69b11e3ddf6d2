import { z } from 'zod';
import { booleanField, requireAlongside, secretField, urlField, type VarsOf } from './fields.ts';

/** Where uploads go (DATA_DIR/uploads or an S3 bucket), and old image URLs to rewrite. */
export const storageFields = {
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: urlField({ example: 'https://s3.example.com' }),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: secretField(),
  S3_PUBLIC_URL: urlField({
    error: 'must be the absolute URL the bucket is read from, such as https://cdn.example.com',
  }),
  S3_FORCE_PATH_STYLE: booleanField(),
  IMAGE_LEGACY_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const item of (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          context.addIssue({ code: 'custom', message: `not an origin: ${item}` });
        }
      }
      return origins;
    }),
  IMAGE_ORIGIN: urlField({ example: 'https://shop.example.com' }),
};

/** Where uploads and generated files go: DATA_DIR/uploads, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset means AWS itself in `region`. */
      endpoint: string | null;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** The base URL objects are read from by browsers (a CDN or the bucket's public URL). */
      publicUrl: string;
      forcePathStyle: boolean;
    };

/**
 * Image URLs saved while the catalogue lived on a development or staging host point there;
 * when shown they are rewritten to `origin` (SPEC.md section 9).
 */
export interface ImageUrlConfig {
  legacyOrigins: string[];
  origin: string;
}

export interface StorageSettings {
  storage: StorageConfig;
  images: ImageUrlConfig;
}

export function storageSettings(
  vars: VarsOf<typeof storageFields>,
  publicUrl: URL,
  uploadsDir: string,
): StorageSettings {
  return {
    storage: storageConfig(vars, uploadsDir),
    images: {
      legacyOrigins: vars.IMAGE_LEGACY_ORIGINS,
      origin: new URL(vars.IMAGE_ORIGIN ?? publicUrl.origin).origin,
    },
  };
}

function storageConfig(vars: VarsOf<typeof storageFields>, uploadsDir: string): StorageConfig {
  if (!vars.S3_BUCKET) return { kind: 'local', dir: uploadsDir };
  requireAlongside(vars, 'S3_BUCKET', [
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ]);
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT ?? null,
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? '',
    publicUrl: (vars.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    // Self-hosted S3 (MinIO, Ceph, Garage) usually serves buckets under the path.
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? vars.S3_ENDPOINT !== undefined,
  };
}
