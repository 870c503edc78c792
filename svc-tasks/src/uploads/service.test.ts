/**
 * Uploads and file serving at the API level: a small tasks service with only the uploads (and geo) routes over
 * createTestInfra (PGlite + in-process bus, or PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set),
 * called over HTTP with the gateway's signed internal token. Images are made with sharp in the test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { internalFileSchema, messages, type AuthUser } from '@fragtbud/contracts';
import {
  baseConfigSchema,
  createService,
  createTestInfra,
  defineService,
  loadConfig,
  signInternalToken,
  type ForwardedClient,
  type RunningService,
  type TestInfra,
} from '@fragtbud/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as filesMigration from '../../migrations/002_files';
import { geoConfigSchema } from '../geo/config';
import { geoRouter } from '../geo/routes';
import { uploadsConfigSchema } from './config';
import { internalFilesRouter } from './internal-routes';
import { uploadsRouter } from './routes';
import { createLocalDiskStorage, createMemoryStorage } from './storage';

// Big bodies and image encoding take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const testConfigSchema = baseConfigSchema.extend({ ...uploadsConfigSchema.shape, ...geoConfigSchema.shape });
type TestConfig = z.infer<typeof testConfigSchema>;

const megabyte = 1024 * 1024;

let infra: TestInfra;
let service: RunningService<TestConfig>;
let baseUrl: string;
let secret: string;
const storage = createMemoryStorage();

const customer: AuthUser = { id: 101, role: 'customer', approved: true, blocked: false, name: 'Kim Kunde', email: 'kim@example.dk' };
const otherCustomer: AuthUser = { ...customer, id: 102, name: 'Lis Kunde', email: 'lis@example.dk' };
const carrier: AuthUser = { id: 201, role: 'carrier', approved: true, blocked: false, name: 'Vic Vognmand', email: 'vic@example.dk' };
const admin: AuthUser = { id: 1, role: 'admin', approved: true, blocked: false, name: 'Ada Admin', email: 'ada@example.dk' };

beforeAll(async () => {
  infra = await createTestInfra('tasks');
  secret = randomBytes(32).toString('hex');
  const config = loadConfig(testConfigSchema, { ...infra.env, INTERNAL_TOKEN_SECRET: secret });
  const definition = defineService<TestConfig>({
    name: 'tasks',
    migrations: [{ name: '002_files', up: filesMigration.up, down: filesMigration.down }],
    routes: (deps) => [uploadsRouter(deps, { storage }), internalFilesRouter(deps), geoRouter(deps)],
  });
  service = await createService(definition, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
  baseUrl = (await service.listen(0)).url;
}, 60_000);

afterAll(async () => {
  await service?.close();
  await infra?.close();
}, 60_000);

// ---------------------------------------------------------------------------------------------------------------
// Calling the service

interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  bytes: Buffer;
}

async function call(
  method: string,
  urlPath: string,
  options: {
    as?: AuthUser | null;
    body?: RequestInit['body'];
    headers?: Record<string, string>;
    withoutToken?: boolean;
    client?: ForwardedClient;
    /** Another service calling as itself. */
    service?: string;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (!options.withoutToken) {
    headers['x-internal-token'] = await signInternalToken({ secret, user: options.as ?? null, client: options.client, service: options.service });
  }
  const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body: options.body });
  const bytes = Buffer.from(await response.arrayBuffer());
  let body: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(bytes.toString('utf-8'));
  return { status: response.status, headers: response.headers, body, bytes };
}

function formWith(file: Buffer | null, name = 'upload.jpg', type = 'image/jpeg', extra?: (form: FormData) => void): FormData {
  const form = new FormData();
  extra?.(form);
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return form;
}

const upload = (kind: 'image' | 'document', file: Buffer | null, as: AuthUser | null, name?: string, type?: string) =>
  call('POST', `/upload/${kind}`, { as, body: formWith(file, name, type) });

/** Sends raw bytes as the request body (for hand-made multipart and odd paths fetch would normalise). */
function rawRequest(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname: url.hostname, port: url.port, method, path: urlPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf-8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const keyOf = (url: string) => url.replace('/api/files/', '');

async function storedState() {
  const rows = await infra.database.knex('files').count<{ count: number }[]>('* as count');
  return { rows: Number(rows[0]?.count ?? 0), blobs: storage.keys().length };
}

// ---------------------------------------------------------------------------------------------------------------
// Test images

/** Left half red, right half blue — so a rotation shows in the pixels. */
async function halvesImage(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    {
      input: await sharp({ create: { width: width - half, height, channels: 3, background: '#0000ff' } }).png().toBuffer(),
      left: half,
      top: 0,
    },
  ]);
}

