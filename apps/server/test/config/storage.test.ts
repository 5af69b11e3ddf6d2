import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

describe('loadConfig: file storage', () => {
  const s3Vars = {
    S3_BUCKET: 'labshop-uploads',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
    S3_PUBLIC_URL: 'https://cdn.labshop.example/uploads/',
  };

  it('keeps uploads under DATA_DIR without S3_BUCKET', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', dir: path.resolve('data', 'uploads') });
  });

  it('names each variable S3_BUCKET still needs', () => {
    const attempt = () => loadConfig({ S3_BUCKET: 'labshop-uploads' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set',
        'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
        'S3_PUBLIC_URL: is required when S3_BUCKET is set',
      ]);
    }
  });

  it('uses a self-hosted endpoint with path-style addressing', () => {
    const { storage } = loadConfig({ ...s3Vars, S3_ENDPOINT: 'http://minio.internal:9000' });
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'labshop-uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      publicUrl: 'https://cdn.labshop.example/uploads',
      forcePathStyle: true,
    });
  });

  it('uses AWS itself, virtual-hosted, without S3_ENDPOINT', () => {
    const { storage } = loadConfig({ ...s3Vars, S3_REGION: 'eu-central-1' });
    expect(storage).toMatchObject({
      kind: 's3',
      endpoint: null,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3Vars, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('refuses a storage URL that is not absolute', () => {
    expect(() => loadConfig({ ...s3Vars, S3_PUBLIC_URL: 'cdn.labshop.example' })).toThrow(
      'S3_PUBLIC_URL: must be the absolute URL the bucket is read from',
    );
  });
});

describe('loadConfig: image origins', () => {
  it('rewrites nothing by default, to the public origin', () => {
    const { images } = loadConfig({ PUBLIC_URL: 'https://shop.example.com/', DEMO_MODE: 'true' });
    expect(images).toEqual({ legacyOrigins: [], origin: 'https://shop.example.com' });
  });

  it('reads the legacy origins as a list of origins', () => {
    const { images } = loadConfig({
      IMAGE_LEGACY_ORIGINS: ' http://localhost:5000/ , https://staging.shop.example/path,',
      IMAGE_ORIGIN: 'https://www.shop.example/',
    });
    expect(images).toEqual({
      legacyOrigins: ['http://localhost:5000', 'https://staging.shop.example'],
      origin: 'https://www.shop.example',
    });
    expect(() => loadConfig({ IMAGE_LEGACY_ORIGINS: 'staging' })).toThrow(
      'IMAGE_LEGACY_ORIGINS: not an origin: staging',
    );
  });
});
