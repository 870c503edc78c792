import { randomUUID } from 'node:crypto';
import { fileKeySchema, fileUrlOf, type AuthUser, type FileKind } from '@fragtbud/contracts';
import { domainError, type Logger } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { reencodeImage, sniffContent } from './content';
import { findFile, insertFile, type StoredFile } from './repo';
import type { FileStorage } from './storage';

export interface UploadsContext {
  db: Knex;
  storage: FileStorage;
  logger: Logger;
}

interface PreparedFile {
  data: Buffer;
  extension: 'jpg' | 'pdf';
  contentType: 'image/jpeg' | 'application/pdf';
}

/** A photo (task photos, proofs): any image we can decode, re-encoded; guests creating a task may upload too. */
export async function storeImage(context: UploadsContext, owner: AuthUser | null, upload: Buffer): Promise<{ url: string }> {
  const sniffed = await sniffContent(upload);
  if (sniffed.kind === 'other-image') {
    throw domainError('unsupported_image_type');
  }
  if (sniffed.kind !== 'image') throw domainError('not_an_image');
  const prepared = await preparedImage(upload, sniffed.mime);
  const stored = await store(context, owner, 'image', prepared);
  return { url: fileUrlOf(stored.key) };
}

/** A document (insurance certificate, …): a PDF kept as it came, or an image re-encoded like a photo. */
export async function storeDocument(context: UploadsContext, owner: AuthUser, upload: Buffer): Promise<{ file_url: string }> {
  const sniffed = await sniffContent(upload);
  let prepared: PreparedFile;
  if (sniffed.kind === 'pdf') prepared = { data: upload, extension: 'pdf', contentType: 'application/pdf' };
  else if (sniffed.kind === 'image') prepared = await preparedImage(upload, sniffed.mime);
  else throw domainError('unsupported_file_type');
  const stored = await store(context, owner, 'document', prepared);
  return { file_url: fileUrlOf(stored.key) };
}

export interface OpenedFile {
  file: StoredFile;
  data: Buffer;
}

/**
 * A stored file for GET /files/{key}. Images are public to whoever has the key (task photos show on public
 * browse cards); documents only to their owner and admins — widened per owning object by later issues.
 */
export async function openFile(context: UploadsContext, caller: AuthUser | null, rawKey: string): Promise<OpenedFile> {
  const file = await storedFileOf(context.db, rawKey);
  if (file.kind === 'document') {
    if (!caller) throw domainError('unauthorized');
    if (caller.role !== 'admin' && caller.id !== file.ownerUserId) throw domainError('forbidden');
  }
  const data = await context.storage.get(file.key);
  if (!data) {
    context.logger.warn({ key: file.key }, 'file row without stored bytes');
    throw domainError('file_not_found');
  }
  return { file, data };
}

/** The record of a stored file (not its bytes): 400 for a malformed key, 404 when nothing is stored under it. */
export async function storedFileOf(db: Knex, rawKey: string): Promise<StoredFile> {
  const parsedKey = fileKeySchema.safeParse(rawKey);
  if (!parsedKey.success) throw domainError('invalid_file_key');
  const file = await findFile(db, parsedKey.data);
  if (!file) throw domainError('file_not_found');
  return file;
}

async function preparedImage(upload: Buffer, sniffedMime: string): Promise<PreparedFile> {
  return { data: await reencodeImage(upload, sniffedMime), extension: 'jpg', contentType: 'image/jpeg' };
}

/** Bytes first, then the row; a row that cannot be written takes its bytes away again. */
async function store(context: UploadsContext, owner: AuthUser | null, kind: FileKind, prepared: PreparedFile): Promise<StoredFile> {
  const key = `${randomUUID()}.${prepared.extension}`;
  await context.storage.put(key, prepared.data);
  try {
    return await insertFile(context.db, {
      key,
      ownerUserId: owner?.id ?? null,
      kind,
      contentType: prepared.contentType,
      size: prepared.data.length,
    });
  } catch (error) {
    await context.storage.delete(key).catch((cleanupError: unknown) => {
      context.logger.error({ err: cleanupError, key }, 'could not remove the bytes of an unrecorded file');
    });
    throw error;
  }
}
