import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BidView, TaskBidding, TaskStatus } from '@fragtbud/contracts';
import { queryKeys } from '@fragtbud/web';
import { makeBidding, makeCarrierBid, makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { BidNote } from './bid-note';

const server = setupApiServer();
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });
let bidRequests = 0;

beforeEach(() => {
  bidRequests = 0;
  setSession(carrier);
});

function answerBids(items: BidView[], bidding: TaskBidding | null) {
  server.use(
    http.get('/api/bids', () => {
      bidRequests += 1;
      return HttpResponse.json({ items, total: items.length, page: 1, limit: 100, bidding });
    }),
  );
}

function renderNote(status: TaskStatus = 'open_for_bids') {
  const { client } = renderWithQueryClient(
    <MemoryRouter initialEntries={['/task/5']}>
      <section aria-label="Handlinger">
        <BidNote task={{ id: 5, status }} />
      </section>
    </MemoryRouter>,
  );
  return { region: screen.getByRole('region', { name: 'Handlinger' }), client };
}

describe("the carrier's part of 'Handlinger'", () => {
  it.each<[string, BidView[], string, string]>([
    ['no bid', [], 'Opgaven er åben for bud. Byd på opgaven under fanen Bud', 'Byd på opgaven under fanen Bud'],
    [
      'a pending bid',
      [makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3 })],
      'Du har afgivet et bud på opgaven. Du kan rette det under fanen Bud.',
      'Du kan rette det under fanen Bud.',
    ],
  ])('tells a carrier with %s what the Bud tab offers', async (_case, bids, text, link) => {
    answerBids(bids, makeBidding({ task_id: 5, bid_count: bids.length }));
    const { region: actions } = renderNote();
    await waitFor(() => expect(actions.textContent).toContain(text));
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/task/5?tab=bids');
    if (bids.length > 0) expect(actions.textContent).not.toContain('Byd på opgaven');
  });

  it('does not invite a carrier to bid while their account awaits approval or every bid slot is taken', async () => {
    answerBids([], makeBidding({ task_id: 5, bid_count: 5, max_bids: 5 }));
    const { region: full } = renderNote();
    await waitFor(() => expect(full.textContent).toContain('Der kan ikke afgives flere bud på denne opgave.'));
    expect(full.textContent).not.toContain('Byd på opgaven');
    cleanup();

    answerBids([], makeBidding({ task_id: 5 }));
    setSession(makeUser({ id: 3, role: 'carrier', is_approved: false }));
    const { region: waiting } = renderNote();
    await waitFor(() => expect(waiting.textContent).toContain('Din konto skal godkendes af en administrator, før du kan afgive bud.'));
    expect(waiting.textContent).not.toContain('Byd på opgaven');
  });

  it('says nothing and asks for no bids on a task that is not open for bids', () => {
    answerBids([], null);
    const { region, client } = renderNote('assigned');
    expect(region.textContent).toBe('');
    // No query was even started (the cache has none), so no request can be under way.
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.taskBids(5) })).toEqual([]);
    expect(bidRequests).toBe(0);
  });
});
