import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupApiServer } from '../testing';
import { ApiError } from '../api/api-error';
import { isTransientFailure, sendQueued } from './offline-sync';
import { createRequestQueue, type QueuedRequest, type SendOutcome } from './request-queue';

const server = setupApiServer();

const proof = (key: string, ownerId = 7, taskId = 12) => ({
  key,
  ownerId,
  path: `/tasks/${taskId}/proofs`,
  body: { type: 'pickup', lat: 55.68, lng: 12.57, captured_at: '2026-11-28T10:00:00.000Z' },
  meta: { taskId, label: `Afhentningsbevis · opgave #${taskId}` },
});

/** A Web Locks stand-in shared by two queue copies (the shell's and a remote's in one tab, or two tabs). */
function sharedLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: ((_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    }) as unknown as LockManager['request'],
  };
}

describe('request queue (IndexedDB)', () => {
  it('when a write is queued, then a new queue on the same device (a reload) still has it, with its key, body and owner', async () => {
    const indexedDB = new IDBFactory();
    const before = createRequestQueue({ indexedDB, locks: null });
    await before.add(proof('key-1'));
    before.close();

    const after = createRequestQueue({ indexedDB, locks: null });
    const [entry] = await after.list(7);
    expect(entry).toMatchObject({ key: 'key-1', ownerId: 7, path: '/tasks/12/proofs', state: 'waiting', attempts: 0, method: 'POST' });
    expect(entry?.body).toEqual(proof('key-1').body);
    expect(await after.list(8)).toEqual([]);
  });

  it('when flushed, then each waiting entry is sent once, oldest first, and leaves the queue; a second flush sends nothing', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    await queue.add({ ...proof('first'), createdAt: '2026-11-28T10:00:00.000Z' });
    await queue.add({ ...proof('second', 7, 13), createdAt: '2026-11-28T10:05:00.000Z' });
    const sent: string[] = [];
    const result = await queue.flush(async (entry) => {
      sent.push(entry.key);
      return { kind: 'sent', answer: { ok: entry.key } };
    });
    expect(sent).toEqual(['first', 'second']);
    expect(result.sent.map((s) => s.answer)).toEqual([{ ok: 'first' }, { ok: 'second' }]);
    expect(await queue.list()).toEqual([]);
    await queue.flush(async (entry) => {
      sent.push(entry.key);
      return { kind: 'sent', answer: null };
    });
    expect(sent).toEqual(['first', 'second']);
  });

  it('when the first entry cannot go yet (no connection), then it and the rest stay in order for the next try', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    await queue.add({ ...proof('a'), createdAt: '2026-11-28T10:00:00.000Z' });
    await queue.add({ ...proof('b'), createdAt: '2026-11-28T10:01:00.000Z' });
    const tried: string[] = [];
    const result = await queue.flush(async (entry): Promise<SendOutcome> => {
      tried.push(entry.key);
      return { kind: 'retry', reason: 'offline' };
    });
    expect(tried).toEqual(['a']);
    expect(result.waiting).toBe(2);
    const entries = await queue.list();
    expect(entries.map((e) => [e.key, e.state, e.attempts])).toEqual([
      ['a', 'waiting', 1],
      ['b', 'waiting', 0],
    ]);
  });

  it('when the server refuses an entry for good, then it is kept as failed with the reason and never sent again', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    await queue.add(proof('refused'));
    let sends = 0;
    const refuse = async (): Promise<SendOutcome> => {
      sends += 1;
      return { kind: 'refused', reason: 'Statusændringen er ikke tilladt' };
    };
    const result = await queue.flush(refuse);
    expect(result.refused.map((e) => [e.key, e.error])).toEqual([['refused', 'Statusændringen er ikke tilladt']]);
    await queue.flush(refuse);
    expect(sends).toBe(1);
    expect((await queue.get('refused'))?.state).toBe('failed');
    await queue.remove('refused');
    expect(await queue.list()).toEqual([]);
  });

  it('when only one owner is flushed, then another user’s entries on the device are left alone', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    await queue.add(proof('mine', 7));
    await queue.add(proof('theirs', 8));
    const sent: string[] = [];
    await queue.flush(async (entry) => {
      sent.push(entry.key);
      return { kind: 'sent', answer: null };
    }, 7);
    expect(sent).toEqual(['mine']);
    expect((await queue.list()).map((e) => e.key)).toEqual(['theirs']);
  });

  it('when two copies flush at once (online event and Background Sync, shell and remote), then every entry is sent exactly once', async () => {
    const indexedDB = new IDBFactory();
    const locks = sharedLocks();
    const shell = createRequestQueue({ indexedDB, locks });
    const remote = createRequestQueue({ indexedDB, locks });
    await shell.add(proof('once'));
    const sent: string[] = [];
    const send = async (entry: QueuedRequest): Promise<SendOutcome> => {
      sent.push(entry.key);
      // A send that takes a while (the other flushes run meanwhile), not a wait for something to happen.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { kind: 'sent', answer: null };
    };
    await Promise.all([shell.flush(send), remote.flush(send), shell.flush(send)]);
    expect(sent).toEqual(['once']);
  });
});

