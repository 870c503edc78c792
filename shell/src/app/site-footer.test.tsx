import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { taskTypes } from '@fragtbud/contracts';
import type { Role } from '@fragtbud/web';
import { makeUser, renderWithQueryClient as render, setSession } from '@fragtbud/web/testing';
import { legalRoutes } from '../features/legal/legal-routes';
import { setupShellApiServer } from '../testing/api-server';
import { SiteFooter } from '../layout/site-footer';

const site = { companyName: 'Fragtbud ApS', cvr: '12345678', address: 'Vestergade 1, 8000 Aarhus C', email: 'hej@fragtbud.dk', phone: null };
const server = setupShellApiServer(http.get('/api/site', () => HttpResponse.json(site)));

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

const serviceLinks = () =>
  within(screen.getByRole('navigation', { name: 'Tjenester' }))
    .getAllByRole('link')
    .map((link) => ({ href: link.getAttribute('href') ?? '', label: link.textContent ?? '' }));

const pageLinks = () =>
  [
    ...within(screen.getByRole('navigation', { name: 'Om Fragtbud' })).getAllByRole('link'),
    ...within(screen.getByRole('navigation', { name: 'Hjælp og vilkår' })).getAllByRole('link'),
  ].map((link) => ({ href: link.getAttribute('href') ?? '', label: link.textContent ?? '' }));

describe('site footer', () => {
  it('links a visitor\'s services to starting a task of a real type as a guest, the pages, social media and payment methods', () => {
    setSession(null);
    renderFooter();
    const services = serviceLinks();
    expect(services.map((link) => link.href)).toEqual([
      '/create-task?type=moving&guest=1',
      '/create-task?type=package&guest=1',
      '/create-task?type=furniture&guest=1',
      '/create-task?type=fullload&guest=1',
      '/create-task?type=courier&guest=1',
    ]);
    expect(services.find((link) => link.label === 'Levering')?.href).toBe('/create-task?type=package&guest=1');
    for (const link of services) {
      const type = new URL(link.href, 'http://x').searchParams.get('type');
      expect(taskTypes).toContain(type);
    }
    expect(pageLinks().map((link) => link.href)).toEqual(['/about', '/how-it-works', '/safety', '/contact', '/help', '/faq', '/terms', '/privacy', '/cookies']);
    expect(within(screen.getByRole('list', { name: 'Sociale medier' })).getAllByRole('link')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Betalingsmetoder' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MobilePay',
      'Visa',
      'Mastercard',
    ]);
  });

  it.each<[Role, string]>([
    ['customer', '/create-task?type='],
    ['carrier', '/tasks?type='],
    ['admin', '/tasks?type='],
  ])('leads a %s\'s services to %s…', (role, prefix) => {
    setSession(makeUser({ role }));
    renderFooter();
    expect(serviceLinks().map((link) => link.href)).toEqual(['moving', 'package', 'furniture', 'fullload', 'courier'].map((type) => `${prefix}${type}`));
  });

  it('shows the company name, CVR and address from the configuration', async () => {
    renderFooter();
    expect(await screen.findByText('Fragtbud ApS · CVR-nr. 12345678 · Vestergade 1, 8000 Aarhus C')).toBeTruthy();
  });

  it('leads every page link to a page with a heading, named in the browser tab too', async () => {
    renderFooter();
    const links = pageLinks();
    document.body.innerHTML = '';
    for (const { href } of links) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[href]}>
          <Routes>
            {legalRoutes}
            <Route path="*" element={<p>ingen side</p>} />
          </Routes>
        </MemoryRouter>,
      );
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent, href).not.toBe('');
      expect(document.title, href).toBe(`${heading.textContent} – Fragtbud`);
      expect(screen.queryByText('ingen side'), href).toBeNull();
      unmount();
    }
  });

  it('names the company, its CVR and how to get a copy or deletion on the privacy page, GPS and photos included', async () => {
    render(
      <MemoryRouter initialEntries={['/privacy']}>
        <Routes>{legalRoutes}</Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeTruthy();
    expect(await screen.findByText(/CVR-nr\. 12345678/)).toBeTruthy();
    expect(screen.getAllByText(/GPS-position/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Dine rettigheder: indsigt, kopi og sletning' })).toBeTruthy();
  });

  it('offers on /contact the ways to reach the company that are configured: the e-mail, and a phone only when there is one', async () => {
    const renderContact = () =>
      render(
        <MemoryRouter initialEntries={['/contact']}>
          <Routes>{legalRoutes}</Routes>
        </MemoryRouter>,
      );
    const { unmount } = renderContact();
    expect((await screen.findByRole('link', { name: 'hej@fragtbud.dk' })).getAttribute('href')).toBe('mailto:hej@fragtbud.dk');
    expect(screen.getByText(/så skriv til os\./)).toBeTruthy();
    expect(screen.queryByText(/ring/)).toBeNull();
    unmount();

    server.use(http.get('/api/site', () => HttpResponse.json({ ...site, phone: '70 10 20 30' })));
    renderContact();
    expect(await screen.findByText(/Telefon: 70 10 20 30/)).toBeTruthy();
    expect(screen.getByText(/så skriv eller ring til os\./)).toBeTruthy();
  });
});
