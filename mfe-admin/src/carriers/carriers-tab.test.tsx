import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, approvedCarrier, blockedCarrier, fakeUsersApi, pendingCarrier } from '../testing/admin-api';
import { renderAdmin } from '../testing/render-admin';

const server = setupApiServer();
let api: ReturnType<typeof fakeUsersApi>;

beforeEach(() => {
  api = fakeUsersApi([admin, approvedCarrier, pendingCarrier, blockedCarrier]);
  server.use(...api.handlers);
  setSession(admin);
});

const group = (name: RegExp) => screen.getByRole('region', { name });
const carrierCard = (name: string) => screen.getByRole('listitem', { name });

describe('carriers tab', () => {
  it('groups carriers into pending, approved and blocked', async () => {
    renderAdmin('/AdminDashboard?tab=carriers');
    expect(await within(await screen.findByRole('region', { name: /Afventer godkendelse/ })).findByText('Nye Niels')).toBeTruthy();
    expect(within(group(/Godkendte vognmænd/)).getByText('Viggo Vognmand')).toBeTruthy();
    expect(within(group(/Blokerede vognmænd/)).getByText('Blokeret Bo')).toBeTruthy();
    expect(api.requests).toContain('GET /users?role=carrier&limit=100');
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
});