async function jpegWithExif(width: number, height: number, orientation: number): Promise<Buffer> {
  const flat = await (await halvesImage(width, height)).png().toBuffer();
  return sharp(flat)
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation,
      exif: { IFD0: { Artist: 'Kim Kunde', Copyright: 'Hemmelig', ImageDescription: 'Stuen, Vestergade 12' } },
    })
    .toBuffer();
}

const solid = (width: number, height: number, background: { r: number; g: number; b: number; alpha: number } | string = '#336699', channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

async function pixelAt(data: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [raw[offset] as number, raw[offset + 1] as number, raw[offset + 2] as number];
}

const isRed = ([r, g, b]: number[]) => (r as number) > 200 && (g as number) < 60 && (b as number) < 60;
const isBlue = ([r, g, b]: number[]) => (r as number) < 60 && (g as number) < 60 && (b as number) > 200;

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

// ---------------------------------------------------------------------------------------------------------------

describe('POST /upload/image', () => {
  it('when a customer uploads a JPEG with EXIF and orientation 6, then it is stored upright, downscaled to 1600 px and without metadata', async () => {
    const original = await jpegWithExif(3000, 2000, 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const reply = await upload('image', original, customer, 'stue.jpg');

    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}\.jpg$/) });
    const stored = (await storage.get(keyOf(reply.body.url)))!;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 = turn 90° clockwise: the red left half ends up on top.
    expect(isRed(await pixelAt(stored, 533, 100))).toBe(true);
    expect(isBlue(await pixelAt(stored, 533, 1500))).toBe(true);
    expect(stored.includes(Buffer.from('Hemmelig'))).toBe(false);

    const row = await infra.database.knex('files').where({ key: keyOf(reply.body.url) }).first();
    expect(row).toMatchObject({ owner_user_id: customer.id, kind: 'image', content_type: 'image/jpeg', size: stored.length });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('when a wide PNG is uploaded, then it becomes a JPEG 1600 px on the long side', async () => {
    const png = await solid(4000, 1000).png().toBuffer();
    const reply = await upload('image', png, customer, 'panorama.png', 'image/png');
    expect(reply.status).toBe(201);
    const meta = await sharp((await storage.get(keyOf(reply.body.url)))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 400]);
  });

  it('when a small image is uploaded, then it keeps its size (never enlarged)', async () => {
    const reply = await upload('image', await solid(800, 600).webp().toBuffer(), customer, 'lille.webp', 'image/webp');
    expect(reply.status).toBe(201);
    const meta = await sharp((await storage.get(keyOf(reply.body.url)))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
  });

  it('when a transparent PNG is uploaded, then the transparency becomes white', async () => {
    const png = await solid(50, 50, { r: 0, g: 0, b: 0, alpha: 0 }, 4).png().toBuffer();
    const reply = await upload('image', png, customer, 'gennemsigtig.png', 'image/png');
    expect(reply.status).toBe(201);
    const [r, g, b] = await pixelAt((await storage.get(keyOf(reply.body.url)))!, 25, 25);
    expect(Math.min(r, g, b)).toBeGreaterThan(245);
  });

  it('when a guest uploads a photo while creating a task, then it is stored without an owner', async () => {
    const reply = await upload('image', await solid(300, 200).jpeg().toBuffer(), null);
    expect(reply.status).toBe(201);
    const row = await infra.database.knex('files').where({ key: keyOf(reply.body.url) }).first();
    expect(row).toMatchObject({ owner_user_id: null, kind: 'image' });
  });

  it('when the declared type and name lie (a PNG sent as .jpg with image/gif), then the bytes decide', async () => {
    const reply = await upload('image', await solid(100, 100).png().toBuffer(), carrier, 'billede.gif', 'image/gif');
    expect(reply.status).toBe(201);
  });

  it('when two uploads of the same image are made, then they get different keys the user did not choose', async () => {
    const image = await solid(64, 64).jpeg().toBuffer();
    const first = await upload('image', image, customer, '../../etc/passwd');
    const second = await upload('image', image, customer, '../../etc/passwd');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.url).not.toBe(second.body.url);
    expect(first.body.url).not.toContain('passwd');
  });

  it('when other form fields and a file under another name come along, then they are ignored', async () => {
    const image = await solid(64, 64).jpeg().toBuffer();
    const form = formWith(image, 'a.jpg', 'image/jpeg', (f) => {
      f.append('description', 'Sofa og to stole');
      f.append('attachment', new Blob([Buffer.from('ignored')], { type: 'text/plain' }), 'notes.txt');
    });
    const reply = await call('POST', '/upload/image', { as: customer, body: form });
    expect(reply.status).toBe(201);
  });

  describe('refusals: a 400 with a Danish message, nothing stored', () => {
    let before: { rows: number; blobs: number };
    beforeEach(async () => {
      before = await storedState();
    });
    async function expectRefused(reply: Reply, code: string, message: string) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code, message });
      expect(await storedState()).toEqual(before);
    }

    it('when a text file is renamed .jpg and declared image/jpeg, then 400 not an image', async () => {
      const text = Buffer.from('Dette er ikke et billede, bare tekst.\n'.repeat(20));
      await expectRefused(await upload('image', text, customer, 'foto.jpg'), 'not_an_image', messages.uploadNotAnImage);
    });

    it('when the bytes start like a PNG but the rest is garbage, then 400 not an image (never 500)', async () => {
      // Fixed garbage: file-type reads PNG chunks, and random bytes would sometimes not even sniff as PNG.
      const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(4000, 0x42)]);
      await expectRefused(await upload('image', fake, customer, 'foto.png', 'image/png'), 'image_unreadable', messages.uploadNotAnImage);
    });

    it('when a JPEG is cut off halfway, then 400', async () => {
      const jpeg = await jpegWithExif(600, 400, 1);
      const reply = await upload('image', jpeg.subarray(0, Math.floor(jpeg.length / 2)), customer);
      await expectRefused(reply, 'image_unreadable', messages.uploadNotAnImage);
    });

    it('when a PDF is sent as an image, then 400 not an image', async () => {
      await expectRefused(await upload('image', minimalPdf, customer, 'a.jpg'), 'not_an_image', messages.uploadNotAnImage);
    });

    it('when a GIF is uploaded, then 400 unsupported image type', async () => {
      const gif = await solid(20, 20).gif().toBuffer();
      await expectRefused(await upload('image', gif, customer, 'a.gif', 'image/gif'), 'unsupported_image_type', messages.uploadUnsupportedImageType);
    });

    it('when a HEIC this server cannot decode is uploaded, then 400 with a HEIC hint', async () => {
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), randomBytes(600)]);
      await expectRefused(await upload('image', heic, customer, 'IMG_0001.HEIC', 'image/heic'), 'image_unreadable', messages.uploadHeicUnreadable);
    });

    it('when an anonymous caller sends a 10000×10000 PNG (a decompression bomb), then 400 at once, nothing decoded or stored', async () => {
      const bomb = await solid(10_000, 10_000).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(2 * megabyte);
      const before = await storedState();
      const started = performance.now();
      await expectRefused(await upload('image', bomb, null, 'a.png', 'image/png'), 'image_too_large', messages.uploadTooManyPixels);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(await storedState()).toEqual(before);
    });

    it('when the image is just over 40 megapixels, then 400; a 12 megapixel photo is fine', async () => {
      const over = await solid(8_000, 5_001).png({ compressionLevel: 9 }).toBuffer();
      await expectRefused(await upload('image', over, customer, 'a.png', 'image/png'), 'image_too_large', messages.uploadTooManyPixels);
      const photo = await solid(4_000, 3_000).jpeg().toBuffer();
      expect((await upload('image', photo, customer)).status).toBe(201);
    });

    it('when the file is one byte over 15 MB, then 400 too large', async () => {
      const reply = await upload('image', randomBytes(15 * megabyte + 1), customer);
      await expectRefused(reply, 'file_too_large', messages.uploadImageTooLarge);
    });

    it('when the request declares a body far over the limit, then 400 too large before it is read', async () => {
      const reply = await upload('image', randomBytes(40 * megabyte), customer);
      await expectRefused(reply, 'file_too_large', messages.uploadImageTooLarge);
    });

    it('when the body is streamed without a length and grows too large, then 400 too large', async () => {
      const boundary = 'grens3';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      const url = new URL(baseUrl);
      const token = await signInternalToken({ secret, user: customer });
      const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            hostname: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/upload/image',
            headers: { 'x-internal-token': token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          },
        );
        request.on('error', reject);
        request.write(head);
        const chunk = randomBytes(megabyte);
        let sent = 0;
        const pump = () => {
          while (sent < 20) {
            sent += 1;
            if (!request.write(chunk)) return void request.once('drain', pump);
          }
          request.end();
        };
        pump();
      });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ code: 'file_too_large', message: messages.uploadImageTooLarge });
      expect(await storedState()).toEqual(before);
    });

    it('when the form has no file, then 400 choose a file', async () => {
      const form = new FormData();
      form.append('description', 'ingen fil');
      await expectRefused(await call('POST', '/upload/image', { as: customer, body: form }), 'no_file', messages.uploadNoFile);
    });

    it('when the file is empty, then 400 choose a file', async () => {
      await expectRefused(await upload('image', Buffer.alloc(0), customer), 'no_file', messages.uploadNoFile);
    });

    it('when two files are sent, then 400 one file at a time', async () => {
      const image = await solid(32, 32).jpeg().toBuffer();
      const form = formWith(image, 'a.jpg', 'image/jpeg', (f) => f.append('file', new Blob([new Uint8Array(image)]), 'b.jpg'));
      await expectRefused(await call('POST', '/upload/image', { as: customer, body: form }), 'too_many_files', messages.uploadOneFileOnly);
    });

    it('when the body is JSON instead of multipart, then 400 malformed', async () => {
      const reply = await call('POST', '/upload/image', {
        as: customer,
        body: JSON.stringify({ file: 'data:image/jpeg;base64,AAAA' }),
        headers: { 'content-type': 'application/json' },
      });
      await expectRefused(reply, 'invalid_multipart', messages.uploadMalformed);
    });

    it('when there is no body at all, then 400 malformed', async () => {
      await expectRefused(await call('POST', '/upload/image', { as: customer }), 'invalid_multipart', messages.uploadMalformed);
    });

    it('when the multipart body breaks off before its end, then 400 malformed', async () => {
      const body = Buffer.from('--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff\xe0 halvt billede');
      const token = await signInternalToken({ secret, user: customer });
      const reply = await rawRequest(
        'POST',
        '/upload/image',
        { 'x-internal-token': token, 'content-type': 'multipart/form-data; boundary=b0undary', 'content-length': String(body.length) },
        body,
      );
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ code: 'invalid_multipart', message: messages.uploadMalformed });
      expect(await storedState()).toEqual(before);
    });

    it('when the multipart content type has no boundary, then 400 malformed', async () => {
      const reply = await call('POST', '/upload/image', {
        as: customer,
        body: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      await expectRefused(reply, 'invalid_multipart', messages.uploadMalformed);
    });
  });

  it('when the request has no internal token, then 401', async () => {
    const reply = await call('POST', '/upload/image', { withoutToken: true, body: formWith(await solid(10, 10).jpeg().toBuffer()) });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });
});

