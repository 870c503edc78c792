import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '@fragtbud/contracts';
import type { PreparedImage } from '@fragtbud/web';
import { IDBFactory } from 'fake-indexeddb';
import { createRequestQueue, flushRequestQueue, setRequestQueue } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { DeliveryPanel } from './delivery-panel';

const server = setupApiServer();
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true, name: 'Jens Kørsel' });
const RULE = 'Tilføj bevis (billede/underskrift/lokation) eller markér forgæves kørsel.';

/*
 * jsdom has no canvas: the 2D context is a recording stand-in and toBlob answers with a small PNG blob (Node's, so
 * Node's fetch sends it as a file; see the photo picker's tests for the FormData realm).
 */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
function stubCanvas() {
  const context = new Proxy({} as Record<string, unknown>, {
    get: (target, key) => (key in target ? target[key as string] : (target[key as string] = vi.fn())),
    set: (target, key, value) => {
      target[key as string] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => context) as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback: BlobCallback) {
    callback(new NodeBlob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) as unknown as Blob);
  });
}

type Geo = Pick<Geolocation, 'getCurrentPosition'>;
function setGeolocation(geolocation: Geo | undefined) {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
}
function geolocationAt(lat: number, lng: number, accuracy: number) {
  const getCurrentPosition = vi.fn((success: PositionCallback) => {
    success({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition);
  });
  setGeolocation({ getCurrentPosition: getCurrentPosition as unknown as Geolocation['getCurrentPosition'] });
  return getCurrentPosition;
}

beforeEach(() => {
  stubCanvas();
  vi.stubGlobal('FormData', NodeFormData);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setGeolocation(undefined);
});

/** Idempotency-Key of every proof POST, in order. */
let proofKeys: (string | null)[] = [];

/**
 * POST /tasks/12/proofs answering 201 like svc-tasks (or with `answer`); records each body without its `captured_at`
 * (checked here: the time of the press, in ISO) and each Idempotency-Key in `proofKeys`.
 */
function proofsApi(answer?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  proofKeys = [];
  server.use(
    http.post('/api/tasks/12/proofs', async ({ request }) => {
      const { captured_at: capturedAt, ...body } = (await request.json()) as Record<string, unknown>;
      expect(typeof capturedAt === 'string' && Math.abs(Date.parse(capturedAt) - Date.now()) < 60_000).toBe(true);
      proofKeys.push(request.headers.get('idempotency-key'));
      bodies.push(body);
      if (answer) return answer();
      const failed = body.failed === true;
      const status = failed ? 'paid' : body.type === 'pickup' ? 'picked_up' : 'delivered';
      return HttpResponse.json(
        {
          proof: {
            id: 1,
            task_id: 12,
            type: failed ? `${String(body.type)}_failed` : body.type,
            image_urls: body.images ?? [],
            signature_image: body.signature ?? null,
            lat: body.lat ?? null,
            lng: body.lng ?? null,
            accuracy: body.accuracy ?? null,
            signer_name: body.signer_name ?? null,
            note: body.note ?? null,
            occurred_at: '2026-11-21T12:00:00.000Z',
            submitted_by: 3,
            created_at: '2026-11-21T12:00:00.000Z',
          },
          task: { id: 12, status, pickup_at: null, delivered_at: null },
        },
        { status: 201 },
      );
    }),
  );
  return bodies;
}

/** PATCH /tasks/12/status; records each body. */
function statusApi(answer: (status: string) => Response = (status) => HttpResponse.json({ id: 12, status })) {
  const bodies: unknown[] = [];
  server.use(
    http.patch('/api/tasks/12/status', async ({ request }) => {
      const body = (await request.json()) as { status: string };
      bodies.push(body);
      return answer(body.status);
    }),
  );
  return bodies;
}

function renderPanel(status: TaskStatus, extra: { upload?: (image: PreparedImage) => Promise<string>; paidAt?: string | null } = {}) {
  setSession(carrier);
  const onChanged = vi.fn();
  const prepare = async (file: File): Promise<PreparedImage> => ({ blob: file, filename: file.name });
  const paidAt = extra.paidAt === undefined ? '2026-03-01T10:00:00.000Z' : extra.paidAt;
  const view = renderWithQueryClient(<DeliveryPanel task={{ id: 12, status, paid_at: paidAt }} onChanged={onChanged} prepare={prepare} upload={extra.upload} />);
  return { onChanged, unmount: view.unmount };
}

async function openProof(name: 'Bekræft afhentning' | 'Bekræft levering') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog', { name });
}

