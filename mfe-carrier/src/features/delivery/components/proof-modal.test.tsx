import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { ApiError, createDraftFileStore, createRequestQueue, draftFiles, flushRequestQueue, requestQueue, setDraftFiles, setRequestQueue, type PreparedImage } from '@fragtbud/web';
import { renderWithQueryClient, setupApiServer } from '@fragtbud/web/testing';
import { PHOTO_KEPT, ProofModal, keptPhotosDraftKey } from './proof-modal';

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
  const indexedDB = new IDBFactory();
  setRequestQueue(createRequestQueue({ indexedDB, locks: null }));
  setDraftFiles(createDraftFileStore({ indexedDB }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setRequestQueue(null);
  setDraftFiles(null);
  sessionStorage.clear();
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

function renderModal(upload: (image: PreparedImage) => Promise<string>, { userId = CARRIER, type = 'pickup' as 'pickup' | 'delivery' } = {}) {
  const onQueued = vi.fn();
  const onSubmitted = vi.fn();
  const onClose = vi.fn();
  const prepare = async (file: File): Promise<PreparedImage> => ({ blob: file, filename: file.name });
  renderWithQueryClient(
    <ProofModal taskId={12} type={type} open userId={userId} onClose={onClose} onSubmitted={onSubmitted} onQueued={onQueued} prepare={prepare} upload={upload} />,
  );
  const title = type === 'pickup' ? 'Bekræft afhentning' : 'Bekræft levering';
  return { onQueued, onSubmitted, onClose, dialog: screen.getByRole('dialog', { name: title }) };
}

/** The bytes of the photos kept on the device for the carrier's pickup proof of task 12. */
const keptOnDevice = async (userId = CARRIER, type: 'pickup' | 'delivery' = 'pickup') =>
  ((await draftFiles()?.list(keptPhotosDraftKey(userId, 12, type))) ?? []).map((file) => ({ filename: file.filename, bytes: [...new Uint8Array(file.bytes)] }));

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

describe('proof modal: photos kept without a connection survive a reload (issue 29)', () => {
  it('when the page is reloaded after a photo was kept, then the reopened proof shows it again, marked, in its place; submitted without a connection it goes into the queue and leaves the device draft', async () => {
    stubObjectUrls();
    const online = { value: true };
    const upload = photoUpload(online);
    const first = renderModal(upload);
    await userEvent.upload(within(first.dialog).getByLabelText('Tilføj billeder'), jpeg('sofa.jpg', [1]));
    expect(await within(first.dialog).findByRole('img', { name: 'Billede 1' })).toBeTruthy();
    online.value = false;
    await userEvent.upload(within(first.dialog).getByLabelText('Tilføj billeder'), jpeg('palle.jpg', [7, 8, 9]));
    expect(await within(first.dialog).findByText(PHOTO_KEPT)).toBeTruthy();
    await userEvent.type(within(first.dialog).getByLabelText('Note'), 'Kælderen');
    expect(await keptOnDevice()).toEqual([{ filename: 'palle.jpg', bytes: [7, 8, 9] }]);

    // The reload: the page and its memory are gone; sessionStorage and IndexedDB stay.
    cleanup();
    const second = renderModal(upload);
    const restored = await within(second.dialog).findByRole('img', { name: 'Billede 2' });
    expect(restored.getAttribute('src')).toBe('blob:kept-2');
    expect(within(second.dialog).getByRole('img', { name: 'Billede 1' }).getAttribute('src')).toBe('/api/files/sofa-1.jpg');
    expect(within(second.dialog).getAllByText(PHOTO_KEPT)).toHaveLength(1);
    expect((within(second.dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Kælderen');

    // Another carrier on the device, or the other proof of the task, sees none of it.
    cleanup();
    const other = renderModal(upload, { userId: CARRIER + 1 });
    await waitFor(async () => expect(await keptOnDevice()).toHaveLength(1));
    expect(within(other.dialog).queryByRole('img', { name: /^Billede/ })).toBeNull();
    cleanup();
    const delivery = renderModal(upload, { type: 'delivery' });
    expect(within(delivery.dialog).queryByRole('img', { name: /^Billede/ })).toBeNull();
    cleanup();

    // Node's Blob for the restored photo (jsdom's has no arrayBuffer, which a browser's has).
    vi.stubGlobal('Blob', NodeBlob);
    const third = renderModal(upload);
    expect(await within(third.dialog).findByText(PHOTO_KEPT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(third.onQueued).toHaveBeenCalledTimes(1));
    const [entry] = (await requestQueue()?.list(CARRIER)) ?? [];
    expect(entry?.body).toMatchObject({ type: 'pickup', images: ['/api/files/sofa-1.jpg'], note: 'Kælderen' });
    expect(entry?.uploads.map(({ bytes, field, filename }) => ({ field, filename, bytes: [...new Uint8Array(bytes)] }))).toEqual([
      { field: 'images', filename: 'palle.jpg', bytes: [7, 8, 9] },
    ]);
    // In the queue now: the device draft is gone, and a reopened proof is empty.
    await waitFor(async () => expect(await keptOnDevice()).toEqual([]));
    cleanup();
    const after = renderModal(upload);
    expect(within(after.dialog).queryByRole('img', { name: /^Billede/ })).toBeNull();
  });

  it('when a kept photo is removed, or the proof is cancelled, then its bytes leave the device', async () => {
    stubObjectUrls();
    const upload = photoUpload({ value: false });
    const { dialog } = renderModal(upload);
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('a.jpg', [1]));
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), jpeg('b.jpg', [2]));
    await waitFor(() => expect(within(dialog).getAllByText(PHOTO_KEPT)).toHaveLength(2));
    expect((await keptOnDevice()).map((file) => file.filename)).toEqual(['a.jpg', 'b.jpg']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern billede 1' }));
    await waitFor(async () => expect((await keptOnDevice()).map((file) => file.filename)).toEqual(['b.jpg']));

    await userEvent.click(screen.getByRole('button', { name: 'Annuller' }));
    await waitFor(async () => expect(await keptOnDevice()).toEqual([]));
  });

  it('when the connection is back at submit, then the restored photo is uploaded, the proof sent at once and the device draft emptied', async () => {
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
    const first = renderModal(upload);
    await userEvent.upload(within(first.dialog).getByLabelText('Tilføj billeder'), jpeg('palle.jpg', [5]));
    expect(await within(first.dialog).findByText(PHOTO_KEPT)).toBeTruthy();
    cleanup();

    online.value = true;
    const second = renderModal(upload);
    expect(await within(second.dialog).findByText(PHOTO_KEPT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(second.onSubmitted).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type: 'pickup', images: ['/api/files/palle-1.jpg'] }]);
    expect(upload).toHaveBeenLastCalledWith(expect.objectContaining({ filename: 'palle.jpg' }), expect.anything());
    await waitFor(async () => expect(await keptOnDevice()).toEqual([]));
  });
});