describe('POST /upload/document', () => {
  it('when a customer uploads a PDF, then it is stored as it came and answered with file_url', async () => {
    const reply = await upload('document', minimalPdf, customer, 'forsikring.pdf', 'application/pdf');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ file_url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}\.pdf$/) });
    expect((await storage.get(keyOf(reply.body.file_url)))!.equals(minimalPdf)).toBe(true);
    const row = await infra.database.knex('files').where({ key: keyOf(reply.body.file_url) }).first();
    expect(row).toMatchObject({ owner_user_id: customer.id, kind: 'document', content_type: 'application/pdf', size: minimalPdf.length });
  });

  it('when a carrier uploads a photo of a certificate, then it is re-encoded like an image and kept as a document', async () => {
    const reply = await upload('document', await jpegWithExif(2400, 1800, 1), carrier, 'police.jpg');
    expect(reply.status).toBe(201);
    expect(reply.body.file_url).toMatch(/\.jpg$/);
    const stored = (await storage.get(keyOf(reply.body.file_url)))!;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1200, undefined]);
    const row = await infra.database.knex('files').where({ key: keyOf(reply.body.file_url) }).first();
    expect(row).toMatchObject({ kind: 'document', content_type: 'image/jpeg', owner_user_id: carrier.id });
  });

  it('when a guest uploads a document, then 401 and nothing is stored', async () => {
    const before = await storedState();
    const reply = await upload('document', minimalPdf, null, 'a.pdf', 'application/pdf');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
    expect(await storedState()).toEqual(before);
  });

  it.each([
    ['a text file named .pdf', Buffer.from('Ikke en PDF, bare tekst.\n'.repeat(10)), 'a.pdf'],
    ['a ZIP archive', Buffer.concat([Buffer.from('504b030414000000', 'hex'), randomBytes(200)]), 'a.pdf'],
    ['HTML posing as a PDF', Buffer.from('<html><script>alert(1)</script></html>'), 'a.pdf'],
  ])('when %s is uploaded, then 400 unsupported type and nothing stored', async (_, bytes, name) => {
    const before = await storedState();
    const reply = await upload('document', bytes, customer, name, 'application/pdf');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'unsupported_file_type', message: messages.uploadUnsupportedType });
    expect(await storedState()).toEqual(before);
  });

  it('when a document is one byte over 10 MB, then 400 too large (maks. 10 MB)', async () => {
    const before = await storedState();
    const reply = await upload('document', Buffer.concat([minimalPdf, randomBytes(10 * megabyte + 1 - minimalPdf.length)]), customer, 'a.pdf', 'application/pdf');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'file_too_large', message: messages.uploadDocumentTooLarge });
    expect(await storedState()).toEqual(before);
  });
});

