import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import App from './App';
import { renderWithQueryClient } from '@fragtbud/web/testing';

describe('carrier remote', () => {
  it('renders its entry frame', () => {
    renderWithQueryClient(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Kørsler og økonomi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se din økonomi' }).getAttribute('href')).toBe('/profile?tab=financial');
    expect(screen.getByRole('link', { name: 'Se opgaver, du kan byde på' }).getAttribute('href')).toBe('/tasks?available=true');
  });
});
