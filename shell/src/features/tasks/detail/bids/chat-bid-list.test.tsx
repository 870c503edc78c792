import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidView, BidsPage, Task } from '@fragtbud/contracts';
import { api, type User } from '@fragtbud/web';
import { makeBidding, makeCarrierBid, makeCustomerBid, makeUser, renderWithProviders, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../../remotes/remote-manifest';
import { renderTaskPage } from '../../../../testing/task-page';
import { makeTask } from '../../../../testing/tasks';
import { stubRemoteContract } from '../../../../testing/remote-contract';
import { ChatBidList } from './chat-bid-list';

/*
 * The chat tab is 'chat panel plus bid list' (spec section 2): the bids beside the conversation, as the viewer's role is
 * shown them on the bids tab (the same GET /bids answer, cut by svc-bids).
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();

const customer = makeUser({ id: 2, role: 'customer', name: 'Karen Kunde' });
const otherCustomer = makeUser({ id: 9, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier', name: 'Jens Kørsel', is_approved: true });

let bidRequests: string[] = [];

/** GET /bids answering `bids`; the chat answers empty threads (the conversation is the chat tab's own test). */
function serve(bids: BidView[], status: Task['status'] = 'open_for_bids', bidCount = 2) {
  bidRequests = [];
  server.use(
    http.get('/api/bids', ({ request }) => {
      bidRequests.push(new URL(request.url).search);
      const page: BidsPage = { items: bids, total: bids.length, page: 1, limit: 100, bidding: makeBidding({ task_id: 5, bid_count: bidCount, max_bids: 5, status }) };
      return HttpResponse.json(page);
    }),
    http.get('/api/carriers', () => HttpResponse.json({ items: [] })),
    http.get('/api/chat/threads', () => HttpResponse.json({ items: [], unread_total: 0 })),
    http.get('/api/chat/messages', () =>
      HttpResponse.json({ items: [], total: 0, page: 1, limit: 100, lock: null, partner: { id: 2, name: 'Karen Kunde' } }),
    ),
    http.put('/api/chat/threads/read', () => HttpResponse.json({ updated: 0, message_ids: [] })),
  );
}

beforeEach(() => {
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) =>
    id.endsWith('/contract') ? stubRemoteContract(id) : { default: () => null },
  );
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ remotes: {} })));
});

const renderChatTab = (task: Task, viewer: User) => renderTaskPage(server, task, viewer, '?tab=chat');

describe('the bid list on the chat tab', () => {
  it('shows the owner every bid as its gross total, with the count, and no payout', async () => {
    serve([
      makeCustomerBid({ id: 1, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 }),
      makeCustomerBid({ id: 2, task_id: 5, carrier_id: 4, carrier_name: 'Hansen Transport', net: 2000 }),
    ]);
    await renderChatTab(makeTask({ id: 5, user_id: 2, bid_count: 2 }), customer);

    const list = await screen.findByRole('region', { name: 'Bud på opgaven' });
    expect((await within(list).findByRole('row', { name: /Jens Kørsel/ })).textContent).toContain('1.400,00 DKK');
    expect(within(list).getByRole('row', { name: /Hansen Transport/ }).textContent).toContain('2.775,00 DKK');
    expect(within(list).getByRole('columnheader', { name: 'Pris inkl. moms' })).toBeTruthy();
    expect(within(list).getByText('2/5')).toBeTruthy();
    expect(list.textContent).not.toMatch(/udbetaling|netto|1\.125,00/i);
    expect(within(list).queryByRole('button')).toBeNull(); // choosing stays on the bids tab
    expect(within(list).getByRole('link', { name: 'Vælg eller afvis bud under fanen Bud' }).getAttribute('href')).toBe('/task/5?tab=bids');
  });

  it('shows a carrier only their own bid, as their payout, never the gross', async () => {
    serve([makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 })]);
    await renderChatTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);

    const list = await screen.findByRole('region', { name: 'Bud på opgaven' });
    const row = await within(list).findByRole('row', { name: /Jens Kørsel/ });
    expect(row.textContent).toContain('1.125,00 DKK');
    expect(within(list).getByRole('columnheader', { name: 'Din udbetaling' })).toBeTruthy();
    expect(list.textContent).not.toContain('1.400,00');
    expect(within(list).getAllByRole('row')).toHaveLength(2); // the header and their bid
  });

  it('lists nothing for a customer who does not own the task, and does not ask for the bids', async () => {
    // The page offers such a customer no chat tab at all (task-detail-page.test); the list refuses on its own too.
    serve([]);
    const asked = vi.spyOn(api, 'get');
    const bidsAsked = () => asked.mock.calls.filter(([path]) => path === '/bids').length;
    const task = makeTask({ id: 5, user_id: 2, view: 'public' });
    const outsider = renderWithProviders(<ChatBidList task={task} viewer={otherCustomer} />);
    // render() returns once the effects have run, and a query starts asking the server there: the owner's list, below,
    // has asked by then.
    expect(bidsAsked()).toBe(0);
    expect(outsider.container.innerHTML).toBe('');

    renderWithProviders(<ChatBidList task={task} viewer={customer} />);
    expect(bidsAsked()).toBe(1);
    expect(await screen.findByText('Ingen bud endnu')).toBeTruthy();
    expect(bidRequests).toEqual(['?taskId=5&limit=100']);
  });

  it('points a carrier to bid while the task is open, and only to look once it is assigned or done', async () => {
    serve([makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 })]);
    await renderChatTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);
    const list = await screen.findByRole('region', { name: 'Bud på opgaven' });
    expect(within(list).getByRole('link', { name: 'Byd eller ret dit bud under fanen Bud' })).toBeTruthy();
    cleanup();

    serve([makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000, status: 'accepted' })], 'completed');
    await renderChatTab(makeTask({ id: 5, user_id: 2, status: 'completed', assigned_carrier_id: 3 }), carrier);
    const closed = await screen.findByRole('region', { name: 'Bud på opgaven' });
    await within(closed).findByRole('row', { name: /Jens Kørsel/ });
    expect(within(closed).getByRole('link', { name: 'Se buddene under fanen Bud' }).getAttribute('href')).toBe('/task/5?tab=bids');
    expect(closed.textContent).not.toContain('Byd eller ret');
    cleanup();

    // All slots taken and no bid of their own: nothing to bid on or change.
    serve([], 'open_for_bids', 5);
    await renderChatTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);
    const full = await screen.findByRole('region', { name: 'Bud på opgaven' });
    expect(await within(full).findByRole('link', { name: 'Se buddene under fanen Bud' })).toBeTruthy();
  });
});
