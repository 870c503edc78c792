import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { AuthUser } from '@fragtbud/contracts';
import { createService, createTestInfra, signInternalToken, startTestBucket, type RunningService, type TestInfra } from '@fragtbud/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTasksConfig, type TasksConfig } from '../config';
import { createTasksService } from '../service';
import { createS3Storage, s3ClientOf } from './s3-storage';

/**
 * The S3 adapter against s3rver (an S3-compatible server started here), and two svc-tasks replicas over one
 * database and one bucket: a file uploaded through one is served by the other, with the same access rules.
 */
const customer: AuthUser = { id: 101, role: 'customer', approved: true, blocked: false, name: 'Kim Kunde', email: 'kim@example.dk' };
const otherCustomer: AuthUser = { ...customer, id: 102, name: 'Lis Kunde', email: 'lis@example.dk' };
const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let s3: Awaited<ReturnType<typeof startTestBucket>> | undefined;
let uploadsDir: string;
let infra: TestInfra;
let config: TasksConfig;
const replicas: Array<{ service: RunningService<TasksConfig>; url: string }> = [];

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'uploads-unused-'));
  s3 = await startTestBucket('fragtbud-uploads');
  infra = await createTestInfra('tasks');
  config = loadTasksConfig({
    ...infra.env,
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    FILE_STORAGE: 's3',
    S3_BUCKET: 'fragtbud-uploads',
    ...s3.env,
    S3_PREFIX: 'uploads/',
    UPLOADS_DIR: uploadsDir,
  });
  for (let index = 0; index < 2; index++) {
    const service = await createService(createTasksService({ geoProvider: null }), {
      config,
      database: infra.database,
      bus: infra.bus,
      logger: infra.logger,
    });
    replicas.push({ service, url: (await service.listen(0)).url });
  }
}, 120_000);

afterAll(async () => {
  for (const { service } of replicas) await service.close();
  await infra?.close();
  await s3?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
}, 60_000);

async function call(replica: number, method: string, urlPath: string, as: AuthUser | null, body?: FormData) {
  const headers = { 'x-internal-token': await signInternalToken({ secret: config.INTERNAL_TOKEN_SECRET, user: as }) };
  const response = await fetch(`${replicas[replica]!.url}${urlPath}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(bytes.toString('utf8')) as Record<string, string>) : null;
  return { status: response.status, bytes, json, headers: response.headers };
}

function form(file: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

describe('S3 file storage', () => {
  it('when a file is put, read and deleted, then the bucket holds it under the prefix, a missing key reads as null and an unsafe key is refused', async () => {
    const storage = createS3Storage({ client: s3ClientOf(config), bucket: 'fragtbud-uploads', prefix: 'uploads/' });
    await storage.put('abc.pdf', minimalPdf);
    expect((await storage.get('abc.pdf'))!.equals(minimalPdf)).toBe(true);
    const object = await s3ClientOf(config).send(new GetObjectCommand({ Bucket: 'fragtbud-uploads', Key: 'uploads/abc.pdf' }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(minimalPdf)).toBe(true);
    await storage.delete('abc.pdf');
    expect(await storage.get('abc.pdf')).toBeNull();
    await storage.delete('abc.pdf'); // not there: no error
    await expect(storage.put('../escape', minimalPdf)).rejects.toThrow(/Unsafe storage key/);
  });

  it('when a document is uploaded through one replica, then the other serves it to its owner and still refuses anyone else', async () => {
    const uploaded = await call(0, 'POST', '/upload/document', customer, form(minimalPdf, 'forsikring.pdf', 'application/pdf'));
    expect(uploaded.status).toBe(201);
    const key = uploaded.json!.file_url!.replace('/api/files/', '');

    const fromOther = await call(1, 'GET', `/files/${key}`, customer);
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('application/pdf');
    expect(fromOther.headers.get('cache-control')).toBe('private, no-store');
    expect(fromOther.bytes.equals(minimalPdf)).toBe(true);
    expect((await call(1, 'GET', `/files/${key}`, otherCustomer)).status).toBe(403);
    expect((await call(1, 'GET', `/files/${key}`, null)).status).toBe(401);
    expect(existsSync(path.join(uploadsDir, key))).toBe(false); // nothing on the replica's own disk
  });

  it('when an image is uploaded through one replica, then the other serves the same re-encoded bytes', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    const uploaded = await call(1, 'POST', '/upload/image', customer, form(photo, 'flyttekasser.jpg', 'image/jpeg'));
    expect(uploaded.status).toBe(201);
    const key = uploaded.json!.url!.replace('/api/files/', '');
    const [first, second] = [await call(0, 'GET', `/files/${key}`, customer), await call(1, 'GET', `/files/${key}`, customer)];
    expect(first.status).toBe(200);
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect((await sharp(first.bytes).metadata()).width).toBe(40);
  });
});

describe('uploads config', () => {
  it('when FILE_STORAGE=s3 has no bucket or only one of the keys, then the start fails naming them', () => {
    expect(() => loadTasksConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: required when FILE_STORAGE is s3/);
    expect(() => loadTasksConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(loadTasksConfig({}).FILE_STORAGE).toBe('local');
  });
});
