import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { ApiError, createRequestQueue, flushRequestQueue, requestQueue, setRequestQueue, type PreparedImage } from '@fragtbud/web';
import { renderWithQueryClient, setupApiServer } from '@fragtbud/web/testing';
import { PHOTO_KEPT, ProofModal } from './proof-modal';

const server = setupApiServer();
const CARRIER = 3;
/** Node's FormData, so Node's fetch sends the queue's upload as a file (see the photo picker's tests). */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;

/** jsdom has no object URLs: a stand-in that names each blob and records what was let go. */
function stubObjectUrls() {
  let next = 0;
  const revoked: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => `blob:kept-${++next}`) });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn((url: string) => revoked.push(url)) });
  return revoked;
}

beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
  setRequestQueue(createRequestQueue({ indexedDB: new IDBFactory(), locks: null }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setRequestQueue(null);
});

/** The picker's upload: fails like a lost connection while `online.value` is false. */
function photoUpload(online: { value: boolean }) {
  let uploads = 0;
  return vi.fn(async (image: PreparedImage) => {
    if (!online.value) throw new ApiError({ status: 0, code: 'network_error', message: 'Ingen forbindelse' });
    uploads += 1;
    return `/api/files/${image.filename.replace('.jpg', '')}-${uploads}.jpg`;
  });
}

function renderModal(upload: (image: PreparedImage) => Promise<string>) {
  const onQueued = vi.fn();
  const onSubmitted = vi.fn();
  const prepare = async (file: File): Promise<PreparedImage> => ({ blob: file, filename: file.name });
  renderWithQueryClient(
    <ProofModal taskId={12} type="pickup" open userId={CARRIER} onClose={vi.fn()} onSubmitted={onSubmitted} onQueued={onQueued} prepare={prepare} upload={upload} />,
  );
  return { onQueued, onSubmitted, dialog: screen.getByRole('dialog', { name: 'Bekræft afhentning' }) };
}

const jpeg = (name: string, bytes: number[]) => new NodeFile([new Uint8Array(bytes)], name, { type: 'image/jpeg' }) as unknown as File;

describe('proof modal: photos without a connection (issue 29)', () => {
  it('when a photo’s upload finds no connection, then it is kept and marked; on submit the proof is queued with the photo, which is uploaded once when the connection returns', async () => {
    const revoked = stubObjectUrls();
    const online = { value: true };
    const upload = photoUpload(online);
    const posts: { key: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.post('/api/tasks/12/proofs', async ({ request }) => {
        posts.push({ key: request.headers.get('idempotency-key'), body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({ proof: { id: 1 }, task: { id: 12, status: 'picked_up' } }, { status: 201 });
      }),
    );
    const { dialog, onQueued, onSubmitted } = renderModal(upload);

    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('sofa.jpg', [1]));
    expect(await within(dialog).findByRole('img', { name: 'Billede 1' })).toBeTruthy();

    online.value = false;
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('palle.jpg', [7, 8, 9]));
    const kept = await within(dialog).findByRole('img', { name: 'Billede 2' });
    expect(kept.getAttribute('src')).toBe('blob:kept-1');
    expect(within(dialog).getByText(PHOTO_KEPT)).toBeTruthy();
    expect(within(dialog).getAllByText(PHOTO_KEPT)).toHaveLength(1);
    expect(within(dialog).getByText('2 af 6')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(onSubmitted).not.toHaveBeenCalled();
    // Tried once more on submit, still without a connection: nothing was posted.
    expect(upload).toHaveBeenCalledTimes(3);
    expect(posts).toEqual([]);
    expect(revoked).toEqual(['blob:kept-1']);

    const [entry] = (await requestQueue()?.list(CARRIER)) ?? [];
    expect(entry?.path).toBe('/tasks/12/proofs');
    const { captured_at: capturedAt, ...body } = entry?.body ?? {};
    expect(typeof capturedAt).toBe('string');
    expect(body).toEqual({ type: 'pickup', images: ['/api/files/sofa-1.jpg'] });
    expect(entry?.uploads.map(({ bytes, ...upload }) => ({ ...upload, bytes: [...new Uint8Array(bytes)] }))).toEqual([
      { field: 'images', append: true, type: 'image/jpeg', filename: 'palle.jpg', bytes: [7, 8, 9] },
    ]);

    // The connection is back: the photo is uploaded, then the proof goes with the key of the press.
    const uploaded: { name: string; size: number }[] = [];
    server.use(
      http.post('/api/upload/image', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        uploaded.push({ name: file.name, size: file.size });
        return HttpResponse.json({ url: '/api/files/palle-q.jpg' }, { status: 201 });
      }),
    );
    // The queue makes the file with the global Blob: Node's here, so Node's FormData and fetch send it (jsdom realm).
    vi.stubGlobal('Blob', NodeBlob);
    await act(async () => {
      await flushRequestQueue(CARRIER);
    });
    expect(uploaded).toEqual([{ name: 'palle.jpg', size: 3 }]);
    expect(posts).toEqual([{ key: entry?.key, body: { type: 'pickup', images: ['/api/files/sofa-1.jpg', '/api/files/palle-q.jpg'], captured_at: capturedAt } }]);
    expect(await requestQueue()?.list(CARRIER)).toEqual([]);
  });

  it('when the connection is back by the time of submit, then the kept photo is uploaded then and the proof sent at once, not queued', async () => {
    stubObjectUrls();
    const online = { value: false };
    const upload = photoUpload(online);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/tasks/12/proofs', async ({ request }) => {
        const { captured_at: _capturedAt, ...body } = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ proof: { id: 1 }, task: { id: 12, status: 'picked_up' } }, { status: 201 });
      }),
    );
    const { dialog, onQueued, onSubmitted } = renderModal(upload);
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('palle.jpg', [1]));
    expect(await within(dialog).findByText(PHOTO_KEPT)).toBeTruthy();

    online.value = true;
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type: 'pickup', images: ['/api/files/palle-1.jpg'] }]);
    expect(onQueued).not.toHaveBeenCalled();
    expect(await requestQueue()?.list(CARRIER)).toEqual([]);
  });

  it('when the upload is refused (not a lost connection), then the photo is not kept and the picker shows the error', async () => {
    stubObjectUrls();
    const upload = vi.fn(async () => {
      throw new ApiError({ status: 400, code: 'invalid_image', message: 'Filen er ikke et billede' });
    });
    const { dialog } = renderModal(upload);
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('x.jpg', [1]));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Filen er ikke et billede');
    expect(within(dialog).queryByText(PHOTO_KEPT)).toBeNull();
    expect(within(dialog).queryByRole('img', { name: 'Billede 1' })).toBeNull();
  });
});
