import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeUser, setSession } from '@fragtbud/web/testing';
import App from './App';

function renderAt(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <App />
    </MemoryRouter>,
  );
}

describe('customer remote', () => {
  it('shows the create-task frame with the chosen type and guest note for a visitor', () => {
    setSession(null);
    renderAt('/create-task?type=furniture&guest=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Opret en ny transportopgave' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Opgaveoprettelse kommer snart' })).toBeTruthy();
    expect(screen.getByText('Møbeltransport')).toBeTruthy();
    expect(screen.getByText(/Log ind for at bruge chat og betaling/)).toBeTruthy();
  });

  it('ignores an unknown type and shows no guest note to a signed-in customer', () => {
    setSession(makeUser({ role: 'customer' }));
    renderAt('/create-task?type=rocket&guest=1');
    expect(screen.queryByText(/Valgt opgavetype/)).toBeNull();
    expect(screen.queryByText(/Log ind for at bruge chat og betaling/)).toBeNull();
  });
});