describe('GET /files/:key', () => {
  let imageKey: string;
  let documentKey: string;

  beforeAll(async () => {
    imageKey = keyOf((await upload('image', await solid(120, 80).png().toBuffer(), null, 'a.png', 'image/png')).body.url);
    documentKey = keyOf((await upload('document', minimalPdf, customer, 'a.pdf', 'application/pdf')).body.file_url);
  });

  it('when anyone (even anonymous) fetches an image, then it comes inline with nosniff and long private caching', async () => {
    const reply = await call('GET', `/files/${imageKey}`, { as: null });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/jpeg');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(reply.headers.get('content-disposition')).toBe('inline');
    expect(reply.bytes.equals((await storage.get(imageKey))!)).toBe(true);
    expect((await sharp(reply.bytes).metadata()).format).toBe('jpeg');
  });

  it('when the owner fetches their document, then it comes as an attachment that no cache keeps', async () => {
    const reply = await call('GET', `/files/${documentKey}`, { as: customer });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${documentKey}"`);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.bytes.equals(minimalPdf)).toBe(true);
  });

  it('when an admin fetches a document, then 200', async () => {
    expect((await call('GET', `/files/${documentKey}`, { as: admin })).status).toBe(200);
  });

  it("when another user fetches someone's document, then 403", async () => {
    for (const as of [otherCustomer, carrier]) {
      const reply = await call('GET', `/files/${documentKey}`, { as });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
  });

  it('when an anonymous caller fetches a document, then 401', async () => {
    const reply = await call('GET', `/files/${documentKey}`, { as: null });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it('when the key is well formed but unknown, then 404 in Danish', async () => {
    const reply = await call('GET', `/files/${randomUUID()}.jpg`, { as: customer });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'file_not_found', message: messages.fileNotFound });
  });

  it.each([
    '..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..',
    'etc%2Fpasswd',
    `${'A'.repeat(8)}-0000-0000-0000-000000000000.jpg`,
    `${'0'.repeat(8)}-0000-0000-0000-000000000000.exe`,
    `${'0'.repeat(8)}-0000-0000-0000-000000000000.jpg%00.png`,
    'x'.repeat(500),
  ])('when the key is %s, then 400 invalid key', async (key) => {
    const reply = await rawRequest('GET', `/files/${key}`, { 'x-internal-token': await signInternalToken({ secret, user: admin }) });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ code: 'invalid_file_key', message: messages.invalidFileKey });
  });

  it.each(['/files/../../package.json', '/files/../migrations/002_files.ts', '/files//etc/passwd', '/files/a/b.jpg'])(
    'when the path %s tries to leave the folder, then 404 and no file content',
    async (rawPath) => {
      const reply = await rawRequest('GET', rawPath, { 'x-internal-token': await signInternalToken({ secret, user: admin }) });
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.text).code).toBe('not_found');
    },
  );

  it('when the row exists but its bytes are gone, then 404 (not 500)', async () => {
    const key = keyOf((await upload('image', await solid(10, 10).jpeg().toBuffer(), customer)).body.url);
    await storage.delete(key);
    const reply = await call('GET', `/files/${key}`, { as: customer });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('file_not_found');
  });
});

