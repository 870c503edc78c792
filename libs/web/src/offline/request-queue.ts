/*
 * A queue of writes kept on the device (IndexedDB) while there is no connection: a carrier's proof taken in a
 * basement or on a rural road (issue 29). Each entry is one logical submit with the Idempotency-Key made when the
 * button was pressed; it is sent with that key until the server has it, so the write happens exactly once however
 * often it is retried (the service replays its first answer to a repeat). Files that could not be uploaded yet
 * (a signature, photos) travel with the entry as bytes; once uploaded, their URL is written into the body before the
 * request goes, so every retry sends the same body (the key's fingerprint).
 *
 * Generic: the entry names its API path, body and owner; what to show is the caller's business (`meta`).
 */

import { done, promised } from './idb';

export const QUEUE_DB_NAME = 'fragtbud-offline';
export const QUEUE_STORE = 'requests';
/** Background Sync tag; the service worker asks open pages to send, or sends itself (shell/public/sw.js). */
export const QUEUE_SYNC_TAG = 'fragtbud-request-queue';
/** Cross-tab (and page/service worker) lock: one sender at a time, so no file is uploaded twice. */
export const QUEUE_LOCK = 'fragtbud-request-queue';

/**
 * A file still to upload; its URL goes into `body[field]`, or with `append` is added to the end of the array
 * `body[field]` (a proof's photos picked without a connection). Each is uploaded once: the URL is persisted into the
 * body, and the upload dropped from the entry, before the next one goes.
 */
export interface QueuedUpload {
  field: string;
  append?: boolean;
  bytes: ArrayBuffer;
  type: string;
  filename: string;
}

export type QueuedState = 'waiting' | 'failed';

export interface QueuedRequest<Meta = Record<string, unknown>> {
  /** The Idempotency-Key, made when the user pressed the button; also the entry's id. */
  key: string;
  /** Whose write it is: another user signed in on the device never sends or sees it. */
  ownerId: number;
  method: 'POST' | 'PUT' | 'PATCH';
  /** API path below /api, e.g. `/tasks/12/proofs`. */
  path: string;
  body: Record<string, unknown>;
  uploads: QueuedUpload[];
  /** For the caller's display (task id, proof kind). */
  meta: Meta;
  createdAt: string;
  attempts: number;
  state: QueuedState;
  /** The server refused it for good (state `failed`): its Danish reason. */
  error: string | null;
}

export type NewQueuedRequest<Meta> = Pick<QueuedRequest<Meta>, 'key' | 'ownerId' | 'path' | 'body' | 'meta'> &
  Partial<Pick<QueuedRequest<Meta>, 'method' | 'uploads' | 'createdAt'>>;

/** What sending one entry came to: sent (gone from the queue), try later (kept), or refused for good. */
export type SendOutcome = { kind: 'sent'; answer: unknown } | { kind: 'retry'; reason: string } | { kind: 'refused'; reason: string };

export type Sender = (entry: QueuedRequest, persist: (entry: QueuedRequest) => Promise<void>) => Promise<SendOutcome>;

export interface FlushResult {
  sent: { entry: QueuedRequest; answer: unknown }[];
  refused: QueuedRequest[];
  waiting: number;
}

export interface RequestQueue {
  add<Meta>(entry: NewQueuedRequest<Meta>): Promise<QueuedRequest<Meta>>;
  list(ownerId?: number): Promise<QueuedRequest[]>;
  get(key: string): Promise<QueuedRequest | undefined>;
  remove(key: string): Promise<void>;
  /** Sends every waiting entry (of `ownerId` when given), oldest first, one sender at a time across tabs. */
  flush(send: Sender, ownerId?: number): Promise<FlushResult>;
  close(): void;
}

export interface RequestQueueOptions {
  /** For tests: fake-indexeddb's factory. */
  indexedDB?: IDBFactory;
  name?: string;
  /** For tests: the cross-tab lock (navigator.locks where the browser has it). */
  locks?: Pick<LockManager, 'request'> | null;
}

export function openQueueDb(factory: IDBFactory, name = QUEUE_DB_NAME): Promise<IDBDatabase> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(QUEUE_STORE)) request.result.createObjectStore(QUEUE_STORE, { keyPath: 'key' });
  };
  return promised(request);
}

const defaultLocks = (): Pick<LockManager, 'request'> | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;

export function createRequestQueue(options: RequestQueueOptions = {}): RequestQueue {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= openQueueDb(factory, options.name));
  /** This copy's own guard (a browser without Web Locks, or two flushes in one tab). */
  let flushing: Promise<FlushResult> | null = null;

  async function write(entry: QueuedRequest): Promise<void> {
    const transaction = (await database()).transaction(QUEUE_STORE, 'readwrite');
    transaction.objectStore(QUEUE_STORE).put(entry);
    await done(transaction);
  }

  async function all(): Promise<QueuedRequest[]> {
    const transaction = (await database()).transaction(QUEUE_STORE, 'readonly');
    const entries = await promised(transaction.objectStore(QUEUE_STORE).getAll() as IDBRequest<QueuedRequest[]>);
    return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async function get(key: string): Promise<QueuedRequest | undefined> {
    const transaction = (await database()).transaction(QUEUE_STORE, 'readonly');
    return promised(transaction.objectStore(QUEUE_STORE).get(key) as IDBRequest<QueuedRequest | undefined>);
  }

  async function remove(key: string): Promise<void> {
    const transaction = (await database()).transaction(QUEUE_STORE, 'readwrite');
    transaction.objectStore(QUEUE_STORE).delete(key);
    await done(transaction);
  }

  async function flushNow(send: Sender, ownerId?: number): Promise<FlushResult> {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    for (const listed of await all()) {
      if (ownerId !== undefined && listed.ownerId !== ownerId) continue;
      // Read again: another tab may have sent it while this one waited for the lock.
      const entry = await get(listed.key);
      if (!entry || entry.state !== 'waiting') continue;
      entry.attempts += 1;
      await write(entry);
      let outcome: SendOutcome;
      try {
        outcome = await send(entry, write);
      } catch (error) {
        outcome = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      if (outcome.kind === 'sent') {
        await remove(entry.key);
        result.sent.push({ entry, answer: outcome.answer });
      } else if (outcome.kind === 'refused') {
        const failed = { ...((await get(entry.key)) ?? entry), state: 'failed' as const, error: outcome.reason };
        await write(failed);
        result.refused.push(failed);
      } else {
        result.waiting += 1;
        // No connection: the rest would fail the same way; they go on the next try, in order.
        result.waiting += (await all()).filter((e) => e.state === 'waiting' && e.key !== entry.key && (ownerId === undefined || e.ownerId === ownerId)).length;
        break;
      }
    }
    return result;
  }

  return {
    async add<Meta>(input: NewQueuedRequest<Meta>) {
      const entry: QueuedRequest<Meta> = {
        method: 'POST',
        uploads: [],
        createdAt: new Date().toISOString(),
        ...input,
        attempts: 0,
        state: 'waiting',
        error: null,
      };
      await write(entry as QueuedRequest);
      return entry;
    },
    async list(ownerId) {
      return (await all()).filter((entry) => ownerId === undefined || entry.ownerId === ownerId);
    },
    get,
    remove,
    flush(send, ownerId) {
      if (flushing) return flushing;
      const run = () => flushNow(send, ownerId);
      flushing = (locks ? (locks.request(QUEUE_LOCK, run) as Promise<FlushResult>) : run()).finally(() => {
        flushing = null;
      });
      return flushing;
    },
    close() {
      void db?.then((opened) => opened.close());
      db = null;
    },
  };
}
