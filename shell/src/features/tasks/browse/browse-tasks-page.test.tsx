import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, setSession } from '@fragtbud/web/testing';
import { renderApp } from '../../../testing/render-app';
import { fakeTasksApi, makeTask, publicView } from '../../../testing/tasks';
import { setupShellApiServer } from '../../../testing/api-server';
import { resultLine } from './browse-tasks-page';

const server = setupShellApiServer();
const location = () => screen.getByTestId('location').textContent;

function useTasks(...tasks: Parameters<typeof fakeTasksApi>[0]) {
  const fake = fakeTasksApi(tasks);
  server.use(...fake.handlers);
  return fake;
}

describe('task browser', () => {
  it('shows a card per task with the public fields: type, Danish status, postal code and city, price or a dash', async () => {
    useTasks(
      publicView(makeTask({ id: 7, type: 'furniture', status: 'open_for_bids', lowest_bid: 1234.5, description: 'Sofa og reol' })),
      publicView(makeTask({ id: 8, type: 'courier', status: 'assigned', description: '  ', created_at: '2026-03-05T10:00:00Z' })),
    );
    setSession(null);
    renderApp('/BrowseTasks');

    const cards = await screen.findAllByRole('article');
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Møbeltransport #7' }).getAttribute('href')).toBe('/task/7');
    expect(first.getByText('Åben for bud')).toBeTruthy();
    expect(first.getByText('8000 Aarhus C')).toBeTruthy();
    expect(first.getByText('2200 København N')).toBeTruthy();
    expect(first.queryByText(/Vestergade/)).toBeNull();
    expect(first.getByText('Sofa og reol')).toBeTruthy();
    expect(first.getByText('1.234,50 DKK')).toBeTruthy();
    expect(first.getByText('20.11.2026')).toBeTruthy();

    const second = within(cards[1]!);
    expect(second.getByText('Tildelt')).toBeTruthy();
    expect(second.getByText('Ingen beskrivelse')).toBeTruthy();
    expect(second.getByText('–')).toBeTruthy();
    expect(second.getByText('5.3.2026')).toBeTruthy();
    expect(screen.getByText('Viser 2 af 2 opgaver')).toBeTruthy();
  });

  it('shows and hides the route of a card', async () => {
    useTasks(publicView(makeTask({ id: 3 })));
    setSession(null);
    renderApp('/BrowseTasks');
    const toggle = await screen.findByRole('button', { name: 'Vis rute' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('figure', { name: 'Rute fra 8000 Aarhus C til 2200 København N' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Skjul rute' }));
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it("makes the phone's 'Flere filtre' toggle a 40 px touch target", () => {
    // jsdom applies no media queries: the phone rule is read from the page's style sheet.
    const css = readFileSync(resolve(import.meta.dirname, 'browse-tasks.css'), 'utf8');
    const phone = css.slice(css.indexOf('@media (max-width: 480px)'));
    expect(phone.match(/\.task-search__more \{[^}]*\}/)?.[0]).toMatch(/min-height: 40px;/);
  });

  it('sends a visitor who opens a card to log in first', async () => {
    useTasks(publicView(makeTask({ id: 12 })));
    setSession(null);
    renderApp('/BrowseTasks');
    await userEvent.click(await screen.findByRole('link', { name: 'Flytning #12' }));
    await waitFor(() => expect(location()).toBe('/login?next=/task/12'));
  });

  it('puts the search in the query string and asks the server for that page only', async () => {
    const fake = useTasks(makeTask({ id: 1, description: 'Klaver' }));
    setSession(makeUser({ role: 'customer' }));
    renderApp('/BrowseTasks');
    await screen.findByText('Viser 1 af 1 opgave');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'klaver');
    await userEvent.type(screen.getByLabelText('Pris fra (DKK)'), '100');
    await userEvent.type(screen.getByLabelText('Oprettet fra'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Søg' }));
    await waitFor(() => expect(location()).toBe('/BrowseTasks?q=klaver&dateFrom=2026-11-01&minPrice=100'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Opgavetype' }), 'Møbeltransport');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fleksibel afhentning' }));
    await waitFor(() =>
      expect(location()).toBe('/BrowseTasks?q=klaver&type=furniture&flexible=true&dateFrom=2026-11-01&minPrice=100'),
    );
    await waitFor(() =>
      expect(fake.requests.at(-1)).toBe('GET /tasks?q=klaver&type=furniture&flexible=true&dateFrom=2026-11-01&minPrice=100&page=1&limit=20'),
    );
    expect(fake.requests[0]).toBe('GET /tasks?page=1&limit=20');

    await userEvent.click(screen.getByRole('button', { name: 'Nulstil' }));
    await waitFor(() => expect(location()).toBe('/BrowseTasks'));
    expect((screen.getByRole('searchbox', { name: 'Søg' }) as HTMLInputElement).value).toBe('');
  });

  it('reads the filters back from the URL, so a reload shows the same list', async () => {
    const fake = useTasks();
    setSession(null);
    renderApp('/BrowseTasks?status=completed&type=moving&page=3&q=kasser');
    await screen.findByText('Ingen opgaver fundet');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('completed');
    expect((screen.getByRole('combobox', { name: 'Opgavetype' }) as HTMLSelectElement).value).toBe('moving');
    expect((screen.getByRole('searchbox', { name: 'Søg' }) as HTMLInputElement).value).toBe('kasser');
    expect(fake.requests).toEqual(['GET /tasks?q=kasser&type=moving&status=completed&page=3&limit=20']);
  });

  it('refuses a price range that runs backwards', async () => {
    const fake = useTasks();
    setSession(makeUser({ role: 'customer' }));
    renderApp('/BrowseTasks');
    await screen.findByText('Ingen opgaver fundet');
    await userEvent.type(screen.getByLabelText('Pris fra (DKK)'), '500');
    await userEvent.type(screen.getByLabelText('Pris til (DKK)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Søg' }));
    expect(screen.getByText('Maksprisen skal være mindst lige så høj som minimumsprisen.')).toBeTruthy();
    expect(location()).toBe('/BrowseTasks');
    expect(fake.requests).toHaveLength(1);
  });

  it("says 'Ingen opgaver fundet' and 'Vis alle' clears the filters", async () => {
    useTasks(makeTask({ id: 1, type: 'moving' }));
    setSession(null);
    renderApp('/BrowseTasks?type=fullload');
    await screen.findByText('Ingen opgaver fundet');
    await userEvent.click(screen.getByRole('button', { name: 'Vis alle' }));
    await waitFor(() => expect(location()).toBe('/BrowseTasks'));
    expect(await screen.findByRole('link', { name: 'Flytning #1' })).toBeTruthy();
  });

  it("shows 'Fejl ved indlæsning af opgaver' and loads again on retry", async () => {
    let calls = 0;
    server.use(
      http.get('/api/tasks', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ code: 'unavailable', message: 'Tjenesten er nede' }, { status: 503 });
        return HttpResponse.json({ items: [makeTask({ id: 4 })], total: 1, page: 1, limit: 20 });
      }),
    );
    setSession(null);
    renderApp('/BrowseTasks');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fejl ved indlæsning af opgaver');
    await userEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('link', { name: 'Flytning #4' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages 20 at a time with links that keep the filters', async () => {
    const fake = useTasks(...Array.from({ length: 45 }, (_, i) => makeTask({ id: 100 + i, type: 'package' })));
    setSession(null);
    renderApp('/BrowseTasks?type=package');
    expect(await screen.findByText('Viser 1–20 af 45 opgaver')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const paging = screen.getByRole('navigation', { name: 'Sider' });
    expect(within(paging).getByRole('link', { name: 'Side 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(paging).getByRole('link', { name: /Næste/ }));
    await waitFor(() => expect(location()).toBe('/BrowseTasks?type=package&page=2'));
    expect(await screen.findByText('Viser 21–40 af 45 opgaver')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Sider' })).getByRole('link', { name: 'Side 3' }));
    expect(await screen.findByText('Viser 41–45 af 45 opgaver')).toBeTruthy();
    expect(fake.requests.at(-1)).toBe('GET /tasks?type=package&page=3&limit=20');
  });

  it('sends a page past the end to the last page, never showing "Viser 21–20"', async () => {
    useTasks(...Array.from({ length: 4 }, (_, i) => makeTask({ id: 500 + i })));
    setSession(null);
    renderApp('/BrowseTasks?page=2');
    await waitFor(() => expect(location()).toBe('/BrowseTasks'));
    expect(await screen.findByText('Viser 4 af 4 opgaver')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText(/21–20/)).toBeNull();
  });

  it('counts an empty page as "Viser 0 af N"', () => {
    expect(resultLine(2, 0, 4)).toBe('Viser 0 af 4 opgaver');
    expect(resultLine(2, 5, 25)).toBe('Viser 21–25 af 25 opgaver');
  });

  it("shows 'Viser 20 af 1 000+' when the server's total is an estimate, and offers the next page", async () => {
    server.use(
      http.get('/api/tasks', () =>
        HttpResponse.json({
          items: Array.from({ length: 20 }, (_, i) => makeTask({ id: 300 + i })),
          total: 1000,
          totalIsEstimate: true,
          nextCursor: '1767225600000000_300',
          page: 50,
          limit: 20,
        }),
      ),
    );
    setSession(null);
    renderApp('/BrowseTasks?page=50');
    expect(await screen.findByText('Viser 20 af 1 000+ opgaver')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Sider' })).getByRole('link', { name: 'Side 51' })).toBeTruthy();
  });

  it('shows visitors and customers the lowest bid, and carriers on /tasks a dash in its place, never a customer total', async () => {
    useTasks(publicView(makeTask({ id: 7, type: 'furniture', status: 'open_for_bids', lowest_bid: 1234.5 })));
    for (const session of [null, makeUser({ role: 'customer' })]) {
      setSession(session);
      const { unmount } = renderApp('/BrowseTasks');
      const shown = within((await screen.findAllByRole('article'))[0]!);
      expect(shown.getByText('Laveste bud').nextElementSibling?.textContent).toBe('1.234,50 DKK');
      unmount();
    }

    setSession(makeUser({ role: 'carrier' }));
    renderApp('/tasks');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('link', { name: 'Møbeltransport #7' })).toBeTruthy();
    expect(card.getByText('Laveste bud').nextElementSibling?.textContent).toBe('–');
    expect(card.queryByText('1.234,50 DKK')).toBeNull();
  });

  it('offers the price filter (against the lowest bid) to visitors and customers, not to carriers, who are not shown that price', async () => {
    const fake = useTasks(makeTask({ id: 1 }));
    setSession(null);
    const { unmount } = renderApp('/BrowseTasks?minPrice=100');
    await screen.findByText('Viser 1 af 1 opgave');
    expect(screen.getByLabelText('Pris fra (DKK)')).toBeTruthy();
    expect(fake.requests).toEqual(['GET /tasks?minPrice=100&page=1&limit=20']);
    unmount();

    setSession(makeUser({ role: 'carrier' }));
    renderApp('/tasks');
    await screen.findByRole('link', { name: 'Flytning #1' });
    expect(screen.queryByLabelText('Pris til (DKK)')).toBeNull();
  });

  it("offers carriers on /tasks 'Kan bydes på' and the 'Aktive' status", async () => {
    const fake = useTasks(makeTask({ id: 5 }));
    setSession(makeUser({ role: 'carrier' }));
    renderApp('/tasks?status=active');
    await screen.findByRole('link', { name: 'Flytning #5' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('active');
    expect(screen.queryByRole('link', { name: 'Opret Opgave' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kan bydes på' }));
    await waitFor(() => expect(location()).toBe('/tasks?status=active&available=true'));
    await waitFor(() => expect(fake.requests.at(-1)).toBe('GET /tasks?status=active&available=true&page=1&limit=20'));
  });

  it('keeps the heading outline without gaps: the page h1, the results h2, each card h3', async () => {
    useTasks(publicView(makeTask({ id: 3 })));
    renderApp('/BrowseTasks');
    await screen.findByRole('heading', { level: 3 });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    }, 0);
    expect(screen.getByRole('heading', { level: 2, name: 'Resultater' })).toBeTruthy();
  });
});
