import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FlashMessage, loginPathFor, withFlash } from './navigation';

describe('FlashMessage', () => {
  it('when a page is reached with an error flash, then it is announced as an alert', () => {
    render(
      <MemoryRouter initialEntries={[{ pathname: '/task/7', state: withFlash('error', 'Opgaven kan ikke længere redigeres.') }]}>
        <FlashMessage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Opgaven kan ikke længere redigeres.');
  });

  it('when a page is reached without one, then nothing is shown', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/task/7']}>
        <FlashMessage />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('loginPathFor', () => {
  it('keeps slashes readable and encodes the query', () => {
    expect(loginPathFor('/create-task?type=moving')).toBe('/login?next=/create-task%3Ftype%3Dmoving');
  });
});
