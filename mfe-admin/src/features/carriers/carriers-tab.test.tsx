import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, approvedCarrier, blockedCarrier, fakeUsersApi, pendingCarrier } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';

const server = setupApiServer();
let api: ReturnType<typeof fakeUsersApi>;
let ledger: ReturnType<typeof fakeLedgerApi>;

beforeEach(() => {
  api = fakeUsersApi([admin, approvedCarrier, pendingCarrier, blockedCarrier]);
  // Viggo (3) is on list A; Niels (4) and Bo (5) are on no list.
  ledger = fakeLedgerApi({ assignments: { 3: 1 } });
  insuranceRequests.length = 0;
  server.use(
    ...api.handlers,
    ...ledger.handlers,
    http.get('/api/admin/users/:id/insurance', ({ params }) => {
      insuranceRequests.push(Number(params.id));
      return HttpResponse.json({ items: insurance[Number(params.id)] ?? [] });
    }),
  );
  setSession(admin);
});

const insuranceRequests: number[] = [];
const record = (id: number, userId: number, expiresAt: string | null, expired: boolean) => ({
  id,
  user_id: userId,
  file_url: `/api/files/0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7${id}.pdf`,
  expires_at: expiresAt,
  notes: null,
  expired,
  created_at: '2026-11-01T10:00:00.000Z',
});
// Niels (4, pending) has a current and an expired document; Viggo (3, approved) one current.
const insurance: Record<number, ReturnType<typeof record>[]> = {
  4: [record(1, 4, '2027-06-30', false), record(2, 4, '2025-01-31', true)],
  3: [record(3, 3, '2027-01-01', false)],
};

const group = (name: RegExp) => screen.getByRole('region', { name });
const carrierCard = (name: string) => screen.getByRole('listitem', { name });

