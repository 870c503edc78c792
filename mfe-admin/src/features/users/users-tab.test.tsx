import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, approvedCarrier, blockedCarrier, customer, fakeUsersApi, pendingCarrier } from '../../testing/admin-api';
import { forgetWidthsAfterEach, givenWidths } from '../../testing/fake-widths';
import { renderAdmin } from '../../testing/render-admin';
import { fakeFinanceApi } from '../../testing/fake-finance-api';

const server = setupApiServer();
let api: ReturnType<typeof fakeUsersApi>;

beforeEach(() => {
  api = fakeUsersApi([admin, customer, approvedCarrier, pendingCarrier, blockedCarrier]);
  server.use(...api.handlers);
  setSession(admin);
});

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const names = () => screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent);

describe('users tab', () => {
  it('when the admin follows a customer’s or a carrier’s money link, then the ledger opens with that action filled in with them', async () => {
    server.use(...fakeFinanceApi([]).handlers);
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    expect(within(rowOf('Karen Kunde')).getByText('#2')).toBeTruthy();
    expect(within(rowOf('Ada Admin')).queryByRole('link')).toBeNull();
    expect(within(rowOf('Viggo Vognmand')).getByRole('link', { name: 'Ledger: Viggo Vognmand' }).getAttribute('href')).toBe('/AdminDashboard?tab=ledger&carrierId=3');
    await user.click(within(rowOf('Karen Kunde')).getByRole('link', { name: 'Justering: Karen Kunde' }));
    expect(screen.getByTestId('location').textContent).toBe('/AdminDashboard?tab=ledger&customerId=2&action=adjustment');
    const form = await screen.findByRole('form', { name: 'Justering' });
    expect((within(form).getByRole('combobox', { name: 'Kunde' }) as HTMLInputElement).value).toBe('2');
  });

  it('/admin/users opens the users tab and lists everyone', async () => {
    renderAdmin('/admin/users');
    expect(screen.getByRole('tab', { name: 'Brugeradministration' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('table');
    expect(names()).toEqual(['Ada Admin', 'Karen Kunde', 'Viggo Vognmand', 'Nye Niels', 'Blokeret Bo']);
    expect(api.requests).toContain('GET /users?limit=100');
  });

  it('filters by role and by blocked', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis brugere' }), 'Vognmænd');
    await waitFor(() => expect(names()).toEqual(['Viggo Vognmand', 'Nye Niels', 'Blokeret Bo']));
    expect(api.requests).toContain('GET /users?role=carrier&limit=100');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis brugere' }), 'Blokerede');
    await waitFor(() => expect(names()).toEqual(['Blokeret Bo']));
    expect(api.requests).toContain('GET /users?role=blocked&limit=100');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis brugere' }), 'Kunder');
    await waitFor(() => expect(names()).toEqual(['Karen Kunde']));
  });

  it('searches users by name, e-mail or company through the API, so users beyond the first 100 can be found', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Søg' }), 'viggo');
    await waitFor(() => expect(names()).toEqual(['Viggo Vognmand']));
    expect(api.requests).toContain('GET /users?q=viggo&limit=100');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis brugere' }), 'Kunder');
    expect(await screen.findByText('Prøv en anden søgning eller et andet filter.')).toBeTruthy();
    expect(api.requests).toContain('GET /users?role=customer&q=viggo&limit=100');
  });

  it('blocks and unblocks a user, updating the row and the badge count', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    expect(await screen.findByRole('tab', { name: 'Brugeradministration', description: '1 blokerede' })).toBeTruthy();

    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Bloker' }));
    expect(await screen.findByText('Karen Kunde er blokeret.')).toBeTruthy();
    expect(within(rowOf('Karen Kunde')).getByText('Blokeret')).toBeTruthy();
    expect(api.requests).toContain('PUT /admin/users/2/block');
    expect(await screen.findByRole('tab', { name: 'Brugeradministration', description: '2 blokerede' })).toBeTruthy();

    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Fjern blokering' }));
    expect(await screen.findByText('Blokeringen af Karen Kunde er fjernet.')).toBeTruthy();
    expect(within(rowOf('Karen Kunde')).getByText('Aktiv')).toBeTruthy();
  });

  it('drops an unblocked user from the blocked filter', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vis brugere' }), 'Blokerede');
    await waitFor(() => expect(names()).toEqual(['Blokeret Bo']));
    await user.click(within(rowOf('Blokeret Bo')).getByRole('button', { name: 'Fjern blokering' }));
    expect(await screen.findByText('Ingen brugere at vise')).toBeTruthy();
  });

  it("offers no actions on the admin's own row", async () => {
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    expect(within(rowOf('Ada Admin')).queryByRole('button')).toBeNull();
  });

  it('deletes a user only after confirming in a dialog', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');

    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Slet' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Slet bruger' });
    expect(dialog.textContent).toContain('Karen Kunde');
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.requests.some((r) => r.startsWith('DELETE'))).toBe(false);

    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Slet' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Slet bruger' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests).toContain('DELETE /users/2');
    expect(screen.queryByRole('rowheader', { name: /Karen Kunde/ })).toBeNull();
    expect(screen.getByText('Karen Kunde er slettet.')).toBeTruthy();
  });

  it('says so in the dialog when deleting fails', async () => {
    server.use(http.delete('/api/users/:id', () => HttpResponse.json({ code: 'boom', message: 'Intern fejl' }, { status: 500 })));
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Slet' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Slet bruger' }));
    expect((await within(screen.getByRole('alertdialog')).findByRole('alert')).textContent).toBe('Kunne ikke slette brugeren.');
  });

  it('says "Kunne ikke opdatere bruger" when blocking fails', async () => {
    server.use(http.put('/api/admin/users/:id/block', () => HttpResponse.json({ code: 'boom', message: 'Intern fejl' }, { status: 500 })));
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=users');
    await screen.findByRole('table');
    await user.click(within(rowOf('Karen Kunde')).getByRole('button', { name: 'Bloker' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke opdatere bruger');
  });

  it('says "Kunne ikke hente brugere" with a retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/users', () =>
        fail ? HttpResponse.json({ message: 'nede' }, { status: 503 }) : HttpResponse.json({ items: [customer], total: 1, page: 1, limit: 100 }),
      ),
    );
    renderAdmin('/AdminDashboard?tab=users');
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke hente brugere');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('rowheader', { name: /Karen Kunde/ })).toBeTruthy();
  });
});

describe('users tab on a phone', () => {
  forgetWidthsAfterEach();

  it('says the actions wait to the right when the table is wider than the screen', async () => {
    // The table (with Bloker and Slet) in a 390 px screen.
    givenWidths({ scrollWidth: 749, clientWidth: 358 });
    renderAdmin('/admin/users');
    const table = await screen.findByRole('table', { name: 'Brugere' });
    expect(screen.getByRole('region', { name: 'Brugere' }).contains(table)).toBe(true);
    expect(screen.getByText('Rul til siden for flere kolonner →')).toBeTruthy();
  });
});
