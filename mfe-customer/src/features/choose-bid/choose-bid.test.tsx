import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages, type BidView, type CarrierSummary } from '@fragtbud/contracts';
import { makeCustomerBid, makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import CustomerChooseBid from './choose-bid-entry';

const server = setupApiServer();

const jens = makeCustomerBid({ id: 71, task_id: 9, carrier_name: 'Jens Kørsel', net: 1000 });
const hansen = makeCustomerBid({ id: 72, task_id: 9, carrier_name: 'Hansen Transport', net: 2000 });

function renderChooseBid(bids: BidView[], status: 'open_for_bids' | 'assigned' = 'open_for_bids', carriers?: ReadonlyMap<number, CarrierSummary>) {
  setSession(makeUser({ id: 2, role: 'customer' }));
  const onDecided = vi.fn();
  const onBidsStale = vi.fn();
  renderWithProviders(<CustomerChooseBid task={{ id: 9, status }} bids={bids} carriers={carriers} onDecided={onDecided} onBidsStale={onBidsStale} />);
  return { onDecided, onBidsStale };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('choosing a bid (./ChooseBid)', () => {
  it('lists each bid as the gross total the customer pays, never the net or the payout', () => {
    renderChooseBid([jens, hansen]);
    expect(row('Jens Kørsel').textContent).toContain('1.400,00 DKK');
    expect(row('Hansen Transport').textContent).toContain('2.775,00 DKK');
    expect(document.body.textContent).not.toMatch(/udbetaling|netto|1\.000,00|1\.125,00/i);
  });

  it('shows each carrier with stars, reviews, completed tasks and badges, linking to their page', () => {
    const rated: CarrierSummary = { id: jens.carrier_id, name: 'Jens Kørsel', company: 'Kørsel ApS', rating: { avg: 4, count: 3 }, completed_tasks: 5, badges: { insured: true, cvr_verified: false } };
    renderChooseBid([jens], 'open_for_bids', new Map([[jens.carrier_id, rated]]));
    const cell = within(row('Jens Kørsel'));
    expect(cell.getByRole('link', { name: 'Jens Kørsel' }).getAttribute('href')).toBe(`/carrier/${jens.carrier_id}`);
    expect(cell.getByText('4,0 (3 anmeldelser)')).toBeTruthy();
    expect(cell.getByText('5 udførte opgaver')).toBeTruthy();
    expect(cell.getByText('Forsikret')).toBeTruthy();
    expect(cell.queryByText('CVR verificeret')).toBeNull();
  });

  it("confirms with the gross total, accepts with POST /bids/{id}/accept and tells the shell", async () => {
    const accepted = { ...jens, status: 'accepted' as const, accepted_at: '2026-11-21T10:00:00.000Z' };
    const calls: string[] = [];
    server.use(
      http.post('/api/bids/:id/accept', async ({ params, request }) => {
        calls.push(`accept ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(accepted);
      }),
    );
    const { onDecided } = renderChooseBid([jens, hansen]);

    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vælg bud fra Jens Kørsel?' });
    expect(dialog.textContent).toContain('Du betaler 1.400,00 DKK inkl. moms og gebyrer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));

    expect((await screen.findByRole('status')).textContent).toBe('Du har valgt buddet fra Jens Kørsel. Opgaven er tildelt.');
    expect(calls).toEqual(['accept 71 {"expectedTotal":1400}']);
    expect(onDecided).toHaveBeenCalledWith(accepted);
  });

  it('when "Vælg bud" in the dialog is double-clicked, then one POST /bids/{id}/accept is sent and the button is disabled while it runs', async () => {
    let accepts = 0;
    let answer: () => void = () => undefined;
    server.use(
      http.post('/api/bids/71/accept', async () => {
        accepts += 1;
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ ...jens, status: 'accepted', accepted_at: '2026-11-21T10:00:00.000Z' });
      }),
    );
    const { onDecided } = renderChooseBid([jens, hansen]);
    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Vælg bud' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(true));
    await waitFor(() => expect(accepts).toBe(1));
    answer();
    expect((await screen.findByRole('status')).textContent).toBe('Du har valgt buddet fra Jens Kørsel. Opgaven er tildelt.');
    expect(accepts).toBe(1);
    expect(onDecided).toHaveBeenCalledTimes(1);
  });

  it('when the carrier changed the price meanwhile, says so, closes the dialog and has the bids reloaded', async () => {
    server.use(
      http.post('/api/bids/71/accept', () =>
        HttpResponse.json({ code: 'bid_changed', message: messages.bidChanged }, { status: 409 }),
      ),
    );
    const { onDecided, onBidsStale } = renderChooseBid([jens, hansen]);
    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Vælg bud' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.bidChanged);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onBidsStale).toHaveBeenCalledTimes(1);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('rejects a bid with POST /bids/{id}/reject', async () => {
    server.use(http.post('/api/bids/72/reject', () => HttpResponse.json({ ...hansen, status: 'rejected' })));
    const { onDecided } = renderChooseBid([jens, hansen]);
    await userEvent.click(within(row('Hansen Transport')).getByRole('button', { name: /Afvis/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Afvis bud' }));
    expect((await screen.findByRole('status')).textContent).toBe('Buddet fra Hansen Transport er afvist.');
    expect(onDecided).toHaveBeenCalledWith(expect.objectContaining({ id: 72, status: 'rejected' }));
  });

  it('offers no choice once a bid is accepted or the task is no longer open', () => {
    renderChooseBid([{ ...jens, status: 'accepted' }], 'assigned');
    expect(within(row('Jens Kørsel')).getByText('Accepteret')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers no choice on a rejected bid', () => {
    renderChooseBid([{ ...hansen, status: 'rejected' }, jens]);
    expect(within(row('Hansen Transport')).queryByRole('button')).toBeNull();
    expect(within(row('Jens Kørsel')).getAllByRole('button')).toHaveLength(2);
  });
});
