import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, setSession, setupApiServer, renderWithProviders } from '@fragtbud/web/testing';
import { VehiclesPanel } from './vehicles-panel';

const server = setupApiServer();
beforeEach(() => setSession(makeUser({ id: 3, role: 'carrier', is_approved: true })));

describe('Køretøjer', () => {
  it('when a carrier adds a van with lift and a region, then the profile is saved in numbers and the offered alert is created on request', async () => {
    const sent: unknown[] = [];
    const alerts: unknown[] = [];
    server.use(
      http.get('/api/carrier/profile', () => HttpResponse.json({ vehicles: [], coverageRegions: [], suggestedAlert: null })),
      http.put('/api/carrier/profile', async ({ request }) => {
        const body = (await request.json()) as { vehicles: unknown[]; coverageRegions: string[] };
        sent.push(body);
        return HttpResponse.json({ ...body, suggestedAlert: { name: 'Nye opgaver i Syddanmark', fromRegions: ['syddanmark'] } });
      }),
      http.post('/api/alerts', async ({ request }) => {
        alerts.push(await request.json());
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<VehiclesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Tilføj køretøj' }));
    await user.type(screen.getByLabelText(/Kapacitet/), '12,5');
    await user.type(screen.getByLabelText(/Maks. last/), '1200');
    await user.click(screen.getByLabelText('Lift'));
    await user.click(screen.getByLabelText('Syddanmark'));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(sent).toEqual([{ vehicles: [{ type: 'van', capacityM3: 12.5, maxKg: 1200, tailLift: true }], coverageRegions: ['syddanmark'] }]));
    await user.click(await screen.findByRole('button', { name: 'Opret jobalarm' }));
    await waitFor(() => expect(alerts).toEqual([expect.objectContaining({ name: 'Nye opgaver i Syddanmark', fromRegions: ['syddanmark'], email: 'instant' })]));
  });

  it('when the capacity is missing, then the Danish message shows and nothing is sent', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/carrier/profile', () => HttpResponse.json({ vehicles: [], coverageRegions: [], suggestedAlert: null })),
      http.put('/api/carrier/profile', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<VehiclesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Tilføj køretøj' }));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ugyldigt køretøj');
    expect(sent).toEqual([]);
  });
});
