import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import App from './App';

describe('carrier remote', () => {
  it('renders its entry frame', () => {
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Kørsler og økonomi kommer snart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se opgaver, du kan byde på' }).getAttribute('href')).toBe('/tasks?available=true');
  });
});
