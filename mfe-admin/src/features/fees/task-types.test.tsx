import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin, fakeUsersApi } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';
import { fakeLedgerApi } from '../../testing/fake-ledger-api';
import { fakeTaskTypesApi } from '../../testing/fake-task-types-api';

const server = setupApiServer();
let taskTypes: ReturnType<typeof fakeTaskTypesApi>;

beforeEach(() => {
  localStorage.clear();
  taskTypes = fakeTaskTypesApi([
    { type: 'moving', maxBids: 8 },
    { type: 'courier', maxBids: 3 },
  ]);
  server.use(...fakeUsersApi([admin]).handlers, ...fakeLedgerApi().handlers, ...taskTypes.handlers);
  setSession(admin);
});

const card = () => screen.getByRole('region', { name: 'Max bud pr. opgavetype' });
const row = (name: RegExp) => within(card()).getByRole('row', { name });
const addForm = () => within(card()).getByRole('form', { name: 'Tilføj opgavetype' });

describe('fees tab: max bids per task type', () => {
  it('lists each type with its max bids', async () => {
    renderAdmin('/AdminDashboard?tab=fees');
    await within(card()).findByRole('table');
    expect(within(row(/^Flytning moving/)).getByRole('cell', { name: '8' })).toBeTruthy();
    expect(within(row(/^Kurertransport courier/)).getAllByRole('cell')[0]!.textContent).toBe('3');
  });

  it('adds a type: lowercased name and max bids of at least 1, else "Angiv gyldig type og max bud (>=1)."', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(card()).findByRole('table');

    const maxBids = within(addForm()).getByRole('textbox', { name: 'Max bud' }) as HTMLInputElement;
    expect(maxBids.value).toBe('5');
    await user.click(within(addForm()).getByRole('button', { name: 'Tilføj type' }));
    expect(within(card()).getByRole('alert').textContent).toBe('Angiv gyldig type og max bud (>=1).');

    await user.type(within(addForm()).getByRole('combobox', { name: 'Ny type' }), 'Furniture');
    await user.clear(maxBids);
    await user.type(maxBids, '0');
    await user.click(within(addForm()).getByRole('button', { name: 'Tilføj type' }));
    expect(within(card()).getByRole('alert').textContent).toBe('Angiv gyldig type og max bud (>=1).');
    expect(taskTypes.requests.filter((line) => line.startsWith('POST'))).toEqual([]);

    await user.clear(maxBids);
    await user.type(maxBids, '4');
    await user.click(within(addForm()).getByRole('button', { name: 'Tilføj type' }));
    expect(await within(card()).findByText('Møbeltransport er tilføjet med max 4 bud.')).toBeTruthy();
    expect(taskTypes.bodies['POST /admin/task-types']).toEqual({ type: 'furniture', maxBids: 4 });
    expect(within(row(/furniture/)).getAllByRole('cell')[0]!.textContent).toBe('4');
  });

  it('takes a type by its Danish name: "Møbeltransport" is furniture, "Flytning" is the moving already listed', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(card()).findByRole('table');
    const name = within(addForm()).getByRole('combobox', { name: 'Ny type' });

    await user.type(name, 'Flytning');
    await user.click(within(addForm()).getByRole('button', { name: 'Tilføj type' }));
    expect(within(card()).getByRole('alert').textContent).toBe('Typen Flytning findes allerede – ret dens max bud i tabellen.');

    await user.clear(name);
    await user.type(name, 'Møbeltransport');
    await user.click(within(addForm()).getByRole('button', { name: 'Tilføj type' }));
    expect(await within(card()).findByText('Møbeltransport er tilføjet med max 5 bud.')).toBeTruthy();
    expect(taskTypes.bodies['POST /admin/task-types']).toEqual({ type: 'furniture', maxBids: 5 });
  });

  it('changes a type’s max bids inline and deletes a type after confirming', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(card()).findByRole('table');

    await user.click(within(card()).getByRole('button', { name: 'Ret max bud for Flytning' }));
    const input = within(card()).getByRole('textbox', { name: 'Max bud for Flytning' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(card()).getByRole('button', { name: 'Gem' }));
    expect(within(card()).getByRole('textbox', { name: 'Max bud for Flytning', description: 'Max antal bud skal være et helt tal på mindst 1' })).toBeTruthy();
    await user.clear(input);
    await user.type(input, '12');
    await user.click(within(card()).getByRole('button', { name: 'Gem' }));
    expect(await within(card()).findByText('Max bud for Flytning er nu 12.')).toBeTruthy();
    expect(taskTypes.bodies['PUT /admin/task-types/moving']).toEqual({ type: 'moving', maxBids: 12 });

    await user.click(within(card()).getByRole('button', { name: 'Slet Kurertransport' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Slet opgavetype' })).getByRole('button', { name: 'Slet type' }));
    await waitFor(() => expect(within(card()).queryByRole('row', { name: /courier/ })).toBeNull());
    expect(taskTypes.requests).toContain('DELETE /admin/task-types/courier');
  });

  it('says "Kunne ikke gemme ændring." and "Kunne ikke slette opgavetype." when a change fails', async () => {
    server.use(
      http.put('/api/admin/task-types/:type', () => HttpResponse.json({ message: 'fejl' }, { status: 500 })),
      http.delete('/api/admin/task-types/:type', () => HttpResponse.json({ message: 'fejl' }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    await within(card()).findByRole('table');
    await user.click(within(card()).getByRole('button', { name: 'Ret max bud for Flytning' }));
    await user.click(within(card()).getByRole('button', { name: 'Gem' }));
    expect(await within(card()).findByRole('textbox', { name: 'Max bud for Flytning', description: 'Kunne ikke gemme ændring.' })).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'Annuller' }));

    await user.click(within(card()).getByRole('button', { name: 'Slet Flytning' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Slet opgavetype' });
    await user.click(within(dialog).getByRole('button', { name: 'Slet type' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Kunne ikke slette opgavetype.');
  });

  it.each([404, 503])('says "Kunne ikke hente opgavetyper." with a retry and shows no table when the endpoint answers %i', async (status) => {
    let calls = 0;
    server.use(
      http.get('/api/admin/task-types', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ code: 'not_found', message: 'Ikke fundet' }, { status }) : undefined;
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=fees');
    const alert = await within(card()).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente opgavetyper.');
    expect(within(card()).queryByRole('table')).toBeNull();
    expect(within(card()).queryByRole('form', { name: 'Tilføj opgavetype' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await within(card()).findByRole('table')).toBeTruthy();
  });
});