describe('GET /internal/files/:key', () => {
  let documentKey: string;
  let guestImageKey: string;

  beforeAll(async () => {
    documentKey = keyOf((await upload('document', minimalPdf, carrier, 'police.pdf', 'application/pdf')).body.file_url);
    guestImageKey = keyOf((await upload('image', await solid(20, 20).png().toBuffer(), null, 'a.png', 'image/png')).body.url);
  });

  const ask = (key: string) => call('GET', `/internal/files/${key}`, { service: 'identity' });

  it('when a service asks about a stored document, then it gets who stored it and what it is, not the bytes', async () => {
    const reply = await ask(documentKey);
    expect(reply.status).toBe(200);
    expect(internalFileSchema.parse(reply.body)).toEqual({
      key: documentKey,
      owner_user_id: carrier.id,
      kind: 'document',
      content_type: 'application/pdf',
      size: minimalPdf.length,
    });
    expect(reply.bytes.includes(Buffer.from('%PDF'))).toBe(false);
  });

  it("when a service asks about a guest's task photo, then it is an image without an owner", async () => {
    expect((await ask(guestImageKey)).body).toMatchObject({ owner_user_id: null, kind: 'image', content_type: 'image/jpeg' });
  });

  it('when the key is well formed but unknown, then 404 in Danish', async () => {
    const reply = await ask(`${randomUUID()}.pdf`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'file_not_found', message: messages.fileNotFound });
  });

  it.each(['abc', `${randomUUID()}.exe`, `${randomUUID().toUpperCase()}.pdf`, '..%2F..%2Fpackage.json', 'x'.repeat(500)])(
    'when the key is %s, then 400 invalid key (never 500)',
    async (key) => {
      const reply = await ask(key);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'invalid_file_key', message: messages.invalidFileKey });
    },
  );

  it('when the request has no internal token, then 401', async () => {
    const reply = await call('GET', `/internal/files/${documentKey}`, { withoutToken: true });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  it("when a user's forwarded request asks, even the file's owner or an admin, then 403", async () => {
    for (const as of [carrier, admin]) expect((await call('GET', `/internal/files/${documentKey}`, { as })).status).toBe(403);
  });
});

