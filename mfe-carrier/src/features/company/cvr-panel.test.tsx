import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders, setSession, setupApiServer } from '@fragtbud/web/testing';
import { CvrPanel } from './cvr-panel';

const emptyBilling = { company: null, cvrNumber: null, address: null, postalCode: null, city: null, country: null };
let currentBilling: Record<string, string | null> = emptyBilling;
let ownChange: { status: string; data: Record<string, string | null> } | null = null;

setupApiServer(
  http.get('/api/users/billing', () => HttpResponse.json({ billing: currentBilling })),
  http.get('/api/users/billing-changes/me', () => HttpResponse.json({ change: ownChange })),
  http.get('/api/cvr/:cvr', ({ params }) =>
    params.cvr === '12345674'
      ? HttpResponse.json({ cvrNumber: '12345674', name: 'Fragt Test ApS', address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', status: 'Aktiv' })
      : HttpResponse.json({ code: 'cvr_not_found', message: 'Kunne ikke finde CVR-nummer' }, { status: 404 }),
  ),
);

beforeEach(() => {
  currentBilling = emptyBilling;
  ownChange = null;
  setSession(makeUser({ id: 3, role: 'carrier' }));
});

describe('CVR', () => {
  it('when a carrier opens the CVR tab, then the company as registered shows; without a number, where to give one', async () => {
    currentBilling = { ...emptyBilling, cvrNumber: '12345674' };
    const shown = renderWithProviders(<CvrPanel />);
    expect(await screen.findByText('Fragt Test ApS')).toBeTruthy();
    expect(screen.getByText('Havnegade 1, 8000 Aarhus C')).toBeTruthy();
    expect(screen.getByText('Aktiv')).toBeTruthy();
    shown.unmount();

    currentBilling = emptyBilling;
    const none = renderWithProviders(<CvrPanel />);
    expect(await screen.findByText('Du har ikke angivet et CVR-nummer endnu.')).toBeTruthy();
    none.unmount();

    // Sent under Fakturering and not approved yet: that is what the tab says.
    ownChange = { status: 'pending', data: { ...emptyBilling, cvrNumber: '12345674' } };
    renderWithProviders(<CvrPanel />);
    expect(await screen.findByText('CVR-nummer 12345674 afventer godkendelse af en administrator.')).toBeTruthy();
    expect(screen.queryByText('Du har ikke angivet et CVR-nummer endnu.')).toBeNull();
  });

  it('when the register does not know the number, then it says so', async () => {
    currentBilling = { ...emptyBilling, cvrNumber: '87654321' };
    renderWithProviders(<CvrPanel />);
    expect(await screen.findByText('Kunne ikke finde CVR-nummer')).toBeTruthy();
  });
});
