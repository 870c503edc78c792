/*
 * Files a form holds before they could be uploaded, kept on the device (IndexedDB) so a reload, a closed app or a lost
 * session does not lose them: a carrier's proof photos taken without a connection (issue 29). Grouped by a draft key
 * the caller makes (whose draft, of what); cleared with the draft when it is sent or discarded. Generic: the key and
 * what the files mean are the caller's business.
 */

import { done, promised } from './idb';

export const DRAFT_FILES_DB_NAME = 'fragtbud-drafts';
export const DRAFT_FILES_STORE = 'files';

export interface DraftFile {
  /** The file's id within its draft (the caller's). */
  id: string;
  bytes: ArrayBuffer;
  type: string;
  filename: string;
}

interface StoredDraftFile extends DraftFile {
  /** `${draft}\u0000${id}`: the store's key. */
  key: string;
  draft: string;
  /** Order of keeping; a draft's files come back in it. */
  seq: number;
}

export interface DraftFileStore {
  /** Keeps (or replaces) one file of the draft. */
  put(draft: string, file: DraftFile): Promise<void>;
  /** The draft's files, in the order they were kept. */
  list(draft: string): Promise<DraftFile[]>;
  remove(draft: string, id: string): Promise<void>;
  /** Forgets every file of the draft. */
  clear(draft: string): Promise<void>;
  close(): void;
}

export interface DraftFileStoreOptions {
  /** For tests: fake-indexeddb's factory. */
  indexedDB?: IDBFactory;
  name?: string;
}

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(DRAFT_FILES_STORE)) {
      request.result.createObjectStore(DRAFT_FILES_STORE, { keyPath: 'key' }).createIndex('draft', 'draft');
    }
  };
  return promised(request);
}

const keyOf = (draft: string, id: string) => `${draft}\u0000${id}`;

export function createDraftFileStore(options: DraftFileStoreOptions = {}): DraftFileStore {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= open(factory, options.name ?? DRAFT_FILES_DB_NAME));
  let seq = Date.now();

  async function ofDraft(draft: string, mode: IDBTransactionMode) {
    const transaction = (await database()).transaction(DRAFT_FILES_STORE, mode);
    const store = transaction.objectStore(DRAFT_FILES_STORE);
    const rows = await promised(store.index('draft').getAll(draft) as IDBRequest<StoredDraftFile[]>);
    return { transaction, store, rows };
  }

  return {
    async put(draft, file) {
      const transaction = (await database()).transaction(DRAFT_FILES_STORE, 'readwrite');
      const row: StoredDraftFile = { id: file.id, bytes: file.bytes, type: file.type, filename: file.filename, key: keyOf(draft, file.id), draft, seq: (seq += 1) };
      transaction.objectStore(DRAFT_FILES_STORE).put(row);
      await done(transaction);
    },
    async list(draft) {
      const { rows } = await ofDraft(draft, 'readonly');
      return rows.sort((a, b) => a.seq - b.seq).map(({ id, bytes, type, filename }) => ({ id, bytes, type, filename }));
    },
    async remove(draft, id) {
      const transaction = (await database()).transaction(DRAFT_FILES_STORE, 'readwrite');
      transaction.objectStore(DRAFT_FILES_STORE).delete(keyOf(draft, id));
      await done(transaction);
    },
    async clear(draft) {
      const { transaction, store, rows } = await ofDraft(draft, 'readwrite');
      for (const row of rows) store.delete(row.key);
      await done(transaction);
    },
    close() {
      void db?.then((opened) => opened.close());
      db = null;
    },
  };
}

let shared: DraftFileStore | null = null;

/** The device's draft files, or null where there is no IndexedDB. */
export function draftFiles(): DraftFileStore | null {
  if (shared) return shared;
  if (typeof indexedDB === 'undefined') return null;
  return (shared = createDraftFileStore());
}

/** For tests: another store (fake-indexeddb), or null to go back to the browser's. */
export function setDraftFiles(store: DraftFileStore | null): void {
  shared = store;
}