describe('sendQueued', () => {
  it('when the signature could not be uploaded offline, then it is uploaded first, its URL kept, and every try sends the same body with the same key', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    const png = new TextEncoder().encode('png-bytes').buffer as ArrayBuffer;
    await queue.add({ ...proof('proof-key'), uploads: [{ field: 'signature', bytes: png, type: 'image/png', filename: 'underskrift.png' }] });

    let uploads = 0;
    const posts: { key: string | null; body: unknown }[] = [];
    let serverUp = false;
    server.use(
      http.post('/api/upload/image', () => {
        uploads += 1;
        return HttpResponse.json({ url: `/api/files/sig-${uploads}.png` }, { status: 201 });
      }),
      http.post('/api/tasks/12/proofs', async ({ request }) => {
        posts.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        if (!serverUp) return HttpResponse.json({ code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig' }, { status: 503 });
        return HttpResponse.json({ proof: { id: 1 }, task: { id: 12, status: 'picked_up' } }, { status: 201 });
      }),
    );

    const first = await queue.flush(sendQueued);
    expect(first.waiting).toBe(1);
    const kept = await queue.get('proof-key');
    expect(kept?.uploads).toEqual([]);
    expect(kept?.body.signature).toBe('/api/files/sig-1.png');

    serverUp = true;
    const second = await queue.flush(sendQueued);
    expect(second.sent.map((s) => s.answer)).toEqual([{ proof: { id: 1 }, task: { id: 12, status: 'picked_up' } }]);
    expect(uploads).toBe(1);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toEqual(posts[1]);
    expect(posts[1]).toEqual({ key: 'proof-key', body: { ...proof('proof-key').body, signature: '/api/files/sig-1.png' } });
    expect(await queue.list()).toEqual([]);
  });

  it('when photos were picked offline, then each is uploaded once and appended to the images array in order, and every try sends the same body with the same key', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
    const body = { ...proof('photo-key').body, images: ['/api/files/online.jpg'] };
    await queue.add({
      ...proof('photo-key'),
      body,
      uploads: [
        { field: 'images', append: true, bytes: bytes('jpeg-1'), type: 'image/jpeg', filename: 'a.jpg' },
        { field: 'images', append: true, bytes: bytes('jpeg-2'), type: 'image/jpeg', filename: 'b.jpg' },
      ],
    });

    let uploads = 0;
    let uploadUp = true;
    let serverUp = false;
    const posts: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/upload/image', () => {
        if (!uploadUp) return HttpResponse.json({ code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig' }, { status: 503 });
        uploads += 1;
        // The second photo finds the upload service away: the first one's URL is already kept.
        uploadUp = false;
        return HttpResponse.json({ url: `/api/files/photo-${uploads}.jpg` }, { status: 201 });
      }),
      http.post('/api/tasks/12/proofs', async ({ request }) => {
        posts.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        if (!serverUp) return HttpResponse.json({ code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig' }, { status: 503 });
        return HttpResponse.json({ proof: { id: 1 }, task: { id: 12, status: 'picked_up' } }, { status: 201 });
      }),
    );

    expect((await queue.flush(sendQueued)).waiting).toBe(1);
    let kept = await queue.get('photo-key');
    expect(kept?.body.images).toEqual(['/api/files/online.jpg', '/api/files/photo-1.jpg']);
    expect(kept?.uploads.map((u) => u.filename)).toEqual(['b.jpg']);
    expect(posts).toHaveLength(0);

    uploadUp = true;
    expect((await queue.flush(sendQueued)).waiting).toBe(1);
    kept = await queue.get('photo-key');
    expect(kept?.uploads).toEqual([]);
    expect(kept?.body.images).toEqual(['/api/files/online.jpg', '/api/files/photo-1.jpg', '/api/files/photo-2.jpg']);

    serverUp = true;
    const sent = await queue.flush(sendQueued);
    expect(sent.sent).toHaveLength(1);
    expect(uploads).toBe(2);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toEqual(posts[1]);
    expect(posts[1]).toEqual({
      key: 'photo-key',
      body: { ...body, images: ['/api/files/online.jpg', '/api/files/photo-1.jpg', '/api/files/photo-2.jpg'] },
    });
    expect(await queue.list()).toEqual([]);
  });

  it('when there is no network at all, then the entry waits; when the server refuses it (409), then it is failed with the server’s Danish text', async () => {
    const queue = createRequestQueue({ indexedDB: new IDBFactory(), locks: null });
    await queue.add(proof('k'));
    server.use(http.post('/api/tasks/12/proofs', () => HttpResponse.error()));
    expect((await queue.flush(sendQueued)).waiting).toBe(1);

    server.use(
      http.post('/api/tasks/12/proofs', () =>
        HttpResponse.json({ code: 'status_change_not_allowed', message: 'Statusændringen er ikke tilladt' }, { status: 409 }),
      ),
    );
    const result = await queue.flush(sendQueued);
    expect(result.refused.map((e) => e.error)).toEqual(['Statusændringen er ikke tilladt']);
  });

  it('classifies failures: network, timeouts, 5xx and a duplicate still running are tried again; 400/403/409 are not', () => {
    const error = (status: number, code = `http_${status}`) => new ApiError({ status, code, message: 'x' });
    for (const e of [error(0, 'network_error'), error(0, 'timeout'), error(503), error(502), error(504), error(429), error(409, 'idempotency_in_progress'), new TypeError('Failed to fetch')]) {
      expect(isTransientFailure(e), `${(e as ApiError).status} ${(e as ApiError).code}`).toBe(true);
    }
    for (const e of [error(400), error(403), error(404), error(409, 'status_change_not_allowed'), error(422, 'idempotency_key_reused')]) {
      expect(isTransientFailure(e), `${e.status} ${e.code}`).toBe(false);
    }
  });
});
