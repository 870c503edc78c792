import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { uploadImage } from '../uploads/upload-image';
import {
  QUEUE_SYNC_TAG,
  createRequestQueue,
  type FlushResult,
  type NewQueuedRequest,
  type QueuedRequest,
  type RequestQueue,
  type SendOutcome,
  type Sender,
} from './request-queue';

/** Shown on a queued write (issue 29). */
export const QUEUED_TEXT = 'Venter på forbindelse – sendes automatisk';

/** Announced on window (and to other tabs) when the queue changed: something added, sent or refused. */
export const QUEUE_CHANGED_EVENT = 'fragtbud:queue-changed';
const CHANNEL = 'fragtbud-request-queue';
/** This page: its own channel messages come back to it through other copies of this module (shell and remotes). */
const PAGE_KEY = '__fragtbudQueuePage';
const pageId = ((globalThis as Record<string, unknown>)[PAGE_KEY] ??= Math.random().toString(36).slice(2)) as string;

export interface QueueChange {
  /** Entries the server now has, with its answers. */
  sent: { key: string; meta: unknown; answer: unknown }[];
  refused: { key: string; meta: unknown; reason: string }[];
}

/** Statuses worth trying again later: no connection, a gateway or service away, throttled. */
const transient = new Set([0, 408, 425, 429, 500, 502, 503, 504]);

/**
 * True for a failure the offline queue should keep a write for (no network, 503 …) rather than show as refused: the
 * same request with the same Idempotency-Key may succeed later. Also a duplicate still running (409 in progress).
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return !(error instanceof DOMException && error.name === 'AbortError');
  if (error.status === 409) return error.code === 'idempotency_in_progress';
  return transient.has(error.status);
}

/**
 * Sends one entry: its files first (each URL written into the body and kept, so a retry sends the same body), then the
 * request with its Idempotency-Key.
 */
export const sendQueued: Sender = async (entry, persist): Promise<SendOutcome> => {
  try {
    while (entry.uploads.length > 0) {
      const [upload] = entry.uploads;
      if (!upload) break;
      const url = await uploadImage(new Blob([upload.bytes], { type: upload.type }), upload.filename);
      const current = entry.body[upload.field];
      const value = upload.append ? [...(Array.isArray(current) ? current : []), url] : url;
      entry.body = { ...entry.body, [upload.field]: value };
      entry.uploads = entry.uploads.slice(1);
      await persist(entry);
    }
    const answer = await apiRequest<unknown>(entry.path, { method: entry.method, body: entry.body, idempotencyKey: entry.key });
    return { kind: 'sent', answer };
  } catch (error) {
    const reason = isApiError(error) ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : String(error);
    // Signed out meanwhile (401): kept for when the carrier signs in again.
    const later = isTransientFailure(error) || (isApiError(error) && error.status === 401);
    return later ? { kind: 'retry', reason } : { kind: 'refused', reason };
  }
};

let shared: RequestQueue | null = null;
/** The device's queue (null where the browser has no IndexedDB). */
export function requestQueue(): RequestQueue | null {
  if (shared) return shared;
  if (typeof indexedDB === 'undefined') return null;
  return (shared = createRequestQueue());
}

/** For tests: another queue (fake-indexeddb), or null to go back to the browser's. */
export function setRequestQueue(queue: RequestQueue | null): void {
  shared = queue;
}

function announce(change: QueueChange): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<QueueChange>(QUEUE_CHANGED_EVENT, { detail: change }));
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ ...change, page: pageId });
    channel.close();
  }
}

/** Asks the browser to wake the service worker when the connection is back (Background Sync, where it exists). */
async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
    await registration?.sync?.register(QUEUE_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or not allowed: the next online event or app start sends it.
  }
}

/** Puts a write in the device's queue (kept across reloads) and asks for a send when the connection returns. */
export async function enqueueRequest<Meta>(entry: NewQueuedRequest<Meta>): Promise<QueuedRequest<Meta>> {
  const queue = requestQueue();
  if (!queue) throw new Error('IndexedDB is not available');
  const added = await queue.add(entry);
  announce({ sent: [], refused: [] });
  void requestBackgroundSync();
  return added;
}

/** Sends what is waiting for `ownerId` now; announces what went and what was refused. */
export async function flushRequestQueue(ownerId?: number): Promise<FlushResult | null> {
  const queue = requestQueue();
  if (!queue) return null;
  const result = await queue.flush(sendQueued, ownerId);
  if (result.sent.length > 0 || result.refused.length > 0) {
    announce({
      sent: result.sent.map(({ entry, answer }) => ({ key: entry.key, meta: entry.meta, answer })),
      refused: result.refused.map((entry) => ({ key: entry.key, meta: entry.meta, reason: entry.error ?? '' })),
    });
  }
  return result;
}

/** Calls `listener` on every change of the queue, in this tab or another; returns the unsubscribe. */
export function onQueueChange(listener: (change: QueueChange) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const local = (event: Event) => listener((event as CustomEvent<QueueChange>).detail);
  window.addEventListener(QUEUE_CHANGED_EVENT, local);
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) {
    channel.onmessage = (event: MessageEvent<QueueChange & { page?: string }>) => {
      if (event.data.page !== pageId) listener(event.data);
    };
  }
  return () => {
    window.removeEventListener(QUEUE_CHANGED_EVENT, local);
    channel?.close();
  };
}

export interface OfflineSyncOptions {
  ownerId: number;
  /** The service worker's URL (served from the site root so its scope is the whole site). */
  serviceWorkerUrl?: string | null;
  /** While online, how often what is still waiting is tried again (a server that answered 503 comes back). */
  retryMs?: number;
}

/**
 * For a signed-in carrier (the shell loads this lazily, never on a visitor's first load): registers the service worker
 * (app shell for reloads without signal), sends what is queued now (app start), on every `online` event, and when the
 * service worker's Background Sync asks for it. Returns the stop function.
 */
export function startOfflineSync({ ownerId, serviceWorkerUrl = '/sw.js', retryMs = 10_000 }: OfflineSyncOptions): () => void {
  const flush = () => void flushRequestQueue(ownerId).catch(() => undefined);
  const onMessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'fragtbud:flush-queue') flush();
  };
  window.addEventListener('online', flush);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  if (serviceWorkerUrl && navigator.serviceWorker) {
    navigator.serviceWorker
      .register(serviceWorkerUrl, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What this page already loaded before the worker existed goes into its cache too (the next reload may be offline).
        const assets = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'fragtbud:cache-assets', urls: [location.href, ...assets] });
      })
      .catch(() => undefined);
  }
  flush();
  const retry = setInterval(() => {
    if (navigator.onLine !== false) flush();
  }, retryMs);
  return () => {
    clearInterval(retry);
    window.removeEventListener('online', flush);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
