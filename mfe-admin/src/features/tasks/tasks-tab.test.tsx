import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import { makeTask, setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, fakeUsersApi } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';

const server = setupApiServer();

/** A task as the admin's list gets it: libs/web's fixture, awaiting review and without a description unless given. */
function task(id: number, overrides: Partial<Task> = {}): Task {
  return makeTask({ id, status: 'pending_admin_review', description: '', ...overrides });
}

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  const tasks = [
    task(9, { status: 'pending_admin_review', is_guest: true }),
    task(41, {
      status: 'assigned',
      customer: { id: 2, name: 'Karen Jensen', company: null },
      assigned_carrier_id: 4,
      assigned_carrier: { id: 4, name: 'Lars Hansen', company: 'Hansen Fragt ApS' },
    }),
    ...Array.from({ length: 23 }, (_, i) => task(40 - i, { status: 'open_for_bids', lowest_bid: 1500 })),
  ];
  server.use(
    // before the users API's own answer for this count (a 404): the first matching handler answers
    http.get('/api/admin/tasks/pending-count', () => HttpResponse.json({ count: 1 })),
    ...fakeUsersApi([admin]).handlers,
    http.get('/api/tasks', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.search);
      const status = url.searchParams.get('status');
      const items = tasks.filter((t) => !status || t.status === status);
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json({ items: items.slice((page - 1) * 20, page * 20), total: items.length, page, limit: 20 });
    }),
  );
  setSession(admin);
});

describe('admin task management', () => {
  it('lists every task a page at a time, each linking to the task page, with the pending badge on the tab', async () => {
    renderAdmin('/AdminDashboard');
    const table = await screen.findByRole('table');
    expect(screen.getByText('Viser 1–20 af 25 opgaver')).toBeTruthy();
    // In a scroll box that says when columns wait to the right (a phone), not a plain one.
    expect(screen.getByRole('region', { name: 'Opgaver' }).contains(table)).toBe(true);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getByRole('link', { name: '#9 Flytning' }).getAttribute('href')).toBe('/task/9');
    expect(firstRow.textContent).toContain('Afventer godkendelse');
    expect(firstRow.textContent).toContain('Gæst');
    expect(firstRow.textContent).toContain('8000 Aarhus C → 2200 København N');
    expect(await screen.findByRole('tab', { name: 'Opgavehåndtering', description: '1 afventer gennemsyn' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Næste →' }));
    expect(await screen.findByText('Viser 21–25 af 25 opgaver')).toBeTruthy();
    expect(requests.at(-1)).toBe('?page=2&limit=20');
  });

  it('names the customer and the assigned carrier (with company) of each task, never their numbers', async () => {
    renderAdmin('/AdminDashboard');
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Kunde', 'Vognmand']));
    const assigned = within(table).getByRole('link', { name: '#41 Flytning' }).closest('tr')!;
    expect(within(assigned).getByText('Karen Jensen')).toBeTruthy();
    expect(within(assigned).getByText('Lars Hansen (Hansen Fragt ApS)')).toBeTruthy();
    // A name not known yet reads as such; nobody assigned reads '–'.
    const open = within(table).getByRole('link', { name: '#40 Flytning' }).closest('tr')!;
    expect(within(open).getByText('Kunde (navn ukendt)')).toBeTruthy();
    expect(within(open).getByText('–')).toBeTruthy();
  });

  it("shows '1000+' when the server's total is capped, and still offers the next page", async () => {
    server.use(
      http.get('/api/tasks', () =>
        HttpResponse.json({ items: Array.from({ length: 20 }, (_, i) => task(100 + i)), total: 1000, totalIsEstimate: true, nextCursor: null, page: 1, limit: 20 }),
      ),
    );
    renderAdmin('/AdminDashboard?tab=tasks');
    expect(await screen.findByText('Viser 1–20 af 1000+ opgaver')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Næste →' })).toBeTruthy();
  });

  it('filters by status on the server', async () => {
    renderAdmin('/AdminDashboard?tab=tasks');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Afventer godkendelse');
    expect(await screen.findByText('Viser 1 af 1 opgave')).toBeTruthy();
    expect(requests.at(-1)).toBe('?status=pending_admin_review&page=1&limit=20');
  });

  it("says 'Kunne ikke hente opgaver.' and tries again", async () => {
    server.use(http.get('/api/tasks', () => HttpResponse.json({ code: 'x', message: 'Nede' }, { status: 503 }), { once: true }));
    renderAdmin('/AdminDashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente opgaver.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
