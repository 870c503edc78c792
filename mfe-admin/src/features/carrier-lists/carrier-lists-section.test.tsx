import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, fakeUsersApi } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';
import { fakeTaskTypesApi } from '../../testing/fake-task-types-api';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';

const server = setupApiServer();
let ledger: ReturnType<typeof fakeLedgerApi>;

beforeEach(() => {
  localStorage.clear();
  // Carrier 3 is on list A, so A cannot be deleted.
  ledger = fakeLedgerApi({ assignments: { 3: 1 } });
  server.use(...fakeUsersApi([admin]).handlers, ...ledger.handlers, ...fakeTaskTypesApi().handlers);
  setSession(admin);
});

const listsCard = () => screen.getByRole('region', { name: 'Carrier-lister' });
const row = (name: string) => within(listsCard()).getByRole('row', { name: new RegExp(`^${name} `) });
const cells = (name: string) => within(row(name)).getAllByRole('cell').map((cell) => cell.textContent);

describe('fees tab: carrier lists', () => {
  it('shows lists A, B, C with description, fees in Danish format and number of carriers', async () => {
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table', { name: 'Carrier-lister' });
    const headers = within(listsCard()).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Navn', 'Beskrivelse', 'Gebyr', 'Fast gebyr', 'Minimumsgebyr', 'Carriers', 'Handlinger']);
    expect(cells('A').slice(0, 5)).toEqual(['Liste A', '8%', '0,00 DKK', '0,00 DKK', '1']);
    expect(cells('C').slice(0, 5)).toEqual(['Liste C', '12,5%', '1.234,50 DKK', '0,00 DKK', '0']);
  });

  it('adds a list after checking its fields', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table');
    await user.click(within(listsCard()).getByRole('button', { name: 'Tilføj liste' }));

    const dialog = screen.getByRole('dialog', { name: 'Ny carrier-liste' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)' }), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Opret liste' }));
    expect(within(dialog).getByRole('textbox', { name: 'Navn', description: 'Angiv et navn til listen' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)', description: /Listens gebyrprocent skal være et tal mellem 0 og 100/ })).toBeTruthy();
    expect(ledger.requests.some((line) => line.startsWith('POST'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Navn' }), 'D');
    await user.type(within(dialog).getByRole('textbox', { name: 'Beskrivelse' }), 'Nye vognmænd');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)' }), '15');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Fast gebyr (DKK)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Fast gebyr (DKK)' }), '9,95');
    await user.click(within(dialog).getByRole('button', { name: 'Opret liste' }));

    expect(await within(listsCard()).findByText('Liste D er oprettet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ledger.bodies['POST /admin/carrier-lists']).toEqual({ name: 'D', description: 'Nye vognmænd', feePercentage: 15, fixedFee: 9.95, minFee: 0 });
    expect(cells('D').slice(0, 5)).toEqual(['Nye vognmænd', '15%', '9,95 DKK', '0,00 DKK', '0']);
  });

  it('shows the server’s message when a list name is taken', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table');
    await user.click(within(listsCard()).getByRole('button', { name: 'Tilføj liste' }));
    const dialog = screen.getByRole('dialog', { name: 'Ny carrier-liste' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Navn' }), 'B');
    await user.type(within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)' }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Opret liste' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Der findes allerede en carrier-liste med dette navn');
  });

  it('edits a list in a modal', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table');
    await user.click(within(row('B')).getByRole('button', { name: 'Ret liste B' }));

    const dialog = screen.getByRole('dialog', { name: 'Ret liste B' });
    const fee = within(dialog).getByRole('textbox', { name: 'Gebyrprocent (%)' }) as HTMLInputElement;
    expect(fee.value).toBe('10');
    await user.clear(fee);
    await user.type(fee, '9,5');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Minimumsgebyr (DKK)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimumsgebyr (DKK)' }), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Gem liste' }));

    expect(await within(listsCard()).findByText('Liste B er gemt.')).toBeTruthy();
    expect(ledger.bodies['PUT /admin/carrier-lists/2']).toEqual({ name: 'B', description: 'Liste B', feePercentage: 9.5, fixedFee: 0, minFee: 25 });
    expect(cells('B').slice(0, 4)).toEqual(['Liste B', '9,5%', '0,00 DKK', '25,00 DKK']);
  });

  it('deletes a list only after confirming, and shows the 409 "in use" message for a list with carriers', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table');

    await user.click(within(row('A')).getByRole('button', { name: 'Slet liste A' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Slet carrier-liste' });
    expect(dialog.textContent).toContain('Der står 1 carrier på den');
    await user.click(within(dialog).getByRole('button', { name: 'Slet liste' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Listen kan ikke slettes, så længe der er carriers på den');
    expect(row('A')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));

    await user.click(within(row('C')).getByRole('button', { name: 'Slet liste C' }));
    dialog = screen.getByRole('alertdialog', { name: 'Slet carrier-liste' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(ledger.requests).not.toContain('DELETE /admin/carrier-lists/3');

    await user.click(within(row('C')).getByRole('button', { name: 'Slet liste C' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Slet liste' }));
    expect(await within(listsCard()).findByText('Liste C er slettet.')).toBeTruthy();
    expect(within(listsCard()).queryByRole('row', { name: /^C / })).toBeNull();
    expect(ledger.requests.filter((line) => line.startsWith('DELETE'))).toEqual(['DELETE /admin/carrier-lists/1', 'DELETE /admin/carrier-lists/3']);
  });

  it('says "Kunne ikke opdatere carrier-liste." when saving fails for another reason', async () => {
    server.use(http.put('/api/admin/carrier-lists/:id', () => HttpResponse.json({ message: 'nede' }, { status: 503 })));
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(listsCard()).findByRole('table');
    await user.click(within(row('A')).getByRole('button', { name: 'Ret liste A' }));
    const dialog = screen.getByRole('dialog', { name: 'Ret liste A' });
    await user.click(within(dialog).getByRole('button', { name: 'Gem liste' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke opdatere carrier-liste.');
  });

  it('says so with a retry when the lists cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/carrier-lists', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'nede' }, { status: 503 }) : undefined;
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    const alert = await within(listsCard()).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente carrier-lister.');
    await user.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(row('A')).toBeTruthy());
  });
});