describe('carriers tab', () => {
  it('shows a pending carrier\'s insurance with links to the documents and "Udløbet" on the expired one; others on demand', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=carriers');
    const niels = within(await screen.findByRole('listitem', { name: 'Nye Niels' }));
    const links = await niels.findAllByRole('link', { name: 'Forsikringsbevis' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([insurance[4]![0]!.file_url, insurance[4]![1]!.file_url]);
    expect(niels.getByText('Udløber 30.6.2027')).toBeTruthy();
    expect(niels.getAllByText('Udløbet')).toHaveLength(1);
    expect(insuranceRequests).toEqual([4]);

    const viggo = within(carrierCard('Viggo Vognmand'));
    expect(viggo.queryByRole('link', { name: 'Forsikringsbevis' })).toBeNull();
    await user.click(viggo.getByText('Forsikring'));
    expect(await viggo.findByRole('link', { name: 'Forsikringsbevis' })).toBeTruthy();
    expect(viggo.queryByText('Udløbet')).toBeNull();
    await user.click(within(carrierCard('Blokeret Bo')).getByText('Forsikring'));
    expect(await within(carrierCard('Blokeret Bo')).findByText('Ingen forsikring uploadet.')).toBeTruthy();
  });

  it('groups carriers into pending, approved and blocked', async () => {
    renderAdmin('/AdminDashboard?tab=carriers');
    expect(await within(await screen.findByRole('region', { name: /Afventer godkendelse/ })).findByText('Nye Niels')).toBeTruthy();
    expect(within(group(/Godkendte vognmænd/)).getByText('Viggo Vognmand')).toBeTruthy();
    expect(within(group(/Blokerede vognmænd/)).getByText('Blokeret Bo')).toBeTruthy();
    expect(api.requests).toContain('GET /users?role=carrier&limit=100');
  });

  it("shows each carrier's CVR number (or that it is missing) and links the name to the public carrier page", async () => {
    api = fakeUsersApi([admin, { ...approvedCarrier, cvrNumber: '12345674' }, pendingCarrier]);
    server.use(...api.handlers);
    renderAdmin('/AdminDashboard?tab=carriers');
    const viggo = await screen.findByRole('listitem', { name: 'Viggo Vognmand' });
    expect(within(viggo).getByText(/CVR 12345674/)).toBeTruthy();
    expect(within(viggo).getByRole('link', { name: 'Viggo Vognmand' }).getAttribute('href')).toBe('/carrier/3');
    expect(within(screen.getByRole('listitem', { name: 'Nye Niels' })).getByText(/CVR ikke oplyst/)).toBeTruthy();
  });

  it('approves a pending carrier and moves it to the approved group', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=carriers');
    await screen.findByText('Nye Niels');
    const carriersTab = await screen.findByRole('tab', { name: 'Carrier-godkendelse', description: '1 afventer godkendelse' });

    await user.click(within(carrierCard('Nye Niels')).getByRole('button', { name: 'Godkend' }));
    expect(await screen.findByText('Nye Niels er godkendt.')).toBeTruthy();
    expect(within(group(/Godkendte vognmænd/)).getByText('Nye Niels')).toBeTruthy();
    expect(within(group(/Afventer godkendelse/)).getByText('Ingen vognmænd afventer godkendelse.')).toBeTruthy();
    expect(api.requests).toContain('PUT /admin/users/4/approve');
    await waitFor(() => expect(carriersTab.getAttribute('aria-describedby')).toBeNull());
  });

  it('blocks and unblocks carriers', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=carriers');
    await screen.findByText('Viggo Vognmand');
    await user.click(within(carrierCard('Viggo Vognmand')).getByRole('button', { name: 'Bloker' }));
    await waitFor(() => expect(within(group(/Blokerede vognmænd/)).getByText('Viggo Vognmand')).toBeTruthy());

    await user.click(within(carrierCard('Blokeret Bo')).getByRole('button', { name: 'Fjern blokering' }));
    await waitFor(() => expect(within(group(/Godkendte vognmænd/)).getByText('Blokeret Bo')).toBeTruthy());
    expect(api.requests).toEqual(expect.arrayContaining(['PUT /admin/users/3/block', 'PUT /admin/users/5/unblock']));
  });

  it('says "Kunne ikke udføre handlingen." when an action fails', async () => {
    server.use(http.put('/api/admin/users/:id/approve', () => HttpResponse.json({ message: 'nede' }, { status: 503 })));
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=carriers');
    await screen.findByText('Nye Niels');
    await user.click(within(carrierCard('Nye Niels')).getByRole('button', { name: 'Godkend' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke udføre handlingen.');
  });

  it('says "Kunne ikke hente carrier data." when the list cannot load', async () => {
    server.use(http.get('/api/users', () => HttpResponse.json({ message: 'nede' }, { status: 500 })));
    renderAdmin('/AdminDashboard?tab=carriers');
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke hente carrier data.');
  });

  describe('carrier lists', () => {
    const listSelect = (name: string) => within(carrierCard(name)).getByRole('combobox', { name: 'Carrier-liste' }) as HTMLSelectElement;
    const shownList = (name: string) => listSelect(name).selectedOptions[0]?.textContent;

    it('shows each carrier’s list as "A (8% gebyr)", asking for all shown carriers’ assignments in one call', async () => {
      renderAdmin('/AdminDashboard?tab=carriers');
      await waitFor(() => expect(shownList('Viggo Vognmand')).toBe('A (8% gebyr)'));
      expect(shownList('Nye Niels')).toBe('Ingen liste (standard 10% gebyr)');
      expect(shownList('Blokeret Bo')).toBe('Ingen liste (standard 10% gebyr)');
      expect(Array.from(listSelect('Nye Niels').options).map((option) => option.textContent)).toEqual([
        'Ingen liste (standard 10% gebyr)',
        'A (8% gebyr)',
        'B (10% gebyr)',
        'C (12,5% gebyr)',
      ]);
      expect(ledger.requests.filter((line) => line.startsWith('GET /admin/carrier-lists/assignments'))).toEqual([
        'GET /admin/carrier-lists/assignments?userId=3,4,5',
      ]);
    });

    it('puts a carrier on a list, moves them to another and takes them off again', async () => {
      const user = userEvent.setup();
      renderAdmin('/AdminDashboard?tab=carriers');
      await waitFor(() => expect(shownList('Nye Niels')).toBe('Ingen liste (standard 10% gebyr)'));

      await user.selectOptions(listSelect('Nye Niels'), 'B (10% gebyr)');
      expect(await screen.findByText('Nye Niels er sat på liste B (10% gebyr).')).toBeTruthy();
      expect(shownList('Nye Niels')).toBe('B (10% gebyr)');
      expect(ledger.bodies['POST /admin/carrier-lists/assignments']).toEqual({ userId: 4, listId: 2 });

      await user.selectOptions(listSelect('Viggo Vognmand'), 'C (12,5% gebyr)');
      expect(await screen.findByText('Viggo Vognmand er sat på liste C (12,5% gebyr).')).toBeTruthy();
      expect(ledger.assignments().find((assignment) => assignment.userId === 3)?.listId).toBe(3);

      await user.selectOptions(listSelect('Viggo Vognmand'), 'Ingen liste (standard 10% gebyr)');
      expect(await screen.findByText('Viggo Vognmand er taget af liste C (12,5% gebyr).')).toBeTruthy();
      expect(shownList('Viggo Vognmand')).toBe('Ingen liste (standard 10% gebyr)');
      expect(ledger.requests).toContain('DELETE /admin/carrier-lists/assignments/500');
      expect(ledger.assignments().map((assignment) => assignment.userId)).toEqual([4]);
    });

    it('says "Kunne ikke opdatere carrier-liste." and keeps the old list when the change fails', async () => {
      server.use(
        http.post('/api/admin/carrier-lists/assignments', () => HttpResponse.json({ message: 'nede' }, { status: 503 })),
        http.delete('/api/admin/carrier-lists/assignments/:id', () => HttpResponse.json({ message: 'fejl' }, { status: 500 })),
      );
      const user = userEvent.setup();
      renderAdmin('/AdminDashboard?tab=carriers');
      await waitFor(() => expect(shownList('Viggo Vognmand')).toBe('A (8% gebyr)'));

      await user.selectOptions(listSelect('Viggo Vognmand'), 'B (10% gebyr)');
      expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke opdatere carrier-liste.');
      expect(shownList('Viggo Vognmand')).toBe('A (8% gebyr)');

      await user.selectOptions(listSelect('Viggo Vognmand'), 'Ingen liste (standard 10% gebyr)');
      await waitFor(() => expect(listSelect('Viggo Vognmand').disabled).toBe(false));
      expect(screen.getByRole('alert').textContent).toBe('Kunne ikke opdatere carrier-liste.');
      expect(shownList('Viggo Vognmand')).toBe('A (8% gebyr)');
    });

    it('still shows the carriers when the lists cannot be loaded, with a retry', async () => {
      let calls = 0;
      server.use(
        http.get('/api/admin/carrier-lists', () => {
          calls += 1;
          return calls === 1 ? HttpResponse.json({ message: 'nede' }, { status: 503 }) : undefined;
        }),
      );
      const user = userEvent.setup();
      renderAdmin('/AdminDashboard?tab=carriers');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Kunne ikke hente carrier-lister.');
      expect(screen.getByText('Viggo Vognmand')).toBeTruthy();
      expect(within(carrierCard('Viggo Vognmand')).queryByRole('combobox')).toBeNull();
      await user.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
      await waitFor(() => expect(shownList('Viggo Vognmand')).toBe('A (8% gebyr)'));
    });
  });
});
