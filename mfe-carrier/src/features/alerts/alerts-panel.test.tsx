import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, setSession, setupApiServer, renderWithProviders } from '@fragtbud/web/testing';
import type { Alert } from '@fragtbud/contracts';
import { AlertsPanel } from './alerts-panel';
import { SaveAlertButton } from './save-alert-button';

const server = setupApiServer();
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });

const stored: Alert = {
  id: 7,
  name: 'Aarhus-ture',
  fromRegions: ['midtjylland'],
  toRegions: [],
  types: ['moving'],
  pickupFrom: null,
  pickupTo: null,
  email: 'instant',
  paused: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function alertsApi(items: Alert[]) {
  const state = { items: [...items], posts: [] as Array<{ body: unknown; key: string | null }>, patches: [] as unknown[], deleted: [] as number[] };
  server.use(
    http.get('/api/alerts', () => HttpResponse.json({ items: state.items, max: 20 })),
    http.post('/api/alerts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.posts.push({ body, key: request.headers.get('idempotency-key') });
      const created = { ...stored, ...body, id: 8 } as Alert;
      state.items.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('/api/alerts/:id', async ({ request, params }) => {
      const patch = (await request.json()) as Partial<Alert>;
      state.patches.push(patch);
      state.items = state.items.map((item) => (item.id === Number(params.id) ? { ...item, ...patch } : item));
      return HttpResponse.json(state.items.find((item) => item.id === Number(params.id)));
    }),
    http.delete('/api/alerts/:id', ({ params }) => {
      state.deleted.push(Number(params.id));
      state.items = state.items.filter((item) => item.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

beforeEach(() => setSession(carrier));

describe('Jobalarmer', () => {
  it('when the carrier has an alert, then it is listed with its criteria; pausing, changing e-mail and deleting reach the server', async () => {
    const api = alertsApi([stored]);
    const user = userEvent.setup();
    renderWithProviders(<AlertsPanel />);
    expect(await screen.findByText('Aarhus-ture')).toBeTruthy();
    expect(screen.getByText('Fra: Midtjylland · Til: hele landet · Flytning')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sæt på pause' }));
    expect(await screen.findByText('På pause')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Genoptag' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('E-mail for Aarhus-ture'), 'daily');
    await waitFor(() => expect(api.patches).toEqual([{ paused: true }, { email: 'daily' }]));

    await user.click(screen.getByRole('button', { name: 'Slet' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(api.deleted).toEqual([7]));
    expect(await screen.findByText('Du har ingen jobalarmer endnu.')).toBeTruthy();
  });

  it("when 'Gem som jobalarm' is used on /tasks with a type filter, then the form starts with that type and saves one alert with an Idempotency-Key", async () => {
    const api = alertsApi([]);
    const user = userEvent.setup();
    renderWithProviders(<SaveAlertButton filters={{ type: 'furniture' }} />);
    await user.click(screen.getByRole('button', { name: 'Gem som jobalarm' }));
    expect((screen.getByLabelText('Møbeltransport') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /Navn/ }) as HTMLInputElement).value).toBe('Møbeltransport');
    await user.click(within(screen.getByRole('group', { name: /Afhentning i/ })).getByLabelText('Syddanmark'));
    await user.dblClick(screen.getByRole('button', { name: 'Gem jobalarm' }));
    await waitFor(() => expect(api.posts.length).toBeGreaterThan(0));
    expect(api.posts[0]?.body).toMatchObject({ name: 'Møbeltransport', types: ['furniture'], fromRegions: ['syddanmark'], toRegions: [], email: 'instant' });
    expect(new Set(api.posts.map((post) => post.key)).size).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the name is empty, then the Danish message shows and nothing is sent', async () => {
    const api = alertsApi([]);
    const user = userEvent.setup();
    renderWithProviders(<AlertsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Ny jobalarm' }));
    await user.click(screen.getByRole('button', { name: 'Gem jobalarm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Giv jobalarmen et navn (højst 80 tegn).');
    expect(api.posts).toEqual([]);
  });
});
