import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type FreightNote, type Proof, type TaskStatus } from '@fragtbud/contracts';
import { setupShellApiServer } from '../../../../testing/api-server';
import { ConsignmentTab } from './consignment-tab';
import { limitedFreightNote, makeFreightNote } from './freight-note-fixtures';
import { makeUser, renderWithQueryClient, setSession } from '@fragtbud/web/testing';

const server = setupShellApiServer();

const proof = (overrides: Partial<Proof> = {}): Proof => ({
  id: 1,
  task_id: 5,
  type: 'pickup',
  image_urls: ['/api/files/pickup-1.jpg'],
  signature_image: '/api/files/signature-1.png',
  lat: 56.15,
  lng: 10.2,
  accuracy: 12,
  signer_name: 'Karen Kunde',
  note: 'Alt i orden',
  occurred_at: '2026-11-21T09:30:00.000Z',
  submitted_by: 3,
  created_at: '2026-11-21T09:30:00.000Z',
  ...overrides,
});

function serve(note: FreightNote, proofs: Proof[] = []) {
  server.use(
    http.get('/api/tasks/5/freight-note', () => HttpResponse.json(note)),
    http.get('/api/tasks/5/proofs', () => HttpResponse.json({ items: proofs })),
  );
}

function renderTab() {
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/task/5?tab=consignment']}>
      <ConsignmentTab taskId={5} signedIn />
    </MemoryRouter>,
  );
}

const box = (name: string) => screen.getByRole('region', { name });
const group = (name: string) => screen.getByRole('group', { name });
/** The text a control's aria-describedby points at: the error shown beside it. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

/** The note served, each PUT's body recorded; the edit form opened. */
function openFormRecordingPuts(): Array<{ goods: { weightKg: number } }> {
  serve(makeFreightNote());
  const puts: Array<{ goods: { weightKg: number } }> = [];
  server.use(
    http.put('/api/tasks/5/freight-note', async ({ request }) => {
      puts.push((await request.json()) as { goods: { weightKg: number } });
      return HttpResponse.json(makeFreightNote());
    }),
  );
  renderTab();
  return puts;
}

/** 'Vægt (kg)' in box 7, once 'Rediger fragtbrev' has opened the form. */
async function goodsWeight(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));
  return within(group('7. Gods')).getByRole('textbox', { name: 'Vægt (kg)' });
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear(); // the edit form's draft
});

