import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import App from './App';

setupApiServer();

/** The shell mounts ./App inside its own router at /create-task and /tasks/create. */
function renderInShell(route: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/create-task" element={<App />} />
        <Route path="/tasks/create" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('customer remote ./App', () => {
  it('is the create-task wizard at /create-task, with the chosen type open for a guest', () => {
    setSession(null);
    renderInShell('/create-task?type=furniture&guest=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Opret en ny transportopgave' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Møbeltransport' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Dine kontaktoplysninger' }).textContent).toContain('Log ind for at bruge chat og betaling.');
  });

  it('is the same wizard at /tasks/create, without guest texts for a signed-in customer', () => {
    setSession(makeUser({ role: 'customer' }));
    renderInShell('/tasks/create?type=courier&guest=1');
    expect(screen.getByRole('heading', { level: 2, name: 'Kurertransport' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Dine kontaktoplysninger' })).toBeNull();
  });
});
