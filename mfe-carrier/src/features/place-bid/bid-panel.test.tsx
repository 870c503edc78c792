import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense, use, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { carrierView, defaultPlatformSettings, messages, quote, type CarrierBid, type TaskBidding } from '@fragtbud/contracts';
import { makeBidding, makeCarrierBid, makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { Toaster } from '@fragtbud/web';
import { BidPanel } from './bid-panel';

const server = setupApiServer();

/** Saturday 21 November 2026, 13:00 in Copenhagen. */
const NOW = new Date('2026-11-21T12:00:00.000Z');
const approved = makeUser({ id: 3, role: 'carrier', is_approved: true, name: 'Jens Kørsel' });

function quoteAnswer(net: number) {
  const q = quote({ netOre: Math.round(net * 100), settings: defaultPlatformSettings, carrierFee: null });
  return { quote: carrierView(q), meta: { validDays: 14, carrierList: null } };
}

/** POST /pricing/quote answering like svc-ledger does for a carrier; records each body. */
function quoteApi(answer: (net: number) => Response | Promise<Response> = (net) => HttpResponse.json(quoteAnswer(net))) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/pricing/quote', async ({ request }) => {
      const body = (await request.json()) as { net: number };
      bodies.push(body);
      return answer(body.net);
    }),
  );
  return bodies;
}

function renderPanel(
  options: {
    bidding?: TaskBidding | null;
    user?: ReturnType<typeof makeUser>;
    status?: 'open_for_bids' | 'assigned' | 'completed';
    ownBid?: CarrierBid | null;
    route?: string;
    /** Rendered beside the panel, as the rest of the task page is. */
    beside?: ReactNode;
  } = {},
) {
  setSession(options.user ?? approved);
  const onChanged = vi.fn();
  const view = renderWithProviders(
    <>
      <BidPanel
        task={{ id: 12, status: options.status ?? 'open_for_bids' }}
        bidding={options.bidding === undefined ? makeBidding({ task_id: 12, bid_count: 2 }) : options.bidding}
        ownBid={options.ownBid ?? null}
        onChanged={onChanged}
        now={() => NOW}
      />
      <Toaster />
      {options.beside}
    </>,
    { route: options.route ?? '/task/12?tab=bids' },
  );
  return { onChanged, unmount: view.unmount };
}

async function openModal() {
  await userEvent.click(screen.getByRole('button', { name: 'Byd på opgaven' }));
  return screen.getByRole('dialog', { name: 'Afgiv bud på opgave #12' });
}

const priceField = (dialog: HTMLElement) => within(dialog).getByLabelText('Din pris ekskl. moms (DKK)') as HTMLInputElement;

