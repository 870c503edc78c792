import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BillingChange } from '@fragtbud/contracts';
import { makeUser, setSession, setupApiServer } from '@fragtbud/web/testing';
import { admin } from '../../testing/admin-api';
import { renderAdmin } from '../../testing/render-admin';

const server = setupApiServer();
let changes: BillingChange[];
const decisions: string[] = [];

const change: BillingChange = {
  id: 9,
  user_id: 3,
  user: { id: 3, name: 'Viggo Vognmand', email: 'viggo@example.dk', company: 'Viggos Transport ApS' },
  data: { company: 'Viggo Fragt ApS', cvrNumber: '12345674', address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', country: 'Danmark' },
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
};

beforeEach(() => {
  changes = [change];
  decisions.length = 0;
  server.use(
    http.get('/api/admin/:what/:count', () => HttpResponse.json({ count: 0 })),
    http.get('/api/admin/deletion-requests', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('/api/users/3', () =>
      HttpResponse.json({ user: makeUser({ id: 3, role: 'carrier', name: 'Viggo Vognmand', company: 'Viggos Transport ApS', cvrNumber: '12345674', address: 'Kajen 2', postalCode: '8000', city: 'Aarhus C', country: 'Danmark' }) }),
    ),
    http.get('/api/admin/billing-changes', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({ items: changes.filter((item) => !status || item.status === status) });
    }),
    http.put('/api/admin/billing-changes/:id/:decision', ({ params }) => {
      decisions.push(`${params.id}:${params.decision}`);
      const decided = { ...change, status: params.decision === 'approve' ? 'approved' : 'rejected', decided_at: new Date().toISOString() } as BillingChange;
      changes = [decided];
      return HttpResponse.json(decided);
    }),
  );
  setSession(admin);
});

describe('Fakturaændringer tab', () => {
  it('shows beside each requested value that differs what the carrier has now', async () => {
    renderAdmin('/AdminDashboard?tab=billingChanges');
    const card = (await screen.findByText('Viggo Fragt ApS')).closest('li')!;
    const value = (label: string) => within(card).getByText(label).nextElementSibling!.textContent;
    await waitFor(() => expect(value('Firma')).toBe('Viggo Fragt ApSNu: Viggos Transport ApS'));
    expect(value('Adresse')).toBe('Havnegade 1Nu: Kajen 2');
    expect(value('CVR')).toBe('12345674');
    expect(value('By')).toBe('Aarhus C');
  });

  it("when a pending change is approved, then it leaves the pending list, the decision is sent and 'Ændringen er godkendt.' shows", async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=billingChanges');
    expect(await screen.findByText('Viggo Fragt ApS')).toBeTruthy();
    expect(screen.getByText(/Viggo Vognmand/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Godkend' }));
    await waitFor(() => expect(screen.getByText('Ingen ændringer.')).toBeTruthy());
    expect(screen.getByText('Ændringen er godkendt.').getAttribute('role')).toBe('status');
    expect(decisions).toEqual(['9:approve']);
    await user.selectOptions(screen.getByLabelText(/^Status/), 'approved');
    expect(await screen.findByText('Viggo Fragt ApS')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Godkend' })).toBeNull();
  });

  it('when a change is rejected, then the reject decision is sent and the admin told so', async () => {
    const user = userEvent.setup();
    renderAdmin('/AdminDashboard?tab=billingChanges');
    await user.click(await screen.findByRole('button', { name: 'Afvis' }));
    await waitFor(() => expect(decisions).toEqual(['9:reject']));
    await waitFor(() => expect(screen.getByText('Ændringen er afvist.').getAttribute('role')).toBe('status'));
  });
});
