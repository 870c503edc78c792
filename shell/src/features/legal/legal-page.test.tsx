import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithQueryClient as render } from '@fragtbud/web/testing';
import { FaqPage } from './pages';

describe('information pages', () => {
  it('sit in the page frame every page uses (space under the header, side margins on a phone), with no second main', () => {
    render(
      <MemoryRouter>
        <main>
          <FaqPage />
        </main>
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Ofte stillede spørgsmål' });
    expect(heading.closest('.fb-container.page')).not.toBeNull();
    expect(screen.getAllByRole('main')).toHaveLength(1); // the layout's; the page adds none
    expect(screen.getByRole('heading', { level: 2, name: 'Hvornår betaler jeg?' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Hjælp og information' })).toBeTruthy();
  });
});
