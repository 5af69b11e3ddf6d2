import type { StorageConfig } from '../../config/index.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import type { FileStorage } from './port.ts';
import { createS3Storage } from './s3.ts';

/** The configured file storage: DATA_DIR/uploads in embedded mode, an S3 bucket when S3_BUCKET is set. */
export function createStorage(config: StorageConfig): FileStorage {
  switch (config.kind) {
    case 'local':
      return createLocalDiskStorage(config.dir);
    case 's3':
      return createS3Storage(config);
  }
}
