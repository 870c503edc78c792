import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import type { CarrierTaskActionsProps, Role } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { fakeTasksApi, makeTask } from '../../../testing/tasks';
import { resetRemoteManifest } from '../../../remotes/remote-manifest';
import { stubRemoteContract } from '../../../testing/remote-contract';
import { makeFreightNote } from './consignment/freight-note-fixtures';
import { TaskDetailPage } from './task-detail-page';

// The remotes' pieces are stubbed (the Module Federation runtime mocked); each has its own tests in its remote.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const taskActionsProps: CarrierTaskActionsProps[] = [];
function StubTaskActions(props: CarrierTaskActionsProps) {
  taskActionsProps.push(props);
  return <p>Bud-noten fra mfe_carrier</p>;
}

const server = setupApiServer();

beforeEach(() => {
  taskActionsProps.length = 0;
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id);
    if (id === 'mfe_carrier/TaskActions') return { default: StubTaskActions };
    return { default: () => null };
  });
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ remotes: { mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js', mfe_customer: '/remotes/mfe-customer/remoteEntry.js' } })));
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const location = () => screen.getByTestId('location').textContent;
const owner = makeUser({ id: 2, role: 'customer', name: 'Karen Kunde' });
const carrier = makeUser({ id: 3, role: 'carrier' });
const admin = makeUser({ id: 1, role: 'admin' });
const viewers: Record<Role, typeof owner> = { customer: owner, carrier, admin };

/** The task page as the route table mounts it, with uploads that need no browser APIs. */
function renderTaskPage(route: string, tasks: Task[], role: Role | null = 'customer') {
  const fake = fakeTasksApi(tasks);
  server.use(...fake.handlers);
  // A carrier's bids tab lists their own bid; none unless a test says otherwise (after this call).
  if (role === 'carrier') server.use(http.get('/api/bids', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 100, bidding: null })));
  setSession(role ? viewers[role] : null);
  let uploads = 0;
  renderWithQueryClient(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route
          path="/task/:id"
          element={
            <TaskDetailPage
              prepare={async (file) => ({ blob: file, filename: file.name })}
              upload={async () => `/api/files/uploaded-${++uploads}.jpg`}
            />
          }
        />
        <Route path="*" element={<p>Anden side</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return fake;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('task page', () => {
  it('shows the progress bar with the Danish steps and the current one marked', async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5, status: 'paid' })]);
    const steps = within(await screen.findByRole('list', { name: 'Opgavens forløb' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/^[\d✓]+/, '').replace(' (gennemført)', ''))).toEqual([
      'Oprettet',
      'Åben for bud',
      'Tildelt',
      'Betalt',
      'Afhentet',
      'På vej',
      'Leveret',
      'Afsluttet',
    ]);
    expect(steps[3]!.getAttribute('aria-current')).toBe('step');
    expect(steps[2]!.textContent).toContain('(gennemført)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Flytning #5');
  });

  it.each<[Role, string[]]>([
    ['customer', ['Detaljer', 'Bud', 'Chat', 'Fragtbrev']],
    ['admin', ['Detaljer', 'Bud', 'Chat', 'Fragtbrev']],
    ['carrier', ['Detaljer', 'Chat', 'Bud', 'Fragtbrev']],
  ])('orders the tabs for a %s', async (role, expected) => {
    renderTaskPage('/task/5', [makeTask({ id: 5, user_id: owner.id })], role);
    await screen.findByRole('tablist', { name: 'Opgavens faner' });
    expect(tabNames()).toEqual(expected);
    // An admin's details tab lists the task's deletion requests: let that load finish inside the test.
    if (role === 'admin') expect(await screen.findByText('Ingen anmodninger om sletning')).toBeTruthy();
  });

  it("offers a customer looking at someone else's task no chat and no consignment note, not even by the address", async () => {
    renderTaskPage('/task/5?tab=consignment', [makeTask({ id: 5, user_id: 77, bid_count: 1, from_address: null, to_address: null })], 'customer');
    await screen.findByRole('tablist', { name: 'Opgavens faner' });
    expect(tabNames()).toEqual(['Detaljer', 'Bud 1']);
    expect(screen.getByRole('tab', { name: 'Detaljer' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Du har ikke adgang til denne handling')).toBeNull();
    // Nor is the customer promised the full address 'when the task is assigned': that is for the carrier it goes to.
    expect(screen.getByText('Kun postnummer og by vises.')).toBeTruthy();
  });

  it('keeps the tab in the query string; the chat tab opens the chat', async () => {
    server.use(
      http.get('/api/chat/threads', () => HttpResponse.json({ items: [], unread_total: 0 })),
      http.get('/api/bids', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 100 })),
    );
    renderTaskPage('/task/5?tab=chat', [makeTask({ id: 5, bid_count: 2, user_id: owner.id })]);
    expect(await screen.findByRole('tab', { name: 'Bud 2' })).toBeTruthy();
    const chatTab = screen.getByRole('tab', { name: 'Chat' });
    expect(chatTab.getAttribute('aria-selected')).toBe('true');
    expect(await within(screen.getByRole('tabpanel')).findByText('Ingen at skrive med endnu')).toBeTruthy();

    server.use(
      http.get('/api/tasks/5/freight-note', () => HttpResponse.json(makeFreightNote())),
      http.get('/api/tasks/5/proofs', () => HttpResponse.json({ items: [] })),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Fragtbrev' }));
    expect(location()).toBe('/task/5?tab=consignment');
    expect(await screen.findByRole('heading', { name: /Fragtbrev for opgave #5/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Detaljer' }));
    expect(location()).toBe('/task/5');
    expect(screen.getByRole('heading', { name: 'Rute' })).toBeTruthy();
  });

  it('shows the details: addresses with the route, description, facts and info', async () => {
    renderTaskPage(
      '/task/5',
      [
        makeTask({
          id: 5,
          description: 'Tre tunge kasser',
          details: { apartmentSize: 'medium', numberOfRooms: 3, hasElevatorFrom: true, floorTo: 0 },
          lowest_bid: 2500,
          bid_count: 3,
          contact_email: 'karen@example.dk',
        }),
      ],
    );
    // once in the route list, once in the map's caption
    expect(await screen.findAllByText('Vestergade 1, 8000 Aarhus C')).toHaveLength(2);
    expect(screen.getAllByText('Nørrebrogade 10, 2200 København N')).toHaveLength(2);
    expect(screen.getByRole('figure', { name: 'Rute fra Vestergade 1, 8000 Aarhus C til Nørrebrogade 10, 2200 København N' })).toBeTruthy();
    expect(screen.getByText('Tre tunge kasser')).toBeTruthy();
    expect(screen.getByText('Mellemstor lejlighed')).toBeTruthy();
    expect(screen.getByText('Stuen')).toBeTruthy();
    expect(screen.getByText('2.500,00 DKK')).toBeTruthy();
    expect(screen.getByText('Ikke tildelt endnu')).toBeTruthy();
    expect(screen.getByText('karen@example.dk')).toBeTruthy();
  });

  it('names the assigned carrier and their company instead of a number', async () => {
    renderTaskPage('/task/6', [
      makeTask({
        id: 6,
        status: 'assigned',
        assigned_carrier_id: 4,
        assigned_carrier: { id: 4, name: 'Lars Hansen', company: 'Hansen Fragt ApS' },
      }),
    ]);
    expect(await screen.findByText('Lars Hansen (Hansen Fragt ApS)')).toBeTruthy();
    expect(screen.queryByText('Vognmand #4')).toBeNull();
    // The owner's deletion card asks for their requests: let that load finish inside the test.
    expect(await screen.findByRole('button', { name: 'Anmod om sletning' })).toBeTruthy();
  });

  it("gives the owner the assigned carrier's phone and e-mail to call or write", async () => {
    renderTaskPage('/task/6', [
      makeTask({
        id: 6,
        status: 'assigned',
        assigned_carrier_id: 4,
        assigned_carrier: { id: 4, name: 'Lars Hansen', company: null, email: 'lars@example.dk', phone: '+45 20 30 40 50', address: 'Havnegade 1, 8000 Aarhus C' },
      }),
    ]);
    const phone = await screen.findByRole('link', { name: '+45 20 30 40 50' });
    expect(phone.getAttribute('href')).toBe('tel:+4520304050');
    expect(screen.getByText('Vognmandens telefon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'lars@example.dk' }).getAttribute('href')).toBe('mailto:lars@example.dk');
    expect(await screen.findByRole('button', { name: 'Anmod om sletning' })).toBeTruthy();
  });

  it("shows an admin the assigned carrier's list as 'A (8% gebyr)' beside their name", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/carrier-lists/assignments', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('userId') ?? '');
        return HttpResponse.json({
          items: [{ id: 1, userId: 4, listId: 1, list: { id: 1, name: 'A', feePercentage: 8, fixedFee: 0, minFee: 0 }, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' }],
        });
      }),
      http.get('/api/tasks/6/deletion-requests', () => HttpResponse.json({ items: [] })),
    );
    const assigned = makeTask({ id: 6, status: 'assigned', assigned_carrier_id: 4, assigned_carrier: { id: 4, name: 'Lars Hansen', company: 'Hansen Fragt ApS' } });
    renderTaskPage('/task/6', [assigned], 'admin');
    expect(await screen.findByText('A (8% gebyr)')).toBeTruthy();
    expect(screen.getByText('Vognmandsliste')).toBeTruthy();
    expect(screen.getByText('Lars Hansen (Hansen Fragt ApS)')).toBeTruthy();
    expect(asked).toEqual(['4']);
  });

  it("says 'Opgave ikke fundet' for a task that does not exist", async () => {
    renderTaskPage('/task/404', []);
    expect((await screen.findByRole('alert')).textContent).toContain('Opgave ikke fundet');
  });

  it("says 'Kunne ikke hente opgave' when loading fails, and tries again", async () => {
    let calls = 0;
    server.use(
      http.get('/api/tasks/:id', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'unavailable', message: 'Nede' }, { status: 503 })
          : HttpResponse.json({ task: makeTask({ id: 6 }) });
      }),
    );
    setSession(owner);
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/task/6']}>
        <Routes>
          <Route path="/task/:id" element={<TaskDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente opgave');
    server.use(http.get('/api/tasks/6/deletion-requests', () => HttpResponse.json({ items: [] })));
    await userEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { name: 'Flytning #6' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Anmod om sletning' })).toBeTruthy();
  });

  it("refuses a non-numeric id with 'Ugyldigt opgave-id' without asking the server", () => {
    const fake = renderTaskPage('/task/12abc', []);
    expect(screen.getByRole('alert').textContent).toContain('Ugyldigt opgave-id');
    expect(fake.requests).toEqual([]);
  });
});

describe('task page actions', () => {
  it('lets the owner change photos before a bid is accepted and saves them', async () => {
    const fake = renderTaskPage('/task/5', [makeTask({ id: 5, images: ['/api/files/a.jpg'] })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Skift billeder' }));
    const file = new File(['x'], 'sofa.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Tilføj billeder'), file);
    await screen.findByRole('img', { name: 'Billede 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem billeder' }));
    expect(await screen.findByText('Billeder gemt')).toBeTruthy();
    expect(fake.requests).toContain('PUT /tasks/5 {"images":["/api/files/a.jpg","/api/files/uploaded-1.jpg"]}');
    expect(screen.getAllByRole('button', { name: /^Vis billede/ })).toHaveLength(2);
  });

  it("says 'Kunne ikke gemme billeder. Prøv igen.' when saving fails", async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5 })]);
    server.use(http.put('/api/tasks/5', () => HttpResponse.json({ code: 'boom', message: 'Intern fejl' }, { status: 500 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Tilføj billeder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem billeder' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke gemme billeder. Prøv igen.');
  });

  it('tells the owner that photos cannot change once a bid is accepted', async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5, status: 'assigned', assigned_carrier_id: 3, images: ['/api/files/a.jpg'] })]);
    expect(await screen.findByText('Billederne kan ikke ændres, efter et bud er accepteret.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skift billeder' })).toBeNull();
    expect(screen.getByText('Opgaven kan ikke længere redigeres.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rediger' })).toBeNull();
  });

  it("mounts mfe_carrier's task actions in 'Handlinger' for a carrier, with the task's id and status", async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5, user_id: 2 })], 'carrier');
    const actions = await screen.findByRole('region', { name: 'Handlinger' });
    expect(await within(actions).findByText('Bud-noten fra mfe_carrier')).toBeTruthy();
    expect(taskActionsProps.at(-1)).toEqual({ task: { id: 5, status: 'open_for_bids' } });
    cleanup();
    runtime.loadRemote.mockClear();

    // Nobody else gets the carrier's part.
    renderTaskPage('/task/5', [makeTask({ id: 5 })]);
    await screen.findByRole('region', { name: 'Handlinger' });
    expect(runtime.loadRemote.mock.calls.map(([id]) => id as string)).not.toContain('mfe_carrier/TaskActions');
  });

  it('shows a carrier neither photo controls nor the lock text', async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5, user_id: 2, images: ['/api/files/a.jpg'] })], 'carrier');
    await screen.findByRole('heading', { name: 'Billeder' });
    expect(screen.queryByRole('button', { name: 'Skift billeder' })).toBeNull();
    expect(screen.queryByText('Billederne kan ikke ændres, efter et bud er accepteret.')).toBeNull();
  });

  it("sends the owner and an admin to the one task editor, mfe_customer's wizard", async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5 })]);
    const actions = await screen.findByRole('region', { name: 'Handlinger' });
    expect(within(actions).getByRole('link', { name: 'Rediger' }).getAttribute('href')).toBe('/create-task?edit=5');
    expect(within(actions).queryByRole('button')).toBeNull(); // no second editor beside it
    cleanup();

    // An admin edits in any status (API.md PUT /tasks/{id}); the wizard keeps the photos locked past acceptance.
    renderTaskPage('/task/5', [makeTask({ id: 5, status: 'assigned', assigned_carrier_id: 3 })], 'admin');
    const adminActions = await screen.findByRole('region', { name: 'Handlinger' });
    expect(within(adminActions).getByRole('link', { name: 'Ret oplysninger' }).getAttribute('href')).toBe('/create-task?edit=5');
    expect(within(adminActions).queryByRole('link', { name: 'Rediger' })).toBeNull();
  });

  it("tells the owner once a bid is accepted that the task can no longer be edited, and offers no editor", async () => {
    renderTaskPage('/task/5', [makeTask({ id: 5, status: 'assigned', assigned_carrier_id: 3 })]);
    const actions = await screen.findByRole('region', { name: 'Handlinger' });
    expect(actions.textContent).toContain('Opgaven kan ikke længere redigeres.');
    expect(within(actions).queryByRole('link', { name: 'Rediger' })).toBeNull();
  });
});