describe('consignment tab (Fragtbrev)', () => {
  it('shows the seven numbered boxes with the note, its status, the proofs and the PDF link', async () => {
    serve(makeFreightNote(), [proof(), proof({ id: 2, type: 'delivery_failed', image_urls: [], signature_image: null, note: null, signer_name: null, lat: null, lng: null })]);
    renderTab();

    expect(await screen.findByRole('heading', { name: /Fragtbrev for opgave #5/ })).toBeTruthy();
    const titles = ['1. Afsender', '2. Afhentningssted', '3. Modtager', '4. Leveringssted', '5. Betaler', '6. Fragtfører', '7. Gods'];
    for (const title of titles) expect(box(title)).toBeTruthy();
    expect(within(box('1. Afsender')).getByText('Karen Kunde')).toBeTruthy();
    expect(within(box('2. Afhentningssted')).getByText(/Vestergade 1\s+8000 Aarhus C\s+Danmark/)).toBeTruthy();
    expect(within(box('5. Betaler')).getByText('12345678')).toBeTruthy();
    // A sender without an address has no 'Adresse' row, not one that reads only 'Danmark'.
    expect(within(box('1. Afsender')).queryByText('Adresse')).toBeNull();
    expect(within(box('1. Afsender')).queryByText('Danmark')).toBeNull();
    expect(within(box('6. Fragtfører')).getByText('Kørsel A/S')).toBeTruthy();
    const goods = box('7. Gods');
    expect(within(goods).getByText('13')).toBeTruthy();
    expect(within(goods).getByText('250 kg')).toBeTruthy();
    expect(within(goods).getByText('8,5 m³')).toBeTruthy();
    expect(within(goods).getByText('Almindeligt gods')).toBeTruthy();
    expect(screen.getByText('Status: Kladde')).toBeTruthy();
    expect(screen.queryByText('Låst')).toBeNull();

    const pdf = screen.getByRole('link', { name: 'Gem som PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/tasks/5/freight-note.pdf');
    expect(pdf.hasAttribute('download')).toBe(true);

    const pickup = await screen.findByRole('region', { name: 'Bevis for afhentning' });
    expect(within(pickup).getByText('Underskrevet af Karen Kunde')).toBeTruthy();
    expect(within(pickup).getByText('Position 56,15000° N, 10,20000° Ø')).toBeTruthy(); // Danish decimal commas
    expect(within(pickup).getByRole('img', { name: 'Underskrift' })).toBeTruthy();
    expect(within(pickup).getByRole('img', { name: 'Bevis for afhentning, billede 1' })).toBeTruthy();
    expect(within(box('Bevis for levering')).getByText(/forgæves kørsel/)).toBeTruthy();
   }, 10_000);

  it('shows a limited view as the server sends it, without edit and without proofs', async () => {
    serve(limitedFreightNote(makeFreightNote({ can_edit: false })));
    renderTab();

    expect(await screen.findByRole('region', { name: '2. Afhentningssted' })).toBeTruthy();
    expect(within(box('2. Afhentningssted')).getByText(/Skjult indtil opgaven er tildelt\s+8000 Aarhus C\s+Danmark/)).toBeTruthy();
    expect(within(box('1. Afsender')).queryByText('Karen Kunde')).toBeNull();
    expect(within(box('6. Fragtfører')).getByText('Ikke udfyldt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rediger fragtbrev' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bevis for afhentning' })).toBeNull();
  });

  it('marks a locked note and offers no edit', async () => {
    serve(makeFreightNote({ status: 'locked', locked: true, can_edit: false }));
    renderTab();
    expect(await screen.findByText('Status: Låst')).toBeTruthy();
    expect(screen.getAllByText(/Låst/)).toHaveLength(1); // no second 'Låst' badge beside 'Status: Låst'
    expect(screen.queryByRole('button', { name: 'Rediger fragtbrev' })).toBeNull();
  });

  it('adds the "Låst" badge to a locked status that does not say so itself', async () => {
    serve(makeFreightNote({ status: 'approved', locked: true, can_edit: false }));
    renderTab();
    expect(await screen.findByText('Status: Godkendt')).toBeTruthy();
    expect(screen.getByText('Låst')).toBeTruthy();
  });

  it("offers 'Godstype' as Danish choices and sends the chosen value", async () => {
    serve(makeFreightNote());
    const puts: Array<{ goods?: { type?: string } }> = [];
    server.use(
      http.put('/api/tasks/5/freight-note', async ({ request }) => {
        puts.push((await request.json()) as { goods?: { type?: string } });
        return HttpResponse.json(makeFreightNote());
      }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));
    const type = within(group('7. Gods')).getByRole('combobox', { name: 'Godstype' });
    expect((type as HTMLSelectElement).value).toBe('general');
    expect(within(type).getByRole('option', { name: 'Almindeligt gods' })).toBeTruthy();
    await userEvent.selectOptions(type, within(type).getByRole('option', { name: 'Paller' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));
    expect(await screen.findByText('Fragtbrevet er gemt')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]?.goods?.type).toBe('pallets');
  });

  it('edits the note: Danish errors beside the fields, nothing sent until they are right, then one PUT', async () => {
    serve(makeFreightNote());
    const puts: unknown[] = [];
    server.use(
      http.put('/api/tasks/5/freight-note', async ({ request }) => {
        const body = (await request.json()) as { bill_to: { cvr: string } };
        puts.push(body);
        return HttpResponse.json(
          makeFreightNote({ bill_to: { ...makeFreightNote().bill_to, cvr: body.bill_to.cvr }, updated_at: '2026-11-21T10:00:00.000Z' }),
        );
      }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));

    const cvr = within(group('5. Betaler')).getByRole('textbox', { name: 'CVR-nummer' });
    await userEvent.clear(cvr);
    await userEvent.type(cvr, '123');
    const postal = within(group('2. Afhentningssted')).getByRole('textbox', { name: 'Postnummer' });
    await userEvent.clear(postal);
    await userEvent.type(postal, '80');
    const packages = within(group('7. Gods')).getByRole('textbox', { name: 'Antal kolli' });
    await userEvent.clear(packages);
    await userEvent.type(packages, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));

    expect(cvr.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(cvr)).toBe(messages.cvrInvalid);
    expect(describedBy(postal)).toBe(messages.postalCodeInvalid);
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(within(group('7. Gods')).getByText(messages.freightPackagesInvalid)).toBeTruthy();
    expect(puts).toEqual([]);

    await userEvent.clear(cvr);
    await userEvent.type(cvr, '8765 4321');
    await userEvent.clear(postal);
    await userEvent.type(postal, '8000');
    await userEvent.clear(packages);
    await userEvent.type(packages, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));

    expect(await screen.findByText('Fragtbrevet er gemt')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      bill_to: { cvr: '87654321', name: 'Karen Kunde', company: 'Kunde ApS' },
      pickup: { postalCode: '8000', street: 'Vestergade', address: 'Vestergade 1, 8000 Aarhus C' },
      goods: { packages: 14, weightKg: 250, type: 'general' },
      carrier: { name: 'Jens Kørsel' },
    });
    expect(within(box('5. Betaler')).getByText('87654321')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gem fragtbrev' })).toBeNull();
  }, 15_000);

  it('reads the weight the Danish way: 1.234,5 kg is sent as 1234.5', async () => {
    const puts = openFormRecordingPuts();
    const weight = await goodsWeight();
    await userEvent.clear(weight);
    await userEvent.type(weight, '1.234,5');
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));

    expect(await screen.findByText('Fragtbrevet er gemt')).toBeTruthy();
    expect(puts[0]?.goods.weightKg).toBe(1234.5);
  });

  it('keeps what was typed through a reload: the form opens again with it, and the draft is gone once saved', async () => {
    const puts = openFormRecordingPuts();
    const weight = await goodsWeight();
    await userEvent.clear(weight);
    await userEvent.type(weight, '1.250,5');

    cleanup(); // the reload
    renderTab();
    const again = within(await screen.findByRole('group', { name: '7. Gods' })).getByRole('textbox', { name: 'Vægt (kg)' }) as HTMLInputElement;
    expect(again.value).toBe('1.250,5');
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));
    expect(await screen.findByText('Fragtbrevet er gemt')).toBeTruthy();
    expect(puts[0]?.goods.weightKg).toBe(1250.5);
    expect(sessionStorage.length).toBe(0);
  });

  it('forgets the draft when editing is cancelled', async () => {
    serve(makeFreightNote());
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));
    await userEvent.type(within(group('7. Gods')).getByRole('textbox', { name: 'Vægt (kg)' }), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Annuller' }));
    cleanup();
    renderTab();
    expect(await screen.findByRole('button', { name: 'Rediger fragtbrev' })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('shows stored numbers the Danish way in the form (12,5 kg, not 12.5) and sends them back unchanged', async () => {
    const stored = makeFreightNote({
      goods: { description: 'Kuvert', packages: 3, weightKg: 12.5, volumeM3: 0.75, type: 'general' },
    });
    serve(stored);
    const puts: Array<{ goods: { weightKg: number; volumeM3: number; packages: number } }> = [];
    server.use(
      http.put('/api/tasks/5/freight-note', async ({ request }) => {
        puts.push((await request.json()) as (typeof puts)[number]);
        return HttpResponse.json(stored);
      }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));
    const goods = within(group('7. Gods'));
    expect((goods.getByRole('textbox', { name: 'Vægt (kg)' }) as HTMLInputElement).value).toBe('12,5');
    expect((goods.getByRole('textbox', { name: 'Volumen (m³)' }) as HTMLInputElement).value).toBe('0,75');
    expect((goods.getByRole('textbox', { name: 'Antal kolli' }) as HTMLInputElement).value).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));

    expect(await screen.findByText('Fragtbrevet er gemt')).toBeTruthy();
    expect(puts[0]?.goods).toMatchObject({ weightKg: 12.5, volumeM3: 0.75, packages: 3 });
  });

  it("shows the server's refusal and a field error the server names beside its field", async () => {
    serve(makeFreightNote());
    let answer = 0;
    server.use(
      http.put('/api/tasks/5/freight-note', () =>
        ++answer === 1
          ? HttpResponse.json({ code: 'freight_note_locked', message: messages.freightNoteLocked }, { status: 409 })
          : HttpResponse.json(
              { code: 'validation_error', message: 'Ugyldige oplysninger', details: [{ path: ['sender', 'email'], message: messages.emailInvalid }] },
              { status: 400 },
            ),
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Rediger fragtbrev' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.freightNoteLocked);

    await userEvent.click(screen.getByRole('button', { name: 'Gem fragtbrev' }));
    const email = within(group('1. Afsender')).getByRole('textbox', { name: 'E-mail' });
    expect(await within(group('1. Afsender')).findByText(messages.emailInvalid)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toBe(messages.emailInvalid);
  }, 15_000);

  it("prints only the note: 'Udskriv' marks the page for the print stylesheet and calls window.print", async () => {
    serve(makeFreightNote());
    let classDuringPrint = '';
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      classDuringPrint = document.documentElement.className;
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Udskriv' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(classDuringPrint).toContain('fb-print-consignment');
  });

  it('asks a visitor to log in instead of calling the API', () => {
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/task/5?tab=consignment']}>
        <ConsignmentTab taskId={5} signedIn={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Log ind for at se fragtbrevet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/task/5?tab=consignment').replace(/%2F/gi, '/')}`);
  });

  it.each([
    [true, 'Med et bud ser du fragtbrevet med postnummer og by. Den fulde adresse vises, når opgaven er tildelt dig.', true],
    [false, 'Opgaven er ikke længere åben for bud.', false],
  ])('tells a carrier without a bid (bidding open: %s) when the note can be seen, not "no access"', async (biddingOpen, text, offersBid) => {
    server.use(
      http.get('/api/tasks/5/freight-note', () =>
        HttpResponse.json({ code: 'forbidden', message: 'Du har ikke adgang til denne handling' }, { status: 403 }),
      ),
    );
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/task/5?tab=consignment']}>
        <ConsignmentTab taskId={5} signedIn carrier={{ biddingOpen }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Fragtbrevet kan ses, når du har budt på opgaven')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText('Du har ikke adgang til denne handling')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Byd på opgaven' })?.getAttribute('href') ?? null).toBe(offersBid ? '/task/5?tab=bids' : null);
  });

  describe("'Slet bevis'", () => {
    const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });

    function renderAs(viewer: ReturnType<typeof makeUser>, taskStatus: TaskStatus, note = makeFreightNote()) {
      let proofs = [proof()];
      const deleted: string[] = [];
      server.use(
        http.get('/api/tasks/5/freight-note', () => HttpResponse.json(note)),
        http.get('/api/tasks/5/proofs', () => HttpResponse.json({ items: proofs })),
        http.delete('/api/tasks/5/proofs/:proofId', ({ params }) => {
          deleted.push(String(params.proofId));
          proofs = [];
          return new HttpResponse(null, { status: 204 });
        }),
      );
      setSession(viewer);
      renderWithQueryClient(
        <MemoryRouter initialEntries={['/task/5?tab=consignment']}>
          <ConsignmentTab taskId={5} signedIn taskStatus={taskStatus} />
        </MemoryRouter>,
      );
      return deleted;
    }

    it('lets the assigned carrier delete a wrong proof after a question, once, while the task is under way', async () => {
      const deleted = renderAs(carrier, 'picked_up');
      const pickup = await screen.findByRole('region', { name: 'Bevis for afhentning' });
      await userEvent.click(await within(pickup).findByRole('button', { name: 'Slet bevis' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Slet bevis?' });
      await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Slet bevis' }));
      expect(await within(pickup).findByText('Intet bevis endnu')).toBeTruthy();
      expect(deleted).toEqual(['1']);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });

    it.each<[string, ReturnType<typeof makeUser>, TaskStatus, boolean]>([
      ['the carrier once delivered', carrier, 'delivered', false],
      ['the carrier on a locked note', carrier, 'in_transit', true],
      ['the customer', makeUser({ id: 2, role: 'customer' }), 'picked_up', false],
    ])('offers no deletion to %s', async (_who, viewer, status, locked) => {
      renderAs(viewer, status, makeFreightNote({ locked, status: locked ? 'locked' : 'draft' }));
      await screen.findByRole('img', { name: 'Underskrift' });
      expect(screen.queryByRole('button', { name: 'Slet bevis' })).toBeNull();
    });

    it('lets an admin delete a proof whatever the status', async () => {
      renderAs(makeUser({ id: 1, role: 'admin' }), 'completed');
      expect(await screen.findByRole('button', { name: 'Slet bevis' })).toBeTruthy();
    });
  });
});
