import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BidView, CarrierSummary, TaskStatus } from '@fragtbud/contracts';
import { makeCarrierBid, makeUser, renderWithProviders, setSession } from '@fragtbud/web/testing';
import { OwnBids } from './own-bids';

const jens = makeUser({ id: 3, role: 'carrier', is_approved: true, name: 'Jens Kørsel' });

/** Where the page is, as `./BidPanel` beside the list reads it (it opens the edit modal at `?bud=ret`). */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Adresse">{pathname + search}</output>;
}

function renderOwnBids(bids: BidView[], { status = 'open_for_bids', user = jens, carriers }: { status?: TaskStatus; user?: ReturnType<typeof makeUser>; carriers?: Map<number, CarrierSummary> } = {}) {
  setSession(user);
  renderWithProviders(
    <>
      <OwnBids task={{ id: 5, status }} bids={bids} carriers={carriers} />
      <Address />
    </>,
    { route: '/task/5?tab=bids' },
  );
}

const address = () => screen.getByRole('status', { name: 'Adresse' }).textContent;

describe("the carrier's own bids on the bids tab", () => {
  it("tells a carrier without a bid 'Du har ikke budt på opgaven.' and that the count is everyone's, never 'Ingen bud endnu'", () => {
    renderOwnBids([]);
    expect(screen.getByText('Du har ikke budt på opgaven.')).toBeTruthy();
    expect(screen.getByText('Du ser kun dine egne bud. Antal bud gælder alle vognmænds bud.')).toBeTruthy();
    expect(screen.queryByText('Ingen bud endnu')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows their bid as their payout, with their public profile', () => {
    const profile: CarrierSummary = { id: 3, name: 'Jens Kørsel', company: null, rating: { avg: 4, count: 2 }, completed_tasks: 3, badges: { insured: true, cvr_verified: false } };
    renderOwnBids([makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 })], { carriers: new Map([[3, profile]]) });
    expect(screen.getByRole('columnheader', { name: 'Din udbetaling' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Jens Kørsel/ });
    expect(row.textContent).toContain('1.125,00 DKK');
    expect(row.textContent).not.toContain('1.400,00');
    expect(within(row).getByText('Forsikret')).toBeTruthy();
  });

  it("gives 'Ret bud' on their own pending bid while the round is open, which leads to ?tab=bids&bud=ret on the same page", async () => {
    renderOwnBids([makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel' })]);
    const edit = within(screen.getByRole('row', { name: /Jens Kørsel/ })).getByRole('link', { name: 'Ret bud' });
    expect(edit.getAttribute('href')).toBe('/task/5?tab=bids&bud=ret');
    await userEvent.click(edit);
    expect(address()).toBe('/task/5?tab=bids&bud=ret');
  });

  it.each<[string, BidView['status'], TaskStatus, number]>([
    ['a rejected bid while the round is open', 'rejected', 'open_for_bids', 3],
    ['a pending bid on an assigned task', 'pending', 'assigned', 3],
    ["another carrier's pending bid", 'pending', 'open_for_bids', 4],
  ])("offers no 'Ret bud' for %s", (_case, status, taskStatus, carrierId) => {
    renderOwnBids([makeCarrierBid({ id: 8, task_id: 5, carrier_id: carrierId, carrier_name: 'Jens Kørsel', status })], { status: taskStatus });
    const row = screen.getByRole('row', { name: /Jens Kørsel/ });
    expect(within(row).queryByRole('link', { name: 'Ret bud' })).toBeNull();
  });
});
