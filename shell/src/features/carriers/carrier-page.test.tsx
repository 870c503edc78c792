import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CarrierProfile } from '@fragtbud/contracts';
import { renderWithProviders, setupApiServer } from '@fragtbud/web/testing';
import { CarrierPage } from './carrier-page';

const server = setupApiServer();

const hansen: CarrierProfile = {
  id: 7,
  name: 'Jens Hansen',
  company: 'Hansen Fragt ApS',
  cvr_number: '12345674',
  member_since: '2024-03-01T10:00:00.000Z',
  rating: { avg: 4.5, count: 2 },
  completed_tasks: 3,
  badges: { insured: true, cvr_verified: true },
  reviews: [
    { id: 1, rating: 5, comment: 'Hurtig og venlig', customer_name: 'Karen', task_type: 'furniture', date: '2026-10-02T09:00:00.000Z' },
    { id: 2, rating: 4, comment: null, customer_name: null, task_type: 'moving', date: '2026-09-01T09:00:00.000Z' },
  ],
};

function renderCarrierPage(id: string) {
  renderWithProviders(
    <Routes>
      <Route path="/carrier/:id" element={<CarrierPage />} />
    </Routes>,
    { route: `/carrier/${id}` },
  );
}

describe('carrier page', () => {
  it('shows company, CVR, member since, rating, completed tasks, badges and the latest reviews', async () => {
    server.use(http.get('/api/carriers/7', () => HttpResponse.json(hansen)));
    renderCarrierPage('7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hansen Fragt ApS' })).toBeTruthy();
    expect(screen.getByText('Jens Hansen')).toBeTruthy();
    expect(screen.getByText('12345674')).toBeTruthy();
    expect(screen.getByText('marts 2024')).toBeTruthy();
    expect(screen.getByText('3 udførte opgaver')).toBeTruthy();
    expect(screen.getByText('4,5 (2 anmeldelser)')).toBeTruthy();
    expect(screen.getByText('Forsikret')).toBeTruthy();
    expect(screen.getByText('CVR verificeret')).toBeTruthy();
    expect(screen.getByText('Hurtig og venlig')).toBeTruthy();
    expect(screen.getByText(/Karen · Møbeltransport/)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('sits in the page frame every page uses (side margins on a phone, space under the header), also when not found', async () => {
    server.use(http.get('/api/carriers/7', () => HttpResponse.json(hansen)));
    renderCarrierPage('7');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Hansen Fragt ApS' });
    expect(heading.closest('.fb-container.page')).not.toBeNull();
    cleanup();
    renderCarrierPage('abc');
    expect(screen.getByText('Vognmanden blev ikke fundet').closest('.fb-container.page')).not.toBeNull();
  });

  it('when the carrier has no badges and no reviews, then it says so and shows no badge', async () => {
    server.use(
      http.get('/api/carriers/8', () =>
        HttpResponse.json({ ...hansen, id: 8, company: null, cvr_number: null, rating: { avg: 0, count: 0 }, badges: { insured: false, cvr_verified: false }, reviews: [] }),
      ),
    );
    renderCarrierPage('8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jens Hansen' })).toBeTruthy();
    expect(screen.getByText('Vognmanden har ingen anmeldelser endnu.')).toBeTruthy();
    expect(screen.getByText('Ingen gyldig forsikring registreret')).toBeTruthy();
    expect(screen.queryByText('Forsikret')).toBeNull();
    expect(screen.queryByText('CVR verificeret')).toBeNull();
  });

  it('when the carrier is unknown or the link is malformed, then a Danish not-found message', async () => {
    server.use(http.get('/api/carriers/99', () => HttpResponse.json({ code: 'carrier_not_found', message: 'Vognmanden blev ikke fundet' }, { status: 404 })));
    renderCarrierPage('99');
    expect(await screen.findByText('Vognmanden blev ikke fundet')).toBeTruthy();
  });

  it('when the link is not a number, then nothing is asked and the not-found message shows', async () => {
    renderCarrierPage('abc');
    // The message is the page's heading, so a screen-reader user landing here hears what happened.
    expect(await screen.findByRole('heading', { level: 1, name: 'Vognmanden blev ikke fundet' })).toBeTruthy();
  });
});