describe('bid panel', () => {
  it('opens the modal titled with the task id, with a text price field and a decimal keyboard (a number field eats the comma)', async () => {
    renderPanel();
    const dialog = await openModal();
    const price = priceField(dialog);
    expect(price.type).toBe('text');
    expect(price.inputMode).toBe('decimal');
    expect((within(dialog).getByLabelText('Gyldighed') as HTMLSelectElement).value).toBe('14');
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1 dag',
      '2 dage',
      '3 dage',
      '7 dage',
      '14 dage',
      'Vælg dato',
    ]);
    expect(dialog.textContent).toContain('Buddet gælder til lørdag den 5. december 2026 kl. 20:00.');
  });

  it("says 'Angiv en gyldig pris først.' beside the field and sends nothing for a missing or invalid price", async () => {
    const quotes = quoteApi();
    renderPanel();
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    const price = priceField(dialog);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('Angiv en gyldig pris først.');

    await userEvent.type(price, '0');
    expect(within(dialog).getByText('Angiv en gyldig pris først.')).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '12,345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect(within(dialog).getByText('Angiv en gyldig pris først.')).toBeTruthy();
    expect(quotes).toEqual([]); // no preview for a price the server would refuse; msw fails any POST /bids
  });

  it("says 'Prisen må højst være 10.000.000 DKK.' for a price above the limit, previews nothing and sends nothing", async () => {
    const quotes = quoteApi();
    renderPanel();
    const dialog = await openModal();
    const price = priceField(dialog);
    await userEvent.type(price, '99.999.999');
    await userEvent.tab(); // shown once the field is left
    expect(within(dialog).getByText('Prisen må højst være 10.000.000 DKK.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Prisen må højst være 10.000.000 DKK.')).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '10.000.000');
    expect(within(dialog).queryByText('Prisen må højst være 10.000.000 DKK.')).toBeNull();
    expect(quotes.every((body) => (body as { net: number }).net <= 10_000_000)).toBe(true); // msw fails any POST /bids
  });

  it('previews the payout once typing pauses: gross, net and the breakdown; a failed quote clears it', async () => {
    const quotes = quoteApi();
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '1000');
    expect(within(dialog).getByText('Beregner...')).toBeTruthy();

    const preview = within(dialog).getByRole('region', { name: 'Din udbetaling' });
    await within(preview).findByText(/Du får udbetalt/);
    expect(preview.textContent).toContain('Du får udbetalt 1.125,00 DKK inkl. moms');
    expect(preview.textContent).toContain('900,00 DKK ekskl. moms');
    const lines = within(preview)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Din pris (ekskl. moms): 1.000,00 DKK',
      'Gebyr til Fragtbud: − 100,00 DKK',
      'Udbetaling ekskl. moms: 900,00 DKK',
      'Moms: 225,00 DKK',
      'Udbetaling inkl. moms: 1.125,00 DKK',
    ]);
    expect(quotes).toEqual([{ net: 1000, taskId: 12 }]); // one request for the four keystrokes

    quoteApi(() => HttpResponse.json({ code: 'unavailable', message: 'Nede' }, { status: 503 }));
    await userEvent.type(priceField(dialog), '0');
    expect(await within(preview).findByText('Kunne ikke beregne pris.')).toBeTruthy();
    expect(within(preview).queryByRole('term')).toBeNull();
    expect(preview.textContent).not.toContain('1.125,00');
  });

  it.each([
    ['12,50', 12.5],
    ['1.234,50', 1234.5],
    ['1 234,5', 1234.5],
    ['12.5', 12.5],
  ])('reads the typed price %j the Danish way and bids %d DKK (not 1250 for 12,50)', async (typed, price) => {
    quoteApi();
    let placed: { price?: number } | undefined;
    server.use(
      http.post('/api/bids', async ({ request }) => {
        placed = (await request.json()) as { price: number };
        return HttpResponse.json(makeCarrierBid({ id: 41, task_id: 12, net: price }), { status: 201 });
      }),
    );
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), typed);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud afgivet');
    expect(placed?.price).toBe(price);
  });

  it('sends a chosen date and time slot as valid_until (Copenhagen time), then says "Bud afgivet"', async () => {
    quoteApi();
    let placed: unknown;
    server.use(
      http.post('/api/bids', async ({ request }) => {
        placed = await request.json();
        return HttpResponse.json(makeCarrierBid({ id: 40, task_id: 12, net: 1250.5 }), { status: 201 });
      }),
    );
    const { onChanged } = renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '1250.50');
    await userEvent.selectOptions(within(dialog).getByLabelText('Gyldighed'), 'Vælg dato');
    fireEvent.change(within(dialog).getByLabelText('Gyldig til dato'), { target: { value: '2026-12-24' } });
    const slot = within(dialog).getByLabelText('Tidspunkt') as HTMLSelectElement;
    expect(slot.value).toBe('20:00');
    expect(Array.from(slot.options).map((option) => option.value)).toEqual(['08:00', '12:00', '16:00', '20:00']);
    await userEvent.selectOptions(slot, '16:00');
    expect(dialog.textContent).toContain('Buddet gælder til torsdag den 24. december 2026 kl. 16:00.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud afgivet');
    expect(placed).toEqual({ taskId: 12, price: 1250.5, valid_until: '2026-12-24T15:00:00.000Z' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('sends the default validity, 14 days at 20:00, across the change to winter time', async () => {
    quoteApi();
    let placed: { valid_until?: string } = {};
    server.use(
      http.post('/api/bids', async ({ request }) => {
        placed = (await request.json()) as typeof placed;
        return HttpResponse.json(makeCarrierBid({ task_id: 12 }), { status: 201 });
      }),
    );
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    await screen.findByText('Bud afgivet');
    expect(placed.valid_until).toBe('2026-12-05T19:00:00.000Z');
  });

  it('refuses a chosen date in the past with the server’s text, before sending', async () => {
    quoteApi();
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    await userEvent.selectOptions(within(dialog).getByLabelText('Gyldighed'), 'Vælg dato');
    fireEvent.change(within(dialog).getByLabelText('Gyldig til dato'), { target: { value: '2026-11-21' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Tidspunkt'), '12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect(within(dialog).getByText('Gyldighedsdatoen skal ligge i fremtiden.')).toBeTruthy();
  });

  it.each([
    ['already_bid', 'Du har allerede afgivet et bud på denne opgave.'],
    ['bid_limit_reached', 'Der kan ikke afgives flere bud på denne opgave.'],
    ['bidding_closed', 'Opgaven er ikke åben for bud.'],
  ])('shows a 409 %s as the server words it and has the tab reloaded', async (code, message) => {
    quoteApi();
    server.use(http.post('/api/bids', () => HttpResponse.json({ code, message }, { status: 409 })));
    const { onChanged } = renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("says 'Kunne ikke afgive bud. Prøv igen.' when placing fails otherwise, and keeps the modal open", async () => {
    quoteApi();
    server.use(http.post('/api/bids', () => HttpResponse.error()));
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Kunne ikke afgive bud. Prøv igen.');
  });

  it('a retry of the same bid sends the same Idempotency-Key; another price gets a new one', async () => {
    quoteApi();
    const keys: Array<string | null> = [];
    server.use(
      http.post('/api/bids', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length < 3 ? HttpResponse.error() : HttpResponse.json(makeCarrierBid({ id: 42, task_id: 12, net: 950 }), { status: 201 });
      }),
    );
    renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    await within(dialog).findByRole('alert');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);

    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '950');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud afgivet');
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('tells a carrier who is not approved yet that they cannot bid, without a bid button', () => {
    renderPanel({ user: makeUser({ role: 'carrier', is_approved: false }) });
    expect(screen.getByRole('note').textContent).toContain('Din konto skal godkendes af en administrator, før du kan afgive bud.');
    expect(screen.queryByRole('button', { name: 'Byd på opgaven' })).toBeNull();
  });

  it('replaces the button with a closed notice at the bid limit, and when the task is not open', () => {
    renderPanel({ bidding: makeBidding({ task_id: 12, bid_count: 5, max_bids: 5 }) });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Budrunden er lukket');
    expect(note.textContent).toContain('Der kan ikke afgives flere bud på denne opgave. (5/5 bud)');
    expect(screen.queryByRole('button', { name: 'Byd på opgaven' })).toBeNull();
  });

  it('says the task is not open for bids once it is assigned', () => {
    renderPanel({ status: 'assigned', bidding: makeBidding({ task_id: 12, status: 'assigned', bid_count: 1 }) });
    expect(screen.getByRole('note').textContent).toContain('Opgaven er ikke åben for bud.');
    expect(screen.queryByRole('button', { name: 'Byd på opgaven' })).toBeNull();
  });

  it('tells a carrier who is not approved that the round is closed on a completed task, not that they cannot bid yet', () => {
    renderPanel({
      user: makeUser({ role: 'carrier', is_approved: false }),
      status: 'completed',
      bidding: makeBidding({ task_id: 12, status: 'completed', bid_count: 1, max_bids: 2 }),
    });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Budrunden er lukket');
    expect(note.textContent).toContain('Opgaven er ikke åben for bud.');
    expect(note.textContent).not.toContain('Du kan ikke byde endnu');
    expect(note.textContent).not.toContain(messages.carrierNotApproved);
    expect(screen.queryByRole('button', { name: 'Byd på opgaven' })).toBeNull();
  });

  it('shows nothing to anyone but a carrier', () => {
    setSession(makeUser({ role: 'customer' }));
    const { container } = renderWithProviders(<BidPanel task={{ id: 12, status: 'open_for_bids' }} bidding={null} ownBid={null} onChanged={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});

describe('the draft of a bid (reload, lost session)', () => {
  it('reopens the modal with the typed price and validity after a reload, and places the bid from it once', async () => {
    quoteApi();
    const placed: unknown[] = [];
    server.use(
      http.post('/api/bids', async ({ request }) => {
        placed.push(await request.json());
        return HttpResponse.json(makeCarrierBid({ id: 43, task_id: 12, net: 3200 }), { status: 201 });
      }),
    );
    const first = renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '3.200,00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Gyldighed'), '7 dage');
    first.unmount(); // the page reloads

    renderPanel();
    const reopened = await screen.findByRole('dialog', { name: 'Afgiv bud på opgave #12' });
    expect(priceField(reopened).value).toBe('3.200,00');
    expect((within(reopened).getByLabelText('Gyldighed') as HTMLSelectElement).value).toBe('7');
    await userEvent.click(within(reopened).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud afgivet');
    expect(placed).toEqual([{ taskId: 12, price: 3200, valid_until: '2026-11-28T19:00:00.000Z' }]);
    expect(sessionStorage.getItem('fragtbud:bid-draft:12')).toBeNull();
  });

  it('after a 401 and a new login the modal comes back with the draft and the retry sends the same Idempotency-Key', async () => {
    quoteApi();
    const keys: Array<string | null> = [];
    server.use(
      http.post('/api/bids', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? HttpResponse.json({ code: 'unauthorized', message: 'Ikke logget ind' }, { status: 401 })
          : HttpResponse.json(makeCarrierBid({ id: 44, task_id: 12, net: 3200 }), { status: 201 });
      }),
    );
    const first = renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '3.200,00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Gyldighed'), '7 dage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afgiv bud' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    first.unmount(); // to /login?next=… and back

    renderPanel();
    const reopened = await screen.findByRole('dialog', { name: 'Afgiv bud på opgave #12' });
    expect(priceField(reopened).value).toBe('3.200,00');
    await userEvent.click(within(reopened).getByRole('button', { name: 'Afgiv bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud afgivet');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not offer the draft to another user, and forgets it when the modal is cancelled', async () => {
    quoteApi();
    const first = renderPanel();
    const dialog = await openModal();
    await userEvent.type(priceField(dialog), '900');
    first.unmount();

    const other = renderPanel({ user: makeUser({ id: 9, role: 'carrier', is_approved: true }) });
    expect(screen.queryByRole('dialog')).toBeNull();
    other.unmount();

    renderPanel();
    const reopened = await screen.findByRole('dialog', { name: 'Afgiv bud på opgave #12' });
    await userEvent.click(within(reopened).getByRole('button', { name: 'Annuller' }));
    expect(sessionStorage.getItem('fragtbud:bid-draft:12')).toBeNull();
    expect(priceField(await openModal()).value).toBe('');
  });

  it('drops the draft once the carrier has a bid on the task', () => {
    sessionStorage.setItem(
      'fragtbud:bid-draft:12',
      JSON.stringify({ ownerId: 3, priceText: '900', validity: { choice: '7', date: '2026-11-22', time: '20:00' } }),
    );
    renderPanel({ ownBid: makeCarrierBid({ id: 45, task_id: 12, carrier_id: 3 }) });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('fragtbud:bid-draft:12')).toBeNull();
  });
});

describe("'Ret bud': the carrier's own pending bid", () => {
  const ownBid = makeCarrierBid({ id: 77, task_id: 12, carrier_id: 3, net: 3200, valid_until: '2026-12-05T19:00:00.000Z' });
  const editRoute = '/task/12?tab=bids&bud=ret';

  function changeApi(answer?: () => Response) {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/bids/77', async ({ request }) => {
        bodies.push(await request.json());
        return answer?.() ?? HttpResponse.json(makeCarrierBid({ id: 77, task_id: 12, carrier_id: 3, net: 3500.5 }));
      }),
    );
    return bodies;
  }

  it('opens with the bid’s price and validity, sends PUT /bids/{id} with the Danish price read right and says "Bud opdateret"', async () => {
    quoteApi();
    const bodies = changeApi();
    const { onChanged } = renderPanel({ ownBid, route: editRoute });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    expect(priceField(dialog).value).toBe('3200');
    expect((within(dialog).getByLabelText('Gyldighed') as HTMLSelectElement).value).toBe('keep');
    expect(dialog.textContent).toContain('Buddet gælder til lørdag den 5. december 2026 kl. 20:00.');
    await within(dialog).findByText(/Du får udbetalt/); // the same payout preview as when placing

    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '3.500,50');
    await userEvent.selectOptions(within(dialog).getByLabelText('Gyldighed'), '7 dage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud opdateret');
    expect(bodies).toEqual([{ price: 3500.5, valid_until: '2026-11-28T19:00:00.000Z' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('when the page is slow to show the next address (a part of it suspends), then saving closes the modal together with the toast', async () => {
    const neverLoads = new Promise<never>(() => undefined); // never settles: the next address stays loading
    /** A part of the task page that loads something for any address without 'Ret bud' (a lazy chunk on a slow line). */
    function LoadsOnLeavingTheEdit() {
      const [params] = useSearchParams();
      if (params.get('bud') !== 'ret') use(neverLoads);
      return null;
    }
    quoteApi();
    const bodies = changeApi();
    renderPanel({
      ownBid,
      route: editRoute,
      beside: (
        <Suspense fallback={null}>
          <LoadsOnLeavingTheEdit />
        </Suspense>
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud opdateret');
    expect(screen.queryByRole('dialog')).toBeNull(); // no 'Gem bud' left to send the change twice
    expect(bodies).toEqual([{ price: 3200 }]);
  });

  it("when the carrier cancels the change and follows 'Ret bud' again, then the modal opens again", async () => {
    quoteApi();
    renderPanel({ ownBid, route: editRoute, beside: <Link to="?tab=bids&bud=ret">Ret bud</Link> });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('link', { name: 'Ret bud' }));
    expect(priceField(await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' })).value).toBe('3200');
  });

  it('keeps a changed price across a reload of the edit, sends it, and then forgets it', async () => {
    quoteApi();
    const bodies = changeApi();
    const first = renderPanel({ ownBid, route: editRoute });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '4.321,00');
    first.unmount(); // the page reloads (the address still says bud=ret)

    renderPanel({ ownBid, route: editRoute });
    const reopened = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    expect(priceField(reopened).value).toBe('4.321,00');
    expect((within(reopened).getByLabelText('Gyldighed') as HTMLSelectElement).value).toBe('keep');
    await userEvent.click(within(reopened).getByRole('button', { name: 'Gem bud' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bud opdateret');
    expect(bodies).toEqual([{ price: 4321 }]);
    expect(sessionStorage.getItem('fragtbud:bid-edit-draft:77')).toBeNull();
  });

  it('keeps the validity when it is left unchanged (no valid_until sent)', async () => {
    quoteApi();
    const bodies = changeApi();
    renderPanel({ ownBid, route: editRoute });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '3000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    await screen.findByText('Bud opdateret');
    expect(bodies).toEqual([{ price: 3000 }]);
  });

  it("says 'Kunne ikke opdatere bud' when the change fails, and sends nothing for an invalid price", async () => {
    quoteApi();
    const bodies = changeApi(() => HttpResponse.json({ code: 'unavailable', message: 'Tjenesten svarer ikke' }, { status: 503 }));
    renderPanel({ ownBid, route: editRoute });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '12,345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    expect(within(dialog).getByText('Angiv en gyldig pris først.')).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.clear(priceField(dialog));
    await userEvent.type(priceField(dialog), '3000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke opdatere bud');
    expect(alert.textContent).toContain('Tjenesten svarer ikke');
  });

  it('says so in the panel when the bid is no longer pending', async () => {
    quoteApi();
    changeApi(() => HttpResponse.json({ code: 'bid_not_pending', message: 'Buddet afventer ikke længere.' }, { status: 409 }));
    const { onChanged } = renderPanel({ ownBid, route: editRoute });
    const dialog = await screen.findByRole('dialog', { name: 'Ret bud på opgave #12' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem bud' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Buddet afventer ikke længere.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('opens nothing for a bid that is not pending, nor without the link', () => {
    renderPanel({ ownBid: makeCarrierBid({ id: 78, task_id: 12, carrier_id: 3, status: 'rejected' }), route: editRoute });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