describe('local-disk storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fragtbud-uploads-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('when bytes are put, then they can be read back and deleted, and the folder holds only the file', async () => {
    const disk = createLocalDiskStorage(path.join(dir, 'nested', 'uploads'));
    const key = `${randomUUID()}.jpg`;
    await disk.put(key, Buffer.from('billede'));
    expect((await disk.get(key))?.toString()).toBe('billede');
    expect(await readdir(path.join(dir, 'nested', 'uploads'))).toEqual([key]);
    await disk.delete(key);
    expect(await disk.get(key)).toBeNull();
    await disk.delete(key);
  });

  it('when a key could leave the folder, then the storage refuses it', async () => {
    const disk = createLocalDiskStorage(dir);
    for (const key of ['../x.jpg', '..', 'a/b.jpg', '/etc/passwd', '.hidden', '']) {
      await expect(disk.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(disk.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('anonymous uploads per client address', () => {
  const anonymousFrom = (address: string) =>
    call('POST', '/upload/image', { as: null, body: formWith(null), client: { ip: address, https: false } });

  it('when one address uploads without a login more than 30 times in the window, then 429 with Retry-After; another address and a logged-in user still may', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await anonymousFrom('10.9.0.1')).status);
    expect(statuses).toEqual([...Array(30).fill(400), 429, 429]);

    const refused = await anonymousFrom('10.9.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'too_many_uploads', message: messages.tooManyAnonymousUploads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await anonymousFrom('10.9.0.2')).status).toBe(400);
    const loggedIn = await call('POST', '/upload/image', { as: customer, body: formWith(null), client: { ip: '10.9.0.1', https: false } });
    expect(loggedIn.status).toBe(400);
  });
});
