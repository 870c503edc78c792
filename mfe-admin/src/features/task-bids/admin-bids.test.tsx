import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages, type BidView, type TaskStatus } from '@fragtbud/contracts';
import { makeAdminBid, renderWithProviders, setupApiServer } from '@fragtbud/web/testing';
import AdminBidsEntry from './admin-bids-entry';

const server = setupApiServer();

const jens = makeAdminBid({ id: 71, task_id: 9, carrier_name: 'Jens Kørsel', net: 1000 });
const hansen = makeAdminBid({ id: 72, task_id: 9, carrier_name: 'Hansen Transport', net: 2000 });

/** The exposed module as the shell's bids tab mounts it for an admin. */
function renderAdminBids(bids: BidView[], { status = 'open_for_bids', anyAccepted = false }: { status?: TaskStatus; anyAccepted?: boolean } = {}) {
  const onDecided = vi.fn();
  const onBidsStale = vi.fn();
  renderWithProviders(<AdminBidsEntry task={{ id: 9, status }} bids={bids} anyAccepted={anyAccepted} onDecided={onDecided} onBidsStale={onBidsStale} />);
  return { onDecided, onBidsStale };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('AdminBids (./AdminBids)', () => {
  it('shows every bid with its breakdown, and offers the choice on a pending bid only', async () => {
    renderAdminBids([jens, { ...hansen, status: 'rejected' }]);
    expect(within(row('Jens Kørsel')).getByRole('button', { name: 'Vælg bud fra Jens Kørsel' })).toBeTruthy();
    expect(within(row('Jens Kørsel')).getByRole('button', { name: 'Afvis bud fra Jens Kørsel' })).toBeTruthy();
    expect(within(row('Hansen Transport')).queryByRole('button', { name: /Vælg bud|Afvis/ })).toBeNull();

    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: 'Vis fordeling' }));
    const breakdown = within(row('Jens Kørsel')).getByLabelText('Prisfordeling');
    expect(breakdown.textContent).toContain('Vognmandens pris (netto)1.000,00 DKK');
    expect(breakdown.textContent).toContain('Udbetaling inkl. moms1.125,00 DKK');
  });

  it('confirms with what the customer pays, accepts with POST /bids/{id}/accept, says so and tells the shell', async () => {
    const accepted = { ...jens, status: 'accepted' as const, accepted_at: '2026-11-21T10:00:00.000Z' };
    const calls: string[] = [];
    server.use(
      http.post('/api/bids/:id/accept', async ({ params, request }) => {
        calls.push(`accept ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(accepted);
      }),
    );
    const { onDecided, onBidsStale } = renderAdminBids([jens, hansen]);

    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vælg bud fra Jens Kørsel?' });
    expect(dialog.textContent).toContain('Kunden betaler 1.400,00 DKK inkl. moms og gebyrer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));

    expect((await screen.findByRole('status')).textContent).toBe('Buddet fra Jens Kørsel er valgt. Opgaven er tildelt.');
    expect(calls).toEqual(['accept 71 {"expectedTotal":1400}']);
    expect(onDecided).toHaveBeenCalledExactlyOnceWith(accepted);
    expect(onBidsStale).not.toHaveBeenCalled();
  });

  it('rejects a bid with POST /bids/{id}/reject, says so and tells the shell', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/bids/:id/reject', ({ params }) => {
        calls.push(`reject ${params.id}`);
        return HttpResponse.json({ ...hansen, status: 'rejected' });
      }),
    );
    const { onDecided } = renderAdminBids([jens, hansen]);

    await userEvent.click(within(row('Hansen Transport')).getByRole('button', { name: /Afvis/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Afvis bud fra Hansen Transport?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afvis bud' }));

    expect((await screen.findByRole('status')).textContent).toBe('Buddet fra Hansen Transport er afvist.');
    expect(calls).toEqual(['reject 72']);
    expect(onDecided).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 72, status: 'rejected' }));
  });

  it('when the carrier changed the price meanwhile, says so, closes the dialog and has the bids reloaded', async () => {
    server.use(http.post('/api/bids/71/accept', () => HttpResponse.json({ code: 'bid_changed', message: messages.bidChanged }, { status: 409 })));
    const { onDecided, onBidsStale } = renderAdminBids([jens, hansen]);

    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Vælg bud' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.bidChanged);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onBidsStale).toHaveBeenCalledTimes(1);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('when the choice fails for another reason, keeps the dialog open with the spec text and the reason, and says nothing was chosen', async () => {
    server.use(
      http.post('/api/bids/71/accept', () => HttpResponse.json({ code: 'task_not_open', message: 'Opgaven er ikke længere åben for bud' }, { status: 409 })),
    );
    const { onDecided, onBidsStale } = renderAdminBids([jens]);

    await userEvent.click(within(row('Jens Kørsel')).getByRole('button', { name: /Vælg bud/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vælg bud fra Jens Kørsel?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke acceptere budOpgaven er ikke længere åben for bud');
    expect(screen.queryByRole('status')).toBeNull();
    expect(onDecided).not.toHaveBeenCalled();
    expect(onBidsStale).not.toHaveBeenCalled();
  });

  it('offers no choice once any of the task\'s bids is chosen, also one the shell\'s filter hides', () => {
    renderAdminBids([jens, hansen], { anyAccepted: true });
    expect(screen.queryByRole('button', { name: /Vælg bud|Afvis/ })).toBeNull();
  });

  it('offers no choice once the task is no longer open for bids', () => {
    renderAdminBids([jens], { status: 'assigned' });
    expect(screen.queryByRole('button', { name: /Vælg bud|Afvis/ })).toBeNull();
  });
});