function cleanupPanel() {
  cleanup();
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('delivery panel', () => {
  it.each<[TaskStatus, string[]]>([
    ['assigned', ['Bekræft afhentning']],
    ['paid', ['Bekræft afhentning']],
    ['picked_up', ['Markér som på vej', 'Bekræft levering', 'Tilføj afhentningsbevis']],
    ['in_transit', ['Bekræft levering']],
    ['delivered', ['Afslut opgave']],
    ['completed', []],
    ['open_for_bids', []],
  ])('while %s offers %j', (status, expected) => {
    renderPanel(status);
    expect(buttonNames()).toEqual(expected);
  });

  it('shows nothing to a customer', () => {
    setSession(makeUser({ role: 'customer' }));
    renderWithQueryClient(<DeliveryPanel task={{ id: 12, status: 'paid' }} onChanged={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses an empty proof with the rule text and sends nothing', async () => {
    const bodies = proofsApi();
    renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    await userEvent.type(within(dialog).getByLabelText('Navn på underskriver'), 'Karen');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(RULE);
    expect(bodies).toEqual([]);
  });

  it('confirms pickup with the position: high accuracy, 10 s timeout, posted with the signer and note', async () => {
    const getCurrentPosition = geolocationAt(55.67594, 12.56553, 12.4);
    const bodies = proofsApi();
    const { onChanged } = renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ enableHighAccuracy: true, timeout: 10000 }));
    expect(within(dialog).getByRole('status').textContent).toContain('55,67594° N, 12,56553° Ø (± 12 m)');
    await userEvent.type(within(dialog).getByLabelText('Navn på underskriver'), ' Karen Kunde ');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'To kasser');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type: 'pickup', lat: 55.67594, lng: 12.56553, accuracy: 12.4, signer_name: 'Karen Kunde', note: 'To kasser' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Afhentning bekræftet');
  });

  it('once picked up, a further pickup proof can be added (a wrong photo deleted from the fragtbrev is replaced)', async () => {
    geolocationAt(55.67594, 12.56553, 12.4);
    const bodies = proofsApi();
    const { onChanged } = renderPanel('picked_up');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj afhentningsbevis' }));
    const dialog = screen.getByRole('dialog', { name: 'Bekræft afhentning' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Nyt billede af pallen');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type: 'pickup', lat: 55.67594, lng: 12.56553, accuracy: 12.4, note: 'Nyt billede af pallen' }]);
  });

  it('records a failed trip with failed: true and nothing else required', async () => {
    const bodies = proofsApi();
    const { onChanged } = renderPanel('in_transit');
    const dialog = await openProof('Bekræft levering');
    await userEvent.click(within(dialog).getByLabelText('Forgæves kørsel (modtager nægtede / kunne ikke gennemføres)'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Ingen hjemme');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type: 'delivery', note: 'Ingen hjemme', failed: true }]);
    expect(screen.getByRole('status').textContent).toBe('Forgæves kørsel registreret');
  });

  it('at pickup the failed trip names the sender, not the recipient', async () => {
    const bodies = proofsApi();
    renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    expect(within(dialog).queryByLabelText(/modtager/)).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('Forgæves kørsel (afsender var der ikke / kunne ikke gennemføres)'));
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(bodies).toEqual([{ type: 'pickup', failed: true }]));
  });

  it('uploads the drawn signature as a PNG and sends its URL; the photos go as their URLs', async () => {
    const uploads: { name: string; type: string }[] = [];
    server.use(
      http.post('/api/upload/image', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        uploads.push({ name: file.name, type: file.type });
        return HttpResponse.json({ url: '/api/files/sig-1.jpg' }, { status: 201 });
      }),
    );
    const bodies = proofsApi();
    const upload = vi.fn(async () => '/api/files/photo-1.jpg');
    renderPanel('picked_up', { upload });
    const dialog = await openProof('Bekræft levering');

    const photo = new NodeFile([new Uint8Array([1])], 'sofa.jpg', { type: 'image/jpeg' }) as unknown as File;
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), photo);
    expect(await within(dialog).findByRole('img', { name: 'Billede 1' })).toBeTruthy();
    expect(within(dialog).getByText('1 af 6')).toBeTruthy();

    const pad = within(dialog).getByRole('img', { name: /Underskrift/ });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(pad.getAttribute('aria-label')).toBe('Underskrift: underskrevet');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(uploads).toEqual([{ name: 'underskrift.png', type: 'image/png' }]);
    expect(bodies[0]).toEqual({ type: 'delivery', images: ['/api/files/photo-1.jpg'], signature: '/api/files/sig-1.jpg' });
    expect(await screen.findByText('Levering bekræftet')).toBeTruthy();
  });

  it('a cleared signature is no proof', async () => {
    proofsApi();
    renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    const pad = within(dialog).getByRole('img', { name: /Underskrift/ });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ryd underskrift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(RULE);
  });

  it('says when the position cannot be fetched, and when the browser has no geolocation', async () => {
    setGeolocation({
      getCurrentPosition: ((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
        failure?.({ code: 1, message: 'denied' } as GeolocationPositionError)) as Geolocation['getCurrentPosition'],
    });
    renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Kunne ikke hente lokation. Tjek tilladelser og prøv igen.');

    setGeolocation(undefined);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Din browser understøtter ikke geolokation.');
  });

  it('shows "Kunne ikke gemme bevis." with the server\'s reason when the proof is refused', async () => {
    geolocationAt(55.6, 12.5, 20);
    proofsApi(() => HttpResponse.json({ code: 'status_change_not_allowed', message: 'Statusændringen er ikke tilladt.' }, { status: 409 }));
    const { onChanged } = renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Kunne ikke gemme bevis.Statusændringen er ikke tilladt.');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says "Kunne ikke indsende bevis." when the proof never reaches the server', async () => {
    geolocationAt(55.6, 12.5, 20);
    proofsApi(() => HttpResponse.error());
    renderPanel('in_transit');
    const dialog = await openProof('Bekræft levering');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Kunne ikke indsende bevis\./);
  });

  describe('without a connection (offline queue, issue 29)', () => {
    beforeEach(() => setRequestQueue(createRequestQueue({ indexedDB: new IDBFactory(), locks: null })));
    afterEach(() => setRequestQueue(null));

    it('keeps a proof that never reached the server on the device, says so, and sends it once with the same key when the connection returns', async () => {
      geolocationAt(55.6, 12.5, 20);
      proofsApi(() => HttpResponse.error());
      const { onChanged } = renderPanel('paid');
      const dialog = await openProof('Bekræft afhentning');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
      await userEvent.type(within(dialog).getByLabelText('Navn på underskriver'), 'Bo');
      await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
      expect((await screen.findByText('Afhentningsbevis · opgave #12: Venter på forbindelse – sendes automatisk')).getAttribute('role')).toBe('status');
      expect(screen.queryByRole('dialog')).toBeNull();
      // Not taken a second time while it waits.
      expect(screen.queryByRole('button', { name: 'Bekræft afhentning' })).toBeNull();
      expect(onChanged).not.toHaveBeenCalled();
      const firstKey = proofKeys[0];
      expect(firstKey).toMatch(/^[A-Za-z0-9_.:-]{10,}$/);

      const bodies = proofsApi();
      await act(async () => {
        await flushRequestQueue(carrier.id);
      });
      expect(await screen.findByText('Afhentning bekræftet')).toBeTruthy();
      expect(screen.queryByText(/Venter på forbindelse/)).toBeNull();
      expect(bodies).toEqual([{ type: 'pickup', lat: 55.6, lng: 12.5, accuracy: 20, signer_name: 'Bo' }]);
      expect(proofKeys).toEqual([firstKey]);
      expect(onChanged).toHaveBeenCalledTimes(1);
      await act(async () => {
        await flushRequestQueue(carrier.id);
      });
      expect(bodies).toHaveLength(1);
    });

    it('keeps it too when the server answers 503; a refusal (409) is shown, not queued', async () => {
      geolocationAt(55.6, 12.5, 20);
      proofsApi(() => HttpResponse.json({ code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig' }, { status: 503 }));
      renderPanel('in_transit');
      let dialog = await openProof('Bekræft levering');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
      await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
      expect(await screen.findByText('Leveringsbevis · opgave #12: Venter på forbindelse – sendes automatisk')).toBeTruthy();
      setRequestQueue(createRequestQueue({ indexedDB: new IDBFactory(), locks: null }));

      proofsApi(() => HttpResponse.json({ code: 'status_change_not_allowed', message: 'Statusændringen er ikke tilladt.' }, { status: 409 }));
      cleanupPanel();
      renderPanel('in_transit');
      dialog = await openProof('Bekræft levering');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
      await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke gemme bevis.Statusændringen er ikke tilladt.');
      expect(screen.queryByText(/Venter på forbindelse/)).toBeNull();
    });
  });

  it('marks the task in transit with PATCH status and says "Markeret som på vej"', async () => {
    const bodies = statusApi();
    const { onChanged } = renderPanel('picked_up');
    await userEvent.click(screen.getByRole('button', { name: 'Markér som på vej' }));
    expect(await screen.findByText('Markeret som på vej')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'in_transit' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says "Kunne ikke opdatere status til "På vej"." when in transit is refused', async () => {
    statusApi(() => HttpResponse.json({ code: 'status_change_not_allowed', message: 'Statusændringen er ikke tilladt.' }, { status: 409 }));
    const { onChanged } = renderPanel('picked_up');
    await userEvent.click(screen.getByRole('button', { name: 'Markér som på vej' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke opdatere status til "På vej".Statusændringen er ikke tilladt.');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('finishes a delivered task ("Opgaven er afsluttet"), or says "Kunne ikke afslutte opgaven."', async () => {
    const bodies = statusApi();
    const { onChanged } = renderPanel('delivered');
    await userEvent.click(screen.getByRole('button', { name: 'Afslut opgave' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Afslut opgaven?' })).getByRole('button', { name: 'Afslut opgave' }));
    expect(await screen.findByText('Opgaven er afsluttet')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'completed' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    statusApi(() => new HttpResponse(null, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Afslut opgave' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Afslut opgaven?' })).getByRole('button', { name: 'Afslut opgave' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke afslutte opgaven.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks before 'Afslut opgave' and sends nothing when the carrier cancels", async () => {
    const bodies = statusApi();
    const { onChanged } = renderPanel('delivered');
    await userEvent.click(screen.getByRole('button', { name: 'Afslut opgave' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Afslut opgaven?' });
    expect(dialog.textContent).toContain('Det kan ikke fortrydes');
    expect(bodies).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bodies).toEqual([]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("sends one PATCH for a double click on 'Markér som på vej' and keeps the button disabled while it runs", async () => {
    let answer!: () => void;
    const bodies = statusApi((status) => {
      return new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ id: 12, status }));
      }) as unknown as Response;
    });
    const { onChanged } = renderPanel('picked_up');
    const button = screen.getByRole('button', { name: 'Markér som på vej' }) as HTMLButtonElement;
    // Both clicks before React re-renders (a real double click can beat the render that disables the button).
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((screen.getByRole('button', { name: /Markér som på vej/ }) as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect(await screen.findByText('Markeret som på vej')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'in_transit' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("sends one PATCH for a double click on the confirming 'Afslut opgave'", async () => {
    const bodies = statusApi();
    renderPanel('delivered');
    await userEvent.click(screen.getByRole('button', { name: 'Afslut opgave' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Afslut opgaven?' })).getByRole('button', { name: 'Afslut opgave' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(await screen.findByText('Opgaven er afsluttet')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'completed' }]);
  });

  it.each<['Bekræft afhentning' | 'Bekræft levering', TaskStatus, string]>([
    ['Bekræft afhentning', 'paid', 'pickup'],
    ['Bekræft levering', 'in_transit', 'delivery'],
  ])("sends one proof for a double click on 'Indsend bevis' (%s)", async (name, status, type) => {
    geolocationAt(55.6, 12.5, 20);
    const bodies = proofsApi();
    const { onChanged } = renderPanel(status);
    const dialog = await openProof(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    const submit = screen.getByRole('button', { name: 'Indsend bevis' });
    act(() => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ type, lat: 55.6, lng: 12.5, accuracy: 20 }]);
  });

  it('asks at delivery for the recipient\'s signature', async () => {
    renderPanel('picked_up');
    const delivery = await openProof('Bekræft levering');
    expect(delivery.textContent).toContain('modtagerens underskrift');
    await userEvent.click(within(delivery).getByRole('button', { name: 'Annuller' }));
  });

  it('asks at pickup for the sender\'s signature, not the recipient\'s', async () => {
    renderPanel('paid');
    const pickup = await openProof('Bekræft afhentning');
    expect(pickup.textContent).toContain('Tilføj billeder, afsenderens underskrift eller din position – eller markér forgæves kørsel.');
    expect(pickup.textContent).not.toContain('modtagerens underskrift');
  });

  it("when the customer has not paid yet, then 'Afventer betaling' and 'Afslut opgave' cannot be pressed", async () => {
    const bodies = statusApi();
    renderPanel('delivered', { paidAt: null });
    expect(screen.getByText('Afventer betaling')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Afslut opgave' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([]);
  });

  it('after a 401 and a new login the proof comes back with the photo, position, signer and note, and is sent with them', async () => {
    geolocationAt(55.67594, 12.56553, 12.4);
    const bodies = proofsApi();
    const refused: unknown[] = [];
    server.use(
      http.post(
        '/api/tasks/12/proofs',
        async ({ request }) => {
          refused.push(await request.json());
          return HttpResponse.json({ code: 'unauthorized', message: 'Session udløbet – log ind igen' }, { status: 401 });
        },
        { once: true },
      ),
    );
    const upload = vi.fn(async () => '/api/files/palle-1.jpg');
    const first = renderPanel('paid', { upload });
    const dialog = await openProof('Bekræft afhentning');
    const photo = new NodeFile([new Uint8Array([1, 2, 3])], 'palle.jpg', { type: 'image/jpeg' }) as unknown as File;
    await userEvent.upload(within(dialog).getByLabelText('Tilføj billeder'), photo);
    expect(await within(dialog).findByRole('img', { name: 'Billede 1' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent min position' }));
    await userEvent.type(within(dialog).getByLabelText('Navn på underskriver'), 'Ole Sælger');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'En palle med brækket hjørne');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(refused).toHaveLength(1));
    first.unmount(); // to /login?next=… and back

    const { onChanged } = renderPanel('paid', { upload });
    const reopened = await screen.findByRole('dialog', { name: 'Bekræft afhentning' });
    expect((within(reopened).getByLabelText('Navn på underskriver') as HTMLInputElement).value).toBe('Ole Sælger');
    expect((within(reopened).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('En palle med brækket hjørne');
    expect(within(reopened).getByRole('status').textContent).toContain('55,67594° N, 12,56553° Ø');
    await userEvent.click(screen.getByRole('button', { name: 'Indsend bevis' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{
      type: 'pickup',
      images: ['/api/files/palle-1.jpg'],
      lat: 55.67594,
      lng: 12.56553,
      accuracy: 12.4,
      signer_name: 'Ole Sælger',
      note: 'En palle med brækket hjørne',
    }]);
    expect(sessionStorage.getItem('fragtbud:proof-draft:12')).toBeNull();
  });

  it("does not offer the proof draft to another user, forgets it on 'Annuller', and drops a pickup draft once picked up", async () => {
    const first = renderPanel('paid');
    const dialog = await openProof('Bekræft afhentning');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Porten er låst');
    first.unmount();

    setSession(makeUser({ id: 9, role: 'carrier', is_approved: true }));
    const other = renderWithQueryClient(<DeliveryPanel task={{ id: 12, status: 'paid', paid_at: null }} onChanged={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    other.unmount();

    const again = renderPanel('paid');
    const reopened = await screen.findByRole('dialog', { name: 'Bekræft afhentning' });
    await userEvent.click(within(reopened).getByRole('button', { name: 'Annuller' }));
    expect(sessionStorage.getItem('fragtbud:proof-draft:12')).toBeNull();
    again.unmount();

    sessionStorage.setItem(
      'fragtbud:proof-draft:12',
      JSON.stringify({ ownerId: 3, type: 'pickup', values: { images: [], location: null, signer_name: '', note: 'x', failed: false } }),
    );
    renderPanel('picked_up');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('fragtbud:proof-draft:12')).toBeNull();
  });

  it('asks for the signature again when a proof draft comes back whose signature was drawn (the canvas is not kept)', async () => {
    const first = renderPanel('picked_up');
    const dialog = await openProof('Bekræft levering');
    const pad = within(dialog).getByRole('img', { name: /Underskrift/ });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    first.unmount(); // a reload

    renderPanel('picked_up');
    const reopened = await screen.findByRole('dialog', { name: 'Bekræft levering' });
    expect(within(reopened).getByText('Underskriften blev ikke gemt – lad underskriveren skrive under igen.')).toBeTruthy();
    const again = within(reopened).getByRole('img', { name: /Underskrift/ });
    expect(again.getAttribute('aria-label')).not.toBe('Underskrift: underskrevet');
    fireEvent.pointerDown(again, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(again, { pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(again, { pointerId: 1 });
    await waitFor(() => expect(within(reopened).queryByText(/Underskriften blev ikke gemt/)).toBeNull());
  });
});
