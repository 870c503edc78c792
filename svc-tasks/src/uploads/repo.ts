import type { FileKind } from '@fragtbud/contracts';
import type { Knex } from 'knex';

export interface StoredFile {
  key: string;
  ownerUserId: number | null;
  kind: FileKind;
  contentType: string;
  size: number;
  createdAt: Date;
}

interface FileRow {
  key: string;
  owner_user_id: number | null;
  kind: FileKind;
  content_type: string;
  size: number;
  created_at: Date;
}

const toStoredFile = (row: FileRow): StoredFile => ({
  key: row.key,
  ownerUserId: row.owner_user_id,
  kind: row.kind,
  contentType: row.content_type,
  size: row.size,
  createdAt: row.created_at,
});

export async function insertFile(db: Knex, file: Omit<StoredFile, 'createdAt'>): Promise<StoredFile> {
  const [row] = await db<FileRow>('files')
    .insert({
      key: file.key,
      owner_user_id: file.ownerUserId,
      kind: file.kind,
      content_type: file.contentType,
      size: file.size,
    })
    .returning('*');
  return toStoredFile(row as FileRow);
}

export async function findFile(db: Knex, key: string): Promise<StoredFile | null> {
  const row = await db<FileRow>('files').where({ key }).first();
  return row ? toStoredFile(row) : null;
}
