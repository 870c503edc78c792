import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApiServer } from '../testing';
import type { PreparedImage } from './downscale-image';
import { PhotoPicker } from './photo-picker';
import { uploadImage } from './upload-image';

const server = setupApiServer();

/*
 * jsdom brings its own FormData/File, which Node's fetch sends as the text "[object File]". A browser has one realm;
 * here the test gives the code Node's FormData (taken from a Response, as Node does not export it) and Node's files.
 */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
beforeEach(() => vi.stubGlobal('FormData', NodeFormData));
afterEach(() => vi.unstubAllGlobals());

function photo(name = 'sofa.png'): File {
  return new NodeFile([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }) as unknown as File;
}
function blob(type?: string): Blob {
  return new NodeBlob(['x'], { type }) as unknown as Blob;
}

/** The canvas does not exist in jsdom; the real downscaling is the browser's job (e2e). */
const prepare = async (file: File): Promise<PreparedImage> => ({
  blob: new NodeBlob([await file.arrayBuffer()], { type: 'image/jpeg' }) as unknown as Blob,
  filename: file.name.replace(/\.\w+$/, '.jpg'),
});

function Harness({ initial = [] as string[], onUrls }: { initial?: string[]; onUrls?: (urls: string[]) => void }) {
  const [urls, setUrls] = useState(initial);
  return (
    <PhotoPicker
      value={urls}
      prepare={prepare}
      onChange={(next) => {
        setUrls(next);
        onUrls?.(next);
      }}
    />
  );
}

function uploadHandler() {
  let count = 0;
  const names: string[] = [];
  server.use(
    http.post('/api/upload/image', async ({ request }) => {
      const file = (await request.formData()).get('file');
      names.push(typeof file === 'string' || file === null ? String(file) : file.name);
      count += 1;
      return HttpResponse.json({ url: `/api/files/photo-${count}.jpg` }, { status: 201 });
    }),
  );
  return names;
}

describe('uploadImage', () => {
  it('posts the photo as multipart field "file" on the session cookie alone (no bearer) and resolves with its URL', async () => {
    sessionStorage.setItem('fragtbud.session-token', 'left-over-from-an-old-version');
    let seen: { auth: string | null; name: string | undefined; type: string | undefined } | undefined;
    server.use(
      http.post('/api/upload/image', async ({ request }) => {
        const file = (await request.formData()).get('file') as File | null;
        seen = { auth: request.headers.get('authorization'), name: file?.name, type: file?.type };
        return HttpResponse.json({ url: '/api/files/a.jpg' });
      }),
    );
    await expect(uploadImage(blob('image/jpeg'), 'sofa.jpg')).resolves.toBe('/api/files/a.jpg');
    expect(seen).toEqual({ auth: null, name: 'sofa.jpg', type: 'image/jpeg' });
  });

  it('an answer without a URL is "Billedupload returnerede ikke en URL."', async () => {
    server.use(http.post('/api/upload/image', () => HttpResponse.json({ ok: true })));
    await expect(uploadImage(blob())).rejects.toMatchObject({ message: 'Billedupload returnerede ikke en URL.' });
  });

  it('a refusal shows the server text, else "Kunne ikke uploade billede."', async () => {
    server.use(http.post('/api/upload/image', () => HttpResponse.json({ code: 'not_an_image', message: 'Filen er ikke et billede.' }, { status: 400 })));
    await expect(uploadImage(blob())).rejects.toMatchObject({ status: 400, message: 'Filen er ikke et billede.' });
    server.use(http.post('/api/upload/image', () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(uploadImage(blob())).rejects.toMatchObject({ message: 'Kunne ikke uploade billede.' });
    server.use(http.post('/api/upload/image', () => HttpResponse.error()));
    await expect(uploadImage(blob())).rejects.toMatchObject({ message: 'Kunne ikke uploade billede.' });
  });
});

describe('PhotoPicker', () => {
  it('uploads the chosen photos and shows them as thumbnails that can be removed', async () => {
    const names = uploadHandler();
    const onUrls = vi.fn();
    const user = userEvent.setup();
    render(<Harness onUrls={onUrls} />);

    await user.upload(screen.getByLabelText('Tilføj billeder'), [photo('sofa.png'), photo('bord.png')]);
    expect(await screen.findByRole('img', { name: 'Billede 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Billede 1' }).getAttribute('src')).toBe('/api/files/photo-1.jpg');
    expect(names).toEqual(['sofa.jpg', 'bord.jpg']);
    expect(screen.getByText('2 af 12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Fjern billede 1' }));
    expect(onUrls).toHaveBeenLastCalledWith(['/api/files/photo-2.jpg']);
    expect(screen.queryByRole('img', { name: 'Billede 2' })).toBeNull();
  });

  it('never holds more than 12: extra photos are left out with "Du kan kun uploade op til 12 billeder"', async () => {
    const names = uploadHandler();
    const initial = Array.from({ length: 11 }, (_, i) => `/api/files/old-${i}.jpg`);
    const onUrls = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={initial} onUrls={onUrls} />);

    await user.upload(screen.getByLabelText('Tilføj billeder'), [photo('a.png'), photo('b.png'), photo('c.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Du kan kun uploade op til 12 billeder');
    await waitFor(() => expect(screen.getByText('12 af 12')).toBeTruthy());
    expect(names).toEqual(['a.jpg']);
    expect(onUrls).toHaveBeenLastCalledWith([...initial, '/api/files/photo-1.jpg']);
    expect(screen.queryByLabelText('Tilføj billeder')).toBeNull(); // full: no add tile
  });

  it('shows the upload error and keeps the photos it already has', async () => {
    server.use(http.post('/api/upload/image', () => HttpResponse.json({}, { status: 200 })));
    const user = userEvent.setup();
    render(<Harness initial={['/api/files/old.jpg']} />);
    await user.upload(screen.getByLabelText('Tilføj billeder'), photo());
    expect((await screen.findByRole('alert')).textContent).toBe('Billedupload returnerede ikke en URL.');
    expect(screen.getByText('1 af 12')).toBeTruthy();
  });

  it('tells the form while uploads are running', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const onBusyChange = vi.fn();
    const upload = vi.fn(async () => {
      await gate;
      return '/api/files/x.jpg';
    });
    const user = userEvent.setup();
    render(<PhotoPicker value={[]} onChange={() => undefined} prepare={prepare} upload={upload} onBusyChange={onBusyChange} />);
    await user.upload(screen.getByLabelText('Tilføj billeder'), photo());
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true));
    release();
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false));
  });
});
