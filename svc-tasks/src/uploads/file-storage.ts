import type { UploadsConfig } from './config';
import { createS3Storage, s3ClientOf } from './s3-storage';
import { createLocalDiskStorage, type FileStorage } from './storage';

/** The storage FILE_STORAGE names: the local disk under UPLOADS_DIR, or the shared S3 bucket. */
export function fileStorageOf(config: UploadsConfig): FileStorage {
  if (config.FILE_STORAGE === 's3') {
    return createS3Storage({ client: s3ClientOf(config), bucket: config.S3_BUCKET as string, prefix: config.S3_PREFIX });
  }
  return createLocalDiskStorage(config.UPLOADS_DIR);
}
