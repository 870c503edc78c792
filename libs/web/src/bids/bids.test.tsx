import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { BidView } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { makeAdminBid, makeCarrierBid, makeCustomerBid, renderWithProviders, renderWithQueryClient, setupApiServer } from '../testing';
import { BidDecision } from './bid-decision';
import { BidsTable } from './bids-table';
import { filterBids } from './filter-bids';

const server = setupApiServer();

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('bids table', () => {
  it("shows the customer each bid's gross total with VAT and the small fee, and nothing of net or payout", () => {
    renderWithProviders(<BidsTable viewer="customer" bids={[makeCustomerBid({ carrier_name: 'Jens Kørsel', net: 1000 })]} />);
    expect(screen.getByRole('columnheader', { name: 'Pris inkl. moms' })).toBeTruthy();
    const row = rowOf('Jens Kørsel');
    expect(row.textContent).toContain('1.400,00 DKK');
    expect(row.textContent).toContain('inkl. moms 280,00 DKK og gebyr 20,00 DKK');
    expect(within(row).getByText('Afventer')).toBeTruthy();
    expect(row.textContent).not.toMatch(/udbetaling|netto|1\.000,00|1\.125,00|900,00/i);
  });

  it('shows the carrier only their payout, incl. and ex VAT', () => {
    renderWithProviders(<BidsTable viewer="carrier" bids={[makeCarrierBid({ carrier_name: 'Jens Kørsel', net: 1000, status: 'accepted' })]} />);
    expect(screen.getByRole('columnheader', { name: 'Din udbetaling' })).toBeTruthy();
    const row = rowOf('Jens Kørsel');
    expect(row.textContent).toContain('1.125,00 DKK');
    expect(row.textContent).toContain('900,00 DKK ekskl. moms');
    expect(within(row).getByText('Accepteret')).toBeTruthy();
    expect(row.textContent).not.toContain('1.400,00');
  });

  it('shows the admin the total and, on request, the whole breakdown', async () => {
    renderWithProviders(<BidsTable viewer="admin" bids={[makeAdminBid({ carrier_name: 'Jens Kørsel', net: 1000, status: 'rejected' })]} />);
    const row = rowOf('Jens Kørsel');
    expect(row.textContent).toContain('1.400,00 DKK');
    expect(within(row).getByText('Afvist')).toBeTruthy();
    expect(within(row).queryByRole('definition')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Vis fordeling' }));
    const breakdown = within(row).getByLabelText('Prisfordeling');
    const lines = within(breakdown)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Vognmandens pris (netto): 1.000,00 DKK',
      'Platformgebyr (ekskl. moms): 100,00 DKK',
      'Servicegebyr (ekskl. moms): 20,00 DKK',
      'Subtotal ekskl. moms: 1.120,00 DKK',
      'Moms: 280,00 DKK',
      'Kunden betaler i alt: 1.400,00 DKK',
      'Vognmandsgebyr: 100,00 DKK',
      'Udbetaling ekskl. moms: 900,00 DKK',
      'Moms af udbetaling: 225,00 DKK',
      'Udbetaling inkl. moms: 1.125,00 DKK',
    ]);
    expect(within(row).getByRole('button', { name: 'Skjul fordeling' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('filters by carrier, status and price as shown, every word counting', () => {
    const bids = [
      makeCustomerBid({ id: 1, carrier_name: 'Jens Kørsel', net: 1000 }),
      makeCustomerBid({ id: 2, carrier_name: 'Hansen Transport', net: 2000, status: 'rejected' }),
    ];
    expect(filterBids(bids, '').map((bid) => bid.id)).toEqual([1, 2]);
    expect(filterBids(bids, 'jens').map((bid) => bid.id)).toEqual([1]);
    expect(filterBids(bids, 'afvist').map((bid) => bid.id)).toEqual([2]);
    expect(filterBids(bids, '1.400').map((bid) => bid.id)).toEqual([1]);
    expect(filterBids(bids, 'hansen afventer')).toEqual([]);
  });
});

/** The calls a feature hands to BidDecision (the real ones live in mfe-customer's choose-bid and mfe-admin's task bids). */
const decisionCalls = {
  accept: (bidId: number, expectedTotal: number) => api.post<BidView>(`/bids/${bidId}/accept`, { expectedTotal }),
  reject: (bidId: number) => api.post<BidView>(`/bids/${bidId}/reject`),
};

describe('choosing or rejecting a bid', () => {
  it('confirms with the gross total, accepts, and hands back the accepted bid', async () => {
    const accepted = makeCustomerBid({ id: 7, carrier_name: 'Jens Kørsel', status: 'accepted' });
    let calls = 0;
    server.use(
      http.post('/api/bids/7/accept', () => {
        calls += 1;
        return HttpResponse.json(accepted);
      }),
    );
    const onDecided = vi.fn();
    renderWithQueryClient(<BidDecision bid={makeCustomerBid({ id: 7, carrier_name: 'Jens Kørsel' })} onDecided={onDecided} calls={decisionCalls} />);

    await userEvent.click(screen.getByRole('button', { name: 'Vælg bud fra Jens Kørsel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vælg bud fra Jens Kørsel?' });
    expect(dialog.textContent).toContain('Du betaler 1.400,00 DKK inkl. moms og gebyrer.');
    expect(calls).toBe(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));
    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith(accepted));
    expect(calls).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("says 'Kunne ikke acceptere bud' with the server's reason on a 409", async () => {
    server.use(
      http.post('/api/bids/7/accept', () =>
        HttpResponse.json({ code: 'bid_expired', message: 'Buddet er udløbet og kan ikke vælges.' }, { status: 409 }),
      ),
    );
    const onDecided = vi.fn();
    renderWithQueryClient(<BidDecision bid={makeAdminBid({ id: 7, carrier_name: 'Jens Kørsel' })} onDecided={onDecided} calls={decisionCalls} />);
    await userEvent.click(screen.getByRole('button', { name: 'Vælg bud fra Jens Kørsel' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Kunden betaler 1.400,00 DKK');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke acceptere bud');
    expect(alert.textContent).toContain('Buddet er udløbet og kan ikke vælges.');
    expect(onDecided).not.toHaveBeenCalled();
  });

  it("rejects after confirmation, and says 'Kunne ikke afvise bud' when it fails", async () => {
    let attempt = 0;
    server.use(
      http.post('/api/bids/8/reject', () => {
        attempt += 1;
        return attempt === 1
          ? HttpResponse.json({ code: 'unavailable', message: 'Tjenesten svarer ikke' }, { status: 503 })
          : HttpResponse.json(makeCustomerBid({ id: 8, status: 'rejected' }));
      }),
    );
    const onDecided = vi.fn();
    renderWithQueryClient(<BidDecision bid={makeCustomerBid({ id: 8, carrier_name: 'Hansen' })} onDecided={onDecided} calls={decisionCalls} />);
    await userEvent.click(screen.getByRole('button', { name: 'Afvis bud fra Hansen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Afvis bud fra Hansen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afvis bud' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke afvise bud');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Afvis bud' }));
    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith(expect.objectContaining({ id: 8, status: 'rejected' })));
  });
});
