import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import { makeCarrierBid, makeTask, makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { RecentTasks } from './recent-tasks';

const server = setupApiServer();
const carrier = makeUser({ id: 31, role: 'carrier', name: 'Viggo' });
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  setSession(carrier);
});

function answerTasks(items: Task[], total = items.length) {
  server.use(
    http.get('/api/tasks', ({ request }) => {
      asked.push(`GET /tasks${new URL(request.url).search}`);
      return HttpResponse.json({ items, total, page: 1, limit: 8 });
    }),
  );
}

describe("the carrier's newest tasks on the dashboard", () => {
  it('gives each task their own payout, never a price (the lowest bid is a customer total)', async () => {
    answerTasks([
      makeTask({ id: 40, user_id: 9, assigned_carrier_id: 31, status: 'assigned', lowest_bid: 1500 }),
      makeTask({ id: 39, user_id: 9, status: 'open_for_bids', lowest_bid: 900 }),
    ]);
    server.use(
      http.get('/api/bids', ({ request }) => {
        asked.push(`GET /bids${new URL(request.url).search}`);
        return HttpResponse.json({ items: [makeCarrierBid({ task_id: 40, carrier_id: 31, net: 1000 })], total: 1, page: 1, limit: 100 });
      }),
    );
    renderWithProviders(<RecentTasks allHref="/tasks?mine=true" />);
    const table = await screen.findByRole('table', { name: 'De 2 nyeste opgaver' });
    expect(within(table).queryByRole('columnheader', { name: 'Pris' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Din udbetaling' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]!).getAllByRole('cell').at(-1)!.textContent).toBe('1.125,00 DKK'));
    expect(within(rows[1]!).getAllByRole('cell').at(-1)!.textContent).toBe('–');
    expect(table.textContent).not.toContain('1.500,00 DKK');
    expect(asked).toEqual(['GET /tasks?mine=true&page=1&limit=8', 'GET /bids?taskIds=40%2C39&limit=100']);
  });

  it("links to all of them when there are more than 8, with the shell's address", async () => {
    answerTasks(
      Array.from({ length: 8 }, (_, i) => makeTask({ id: 60 - i })),
      11,
    );
    server.use(http.get('/api/bids', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 100 })));
    renderWithProviders(<RecentTasks allHref="/tasks?mine=true" />);
    expect((await screen.findByRole('link', { name: 'Se alle 11 opgaver →' })).getAttribute('href')).toBe('/tasks?mine=true');
  });

  it('without tasks, shows where to find tasks open for bids', async () => {
    answerTasks([]);
    renderWithProviders(<RecentTasks allHref="/tasks?mine=true" />);
    expect(await screen.findByText('Du har ingen opgaver endnu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vis opgaver åbne for bud' }).getAttribute('href')).toBe('/tasks?available=true');
    expect(asked).toEqual(['GET /tasks?mine=true&page=1&limit=8']);
  });
});
