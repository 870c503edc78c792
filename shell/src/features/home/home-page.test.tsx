import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { renderApp } from '../../testing/render-app';
import { setupShellApiServer } from '../../testing/api-server';

const server = setupShellApiServer();

function typeCardLinks(): string[] {
  return within(screen.getByRole('list', { name: 'Vælg opgavetype' }))
    .getAllByRole('link')
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

describe('home page', () => {
  it('offers visitors the five task types as guest links', async () => {
    server.use(http.get('/api/ratings/public', () => HttpResponse.json({ items: [] })));
    setSession(null);
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/3 tilbud/);
    expect(typeCardLinks()).toEqual([
      'Flytning /create-task?type=moving&guest=1',
      'Kurertransport /create-task?type=courier&guest=1',
      'Palle og pakker /create-task?type=package&guest=1',
      'Møbeltransport /create-task?type=furniture&guest=1',
      'Fulloads /create-task?type=fullload&guest=1',
    ]);
    expect(await screen.findByText('Der er endnu ingen anmeldelser at vise.')).toBeTruthy();
  });

  it('links signed-in users straight to the form, and repeats the types under "Vores service"', () => {
    server.use(http.get('/api/ratings/public', () => HttpResponse.json({ items: [] })));
    setSession(makeUser());
    renderApp('/');
    expect(typeCardLinks()[0]).toBe('Flytning /create-task?type=moving');
    const services = screen.getByRole('heading', { name: 'Vores service' }).closest('section')!;
    expect(within(services).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Flytning',
      'Kurertransport',
      'Palle og pakker',
      'Møbeltransport',
      'Fulloads',
    ]);
  });

  it('shows a loading text, then the reviews with at least 6 characters of comment', async () => {
    let asked = '';
    server.use(
      http.get('/api/ratings/public', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({
          items: [
            { id: 1, rating: 5, comment: 'Hurtig og venlig flytning', customer_name: 'Mette', created_at: '2026-10-01T10:00:00Z' },
            { id: 2, rating: 4, comment: 'OK', customer_name: 'Kort' },
          ],
        });
      }),
    );
    setSession(null);
    renderApp('/');
    expect(screen.getByText('Henter anmeldelser…')).toBeTruthy();
    expect(await screen.findByText('“Hurtig og venlig flytning”')).toBeTruthy();
    expect(screen.queryByText('“OK”')).toBeNull();
    expect(asked).toBe('?limit=20');
  });

  it('treats a 404 from the reviews endpoint as no reviews', async () => {
    server.use(http.get('/api/ratings/public', () => HttpResponse.json({ code: 'not_found', message: 'Ikke fundet' }, { status: 404 })));
    setSession(null);
    renderApp('/');
    expect(await screen.findByText('Der er endnu ingen anmeldelser at vise.')).toBeTruthy();
  });

  it('shows "Fejl: …" when the reviews cannot load', async () => {
    server.use(
      http.get('/api/ratings/public', () =>
        HttpResponse.json({ code: 'unavailable', message: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.' }, { status: 503 }),
      ),
    );
    setSession(null);
    renderApp('/');
    expect((await screen.findByRole('alert')).textContent).toBe('Fejl: Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.');
  });
});
