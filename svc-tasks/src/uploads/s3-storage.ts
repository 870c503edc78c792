import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type FileStorage } from './storage';
import type { UploadsConfig } from './config';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Hetzner/Scaleway object storage), so every svc-tasks
 * replica serves every file. Downloads stay proxied through GET /files/:key: the service checks who may read the
 * file exactly as with the local disk, then streams the bytes — the bucket is never public and no link outlives
 * the check.
 */
export function createS3Storage({ client, bucket, prefix = '' }: { client: S3Client; bucket: string; prefix?: string }): FileStorage {
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: not an error, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

/** The client from FILE_STORAGE=s3's keys; without explicit keys the SDK's own chain (IRSA, instance role) applies. */
export function s3ClientOf(config: UploadsConfig): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
}
